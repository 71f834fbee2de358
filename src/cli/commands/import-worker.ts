/**
 * `airgap-agent import-worker JOB-JSON` (hidden): one inbox import in its own process, started by the
 * service's inbox watcher (src/import/import-process.ts) with an IPC channel. Not for people.
 */
import { runImportWorker } from '../../import/import-process.js';
import { showHelp, type CommandContext } from '../context.js';
import type { CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent import-worker JOB-JSON',
  about: ['Internal: started by the service for the inbox, never by hand.'],
  options: {},
  examples: ['cp export.csv /var/lib/airgap-agent/inbox/   (the service then starts it)'],
};

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, HELP);
  return runImportWorker(context.args);
}
