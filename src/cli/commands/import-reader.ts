/**
 * `airgap-agent import-reader FILE MAPPING-JSON` (hidden): the reader process of a large import,
 * started by the importer (src/import/source-process.ts) with an IPC channel. Not for people.
 */
import { runSourceReader } from '../../import/source-process.js';
import { showHelp, type CommandContext } from '../context.js';

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, 'airgap-agent import-reader FILE MAPPING-JSON  (internal: started by airgap-agent import)');
  return runSourceReader(context.args);
}
