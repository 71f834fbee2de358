/**
 * `agent-test --url URL`: replay cases against a running service over its
 * HTTP API (POST /api/tasks, answer streamed as SSE) instead of in process.
 * The service keeps its own clock and plant, and its admins answer approval
 * requests, so cases that fix `now`, bring their own demo plant or set
 * `approval` are reported as skipped, with that reason.
 * Credentials: --user NAME with the password in AIRGAP_AGENT_PASSWORD, or a
 * bearer token in AIRGAP_AGENT_TOKEN.
 */
import type { Writable } from 'node:stream';
import { AppError } from '../errors.js';
import type { AgentAnswer } from '../agent/types.js';
import { checkCase } from './assertions.js';
import { loadCases, type LoadedCase } from './load-cases.js';
import { selected } from './runner.js';
import {
  formatCase,
  formatProblem,
  summarise,
  gateWatch,
  summaryLine,
  writeJson,
  writeJunit,
  type CaseReport,
  type RunSummary,
} from './report.js';

export interface RemoteRunOptions {
  paths: string[];
  url: string;
  /** the service's console socket instead of url: no log-in, the local admin (src/http/local-socket.ts) */
  socket?: string | undefined;
  user?: string | undefined;
  filter?: RegExp | undefined;
  tags?: string[] | undefined;
  jobs: number;
  failFast: boolean;
  /** the score gate (`--min-pass`): the run stops once it can no longer be met (report.ts gateLost) */
  minPass?: number | undefined;
  junit?: string | undefined;
  json?: string | undefined;
  caseTimeoutMs: number;
  out: Writable;
  err: Writable;
}

import { readSse, wireEventOf } from '../cli/sse-read.js';
import { askThroughService } from '../cli/service-client.js';
import { caseVersions } from './case-schema.js';

async function authenticate(base: string, user: string | undefined): Promise<Record<string, string>> {
  const token = process.env.AIRGAP_AGENT_TOKEN;
  if (token) return { authorization: `Bearer ${token}` };
  const password = process.env.AIRGAP_AGENT_PASSWORD;
  if (!user || !password) {
    throw new AppError('USAGE', 'agent-test --url needs credentials', {
      hint: 'give --user NAME with the password in AIRGAP_AGENT_PASSWORD, or a bearer token in AIRGAP_AGENT_TOKEN',
    });
  }
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password, kind: 'bearer' }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    token?: string;
    error?: { message?: string; hint?: string };
  };
  if (!response.ok || !body.token) {
    throw new AppError(
      'UNAUTHENTICATED',
      `log-in to ${base} failed (HTTP ${response.status}): ${body.error?.message ?? 'no token'}`,
      { hint: body.error?.hint ?? 'check the user name and password' },
    );
  }
  return { authorization: `Bearer ${body.token}` };
}

