/**
 * Process entry: runs `main` with the process arguments and sets the exit
 * code. Kept apart from main.ts so tests can import `main` without running it.
 */
import { exitsWhenDone, main } from './main.js';
import { forkedVendorScript, importFile } from '../runtime/self.js';
import { restrictUmask } from '../store/files.js';

// state, logs, backups and secrets: 0600 files in 0700 folders, whatever umask the caller had
restrictUmask();

function fatal(error: unknown): void {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}

// Inside the SEA, node-llama-cpp's binary self-test forks this executable
// with its test script as the first argument: run that script, not the CLI.
const vendorScript = forkedVendorScript();
if (vendorScript !== undefined) {
  importFile(vendorScript).catch(fatal);
} else {
  const argv = process.argv.slice(2);
  main(argv).then((code) => {
    process.exitCode = code;
    // stdout/stderr are synchronous on Linux (files, pipes, terminals): nothing written is lost
    if (exitsWhenDone(argv)) process.exit(code);
  }, fatal);
}
