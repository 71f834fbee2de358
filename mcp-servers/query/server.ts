/** Placeholder until the query MCP server is built: says so instead of pretending. */
import { AppError } from '../../src/errors.js';
import type { Config } from '../../src/config/schema.js';

export async function runServer(_options: { config: Config; args: string[] }): Promise<void> {
  throw new AppError('MCP_START_FAILED', 'the "query" MCP server is not built yet');
}
