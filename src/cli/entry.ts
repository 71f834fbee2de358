/**
 * Process entry: runs `main` with the process arguments and sets the exit
 * code. Kept apart from main.ts so tests can import `main` without running it.
 */
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