async function askRemote(options: {
  base: string;
  socket?: string | undefined;
  headers: Record<string, string>;
  question: string;
  sessionId: string | undefined;
  versions: Record<string, string> | undefined;
  timeoutMs: number;
}): Promise<{ answer: AgentAnswer; steps: number; sessionId: string }> {
  if (options.socket !== undefined) {
    let steps = 0;
    const answer = await askThroughService(options.socket, {
      question: options.question,
      sessionId: options.sessionId,
      versions: options.versions,
      signal: AbortSignal.timeout(options.timeoutMs),
      onEvent: (event) => {
        if (event.type === 'step-start') steps += 1;
      },
    });
    return { answer, steps, sessionId: answer.session };
  }
  const response = await fetch(`${options.base}/api/tasks`, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({
      question: options.question,
      ...(options.sessionId ? { session_id: options.sessionId } : {}),
      ...(options.versions ? { skill_versions: options.versions } : {}),
    }),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    throw new AppError('BAD_REQUEST', `POST /api/tasks answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  let answer: AgentAnswer | undefined;
  let steps = 0;
  let sessionId = options.sessionId;
  let failure: string | undefined;
  for await (const raw of readSse(response.body)) {
    const wire = wireEventOf(raw); // typed by its name; what the wire does not have is skipped
    if (!wire) continue;
    if (wire.event === 'task-state' && typeof wire.data.session_id === 'string') sessionId = wire.data.session_id;
    else if (wire.event === 'step-start') steps += 1;
    else if (wire.event === 'answer') answer = wire.data;
    else if (wire.event === 'task-error') failure = `${wire.data.code}: ${wire.data.message}`;
    else if (wire.event === 'done') break;
  }
  if (!answer) throw new AppError('TOOL_FAILED', failure ?? 'the stream ended without an answer');
  return { answer, steps, sessionId: sessionId ?? answer.session };
}

function skipReason(entry: LoadedCase): string | undefined {
  if (entry.testCase.skip) return typeof entry.testCase.skip === 'string' ? entry.testCase.skip : 'skip: true';
  if (entry.plant) return 'brings its own demo plant: run it in process (agent-test without --url)';
  if (entry.testCase.now) return 'fixes the clock (now): run it in process (agent-test without --url)';
  if (entry.testCase.approval)
    return `answers approval requests (approval: ${entry.testCase.approval}): run it in process (agent-test without --url)`;
  return undefined;
}

export async function runRemoteSuite(options: RemoteRunOptions): Promise<RunSummary> {
  const base = options.url.replace(/\/+$/, '');
  const { cases, problems } = loadCases(options.paths);
  for (const problem of problems) options.out.write(`${formatProblem(problem)}\n`);
  const headers = options.socket !== undefined ? {} : await authenticate(base, options.user);
  const reports: CaseReport[] = [];
  let stopped = false;
  const gate = gateWatch(options.minPass, options.err);
  const emit = (report: CaseReport): void => {
    reports.push(report);
    options.out.write(`${formatCase(report)}\n`);
    if (gate.lostAfter(reports)) stopped = true;
  };
  const chosen = cases.filter((entry) => selected(entry, options));
  // sessions run in file order inside one unit; units run `jobs` at a time
  const units = new Map<string, LoadedCase[]>();
  for (const entry of chosen) {
    const reason = skipReason(entry);
    if (reason) {
      emit({
        name: entry.testCase.name,
        file: entry.file,
        line: entry.line,
        status: 'skipped',
        ms: 0,
        failures: [],
        skipReason: reason,
      });
      continue;
    }
    const key = entry.testCase.session
      ? `${entry.file}\u0000${entry.testCase.session}`
      : `${entry.file}\u0000#${entry.index}`;
    units.set(key, [...(units.get(key) ?? []), entry]);
  }
  options.err.write(`agent-test: ${chosen.length} case(s) against ${base}\n`);
  const queue = [...units.values()];
  gate.counted = queue.reduce((sum, unit) => sum + unit.length, 0);
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.jobs, queue.length)) }, async () => {
      for (let unit = queue.shift(); unit && !stopped; unit = queue.shift()) {
        let sessionId: string | undefined;
        for (const entry of unit) {
          const started = performance.now();
          try {
            const result = await askRemote({
              base,
              socket: options.socket,
              headers,
              question: entry.testCase.input,
              sessionId: entry.testCase.session ? sessionId : undefined,
              versions: caseVersions(entry.testCase),
              timeoutMs: options.caseTimeoutMs,
            });
            sessionId = result.sessionId;
            const ms = performance.now() - started;
            const failures = checkCase(entry.testCase, { answer: result.answer, latencyMs: ms, steps: result.steps });
            emit({
              name: entry.testCase.name,
              file: entry.file,
              line: entry.line,
              status: failures.length ? 'failed' : 'passed',
              ms,
              failures,
              answer: result.answer,
            });
          } catch (error) {
            const message = error instanceof AppError ? error.describe() : (error as Error).message;
            emit({
              name: entry.testCase.name,
              file: entry.file,
              line: entry.line,
              status: 'failed',
              ms: performance.now() - started,
              failures: [],
              error: message,
            });
          }
          if (options.failFast && reports.at(-1)?.status === 'failed') stopped = true;
        }
      }
    }),
  );
  if (options.junit) writeJunit(options.junit, reports, problems);
  if (options.json) writeJson(options.json, reports, problems);
  const summary = summarise(reports, problems);
  const notRun = gate.notRun(reports);
  if (notRun > 0) summary.notRun = notRun;
  options.out.write(`${summaryLine(summary)}\n`);
  return summary;
}
