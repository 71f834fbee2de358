/** Placeholder until the query worker is built. */
import { AppError } from '../../src/errors.js';
import type { Config } from '../../src/config/schema.js';

export async function runWorker(_options: { config: Config; args: string[] }): Promise<void> {
  throw new AppError('MCP_START_FAILED', 'the query worker is not built yet');
}
