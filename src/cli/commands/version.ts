/**
 * `airgap-agent version [--json]`: the release, and with --json the Node.js
 * and SQLite it runs on, for a bug report or an inventory script.
 */
import { VERSION } from '../../version.js';
import type { CommandHelp } from '../help.js';
import { parseCommandArgs, type CommandContext } from '../context.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent version [--json]',
  options: {
    json: { text: 'one JSON object: {"name", "version", "node"}', default: 'off: one line, "airgap-agent VERSION"' },
  },
  examples: ['airgap-agent version', 'airgap-agent version --json'],
};

export async function run(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    { json: { type: 'boolean', default: false } },
    { usage: HELP, allowPositionals: false },
  );
  process.stdout.write(
    values.json
      ? `${JSON.stringify({ name: 'airgap-agent', version: VERSION, node: process.versions.node })}\n`
      : `airgap-agent ${VERSION}\n`,
  );
  return 0;
}
