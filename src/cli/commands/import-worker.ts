/**
 * `airgap-agent import-worker JOB-JSON` (hidden): one inbox import in its own process, started by the
 * service's inbox watcher (src/import/import-process.ts) with an IPC channel. Not for people.
 */
import { runImportWorker } from '../../import/import-process.js';
import { showHelp, type CommandContext } from '../context.js';

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, 'airgap-agent import-worker JOB-JSON  (internal: started by the service for the inbox)');
  return runImportWorker(context.args);
}
