/**
 * `agent-test --url URL`: replay cases against a running service over its
 * HTTP API instead of in process.
 */
import type { Writable } from 'node:stream';
import { AppError } from '../errors.js';
import type { RunSummary } from './report.js';

export interface RemoteRunOptions {
  paths: string[];
  url: string;
  filter?: RegExp | undefined;
  tags?: string[] | undefined;
  jobs: number;
  failFast: boolean;
  junit?: string | undefined;
  json?: string | undefined;
  caseTimeoutMs: number;
  out: Writable;
  err: Writable;
}

export async function runRemoteSuite(_options: RemoteRunOptions): Promise<RunSummary> {
  throw new AppError('USAGE', 'agent-test --url is not available in this build yet', { hint: 'run the cases in process: agent-test testcases/' });
}
