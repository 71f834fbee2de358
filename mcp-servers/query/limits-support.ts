/**
 * The set-up shared by the query-limits tests (limits.test.ts) and
 * `npm run bench:query-limits` (bench/query-limits.ts): a seeded plant with
 * the query limits under test, the real query server behind the SDK client,
 * the RSS of its processes, and calls a caller gives up on.
 */
import { readFileSync } from 'node:fs';
import { makeFixture, startQueryServer, type RunningServer } from './test-support.js';

export type LimitsFixtureOptions = Parameters<typeof makeFixture>[0];

/** A fresh plant with these limits and the query server on it; both gone when `run` ends, however it ends. */
export async function withQueryServer<T>(
  options: LimitsFixtureOptions,
  run: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const fixture = makeFixture(options);
  try {
    const server = await startQueryServer(fixture.configFile);
    try {
      return await run(server);
    } finally {
      await server.close();
    }
  } finally {
    fixture.cleanup();
  }
}

/** Resident memory of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The peak of `measure()` sampled every `everyMs` until `stop()`, which
 * samples once more and returns the peak (e.g. the largest worker's RSS, or
 * the server and its workers together).
 */
export function peakSampler(measure: () => number, everyMs = 5): { stop(): number } {
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, measure());
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** A call the caller can cancel: the SDK sends notifications/cancelled when the signal aborts; `done` never rejects. */
export function cancellable(
  server: RunningServer,
  sql: string,
  purpose = 'a slow query the caller gives up on',
): { controller: AbortController; done: Promise<unknown> } {
  const controller = new AbortController();
  const done = server.client
    .callTool({ name: 'query_database', arguments: { sql, purpose } }, undefined, {
      signal: controller.signal,
      timeout: 60000,
    })
    .catch((error: unknown) => error);
  return { controller, done };
}
