/**
 * `airgap-agent import-reader FILE MAPPING-JSON` (hidden): the reader process of a large import,
 * started by the importer (src/import/source-process.ts) with an IPC channel. Not for people.
 */
import { runSourceReader } from '../../import/source-process.js';
import { showHelp, type CommandContext } from '../context.js';
import type { CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent import-reader FILE MAPPING-JSON',
  about: ['Internal: started by airgap-agent import, never by hand.'],
  options: {},
  examples: ['airgap-agent import TABLE FILE   (the command that starts it)'],
};

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, HELP);
  return runSourceReader(context.args);
}
