/**
 * Small fakes behind the service's seams for in-process route tests: an agent
 * whose behaviour is chosen by the question, a skills engine whose router
 * says "rules" for questions starting with "rules:" and asks for approval for
 * "danger", and a tools view whose readiness a test can flip. End-to-end
 * tests use the real agent (live.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { configFromObject } from '../../config/load.js';
import type { Config } from '../../config/schema.js';
import type { AgentAnswer, AgentEvent, AskOptions } from '../../agent/types.js';
import type { RouteDecision, SkillEngine, SkillInfo } from '../../skills/engine-types.js';
import type { SkillResult } from '../../skills/types.js';
import { openAgentDb } from '../../store/agent-db.js';
import type { SqliteDatabase } from '../../store/sqlite.js';
import { createHttpApp, type HttpApp } from '../app.js';
import type { ToolsView } from '../service.js';

export class FakeAgent {
  readonly asked: AskOptions[] = [];
  private readonly gates = new Map<string, () => void>();

  /** let a "block:NAME" question finish */
  release(name: string): void {
    this.gates.get(name)?.();
  }

  async ask(options: AskOptions): Promise<AgentAnswer> {
    this.asked.push(options);
    const emit = (event: AgentEvent): void => options.onEvent?.(event);
    const question = options.question;
    const signal = options.signal ?? new AbortController().signal;
    const sessionId = options.sessionId ?? 'none';
    const traceId = `trace-${this.asked.length}`;
    const waitFor = (gate: Promise<void>): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        const onAbort = (): void => reject(new AppError('CANCELLED', 'the question was cancelled'));
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        void gate.then(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    try {
      if (question.startsWith('block:') || question.startsWith('rules:block:')) {
        const name = question.split('block:')[1]!;
        emit({ type: 'mode', mode: 'model', reason: 'blocked until released' });
        emit({ type: 'token', text: 'thinking' });
        await waitFor(new Promise<void>((resolve) => this.gates.set(name, resolve)));
      }
      if (question === 'slow') {
        emit({ type: 'mode', mode: 'model', reason: 'slow' });
        await waitFor(new Promise<void>(() => undefined));
      }
      if (question === 'fail') throw new AppError('SKILL_FAILED', 'the skill broke', { hint: 'try again' });
      if (question.startsWith('model-danger')) {
        // the model chooses a skill that needs approval while the question runs
        emit({ type: 'mode', mode: 'model', reason: 'the model chose restart_line' });
        const approved = options.approve
          ? await options.approve({
              skill: 'restart_line',
              version: '1.0.0',
              arguments: { line: 'B' },
              description: 'restarts a line',
            })
          : false;
        if (signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
        if (!approved) {
          const answer: AgentAnswer = {
            answer: 'An admin rejected restart_line.',
            mode: 'model',
            tool_calls: [],
            session: sessionId,
            trace_id: options.traceId ?? traceId,
            error: { code: 'FORBIDDEN', message: 'an admin rejected "restart_line"' },
          };
          emit({ type: 'answer', answer });
          return answer;
        }
      }
      const sql =
        "SELECT line_id, SUM(defect_qty) AS defects FROM quality_data WHERE record_date = '2026-11-25' GROUP BY line_id LIMIT 10";
      emit({ type: 'mode', mode: question.startsWith('rules:') ? 'rules' : 'model', reason: 'fake' });
      emit({ type: 'skill-start', skill: 'quality_metrics', version: '1.0.0', arguments: {} });
      emit({
        type: 'tool-call-start',
        id: 'call-1',
        name: 'query_database',
        arguments: { sql, purpose: 'defects per line' },
      });
      emit({ type: 'skill-progress', skill: 'quality_metrics', message: 'found 2 records' });
      emit({
        type: 'tool-call-end',
        id: 'call-1',
        name: 'query_database',
        ok: true,
        ms: 4.25,
        cached: true,
        result: {
          columns: ['line_id', 'defects'],
          rows: [
            ['A', 3],
            ['B', 5],
          ],
          row_count: 2,
          has_more: false,
          elapsed_ms: 1,
          cached: true,
        },
      });
      emit({ type: 'skill-end', skill: 'quality_metrics', ok: true, ms: 6 });
      const answer: AgentAnswer = {
        answer: `**Answer** to: ${question}`,
        mode: question.startsWith('rules:') ? 'rules' : 'model',
        skill: 'quality_metrics',
        tool_calls: [],
        data: { defects: 8 },
        charts: [{ title: 'Defects', kind: 'bar', x: ['A', 'B'], series: [{ name: 'defects', values: [3, 5] }] }],
        session: sessionId,
        trace_id: options.traceId ?? traceId,
      };
      emit({ type: 'answer', answer });
      return answer;
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('INTERNAL', String(error));
      emit({ type: 'error', code: appError.code, message: appError.message });
      throw appError;
    }
  }
}

export class FakeSkills implements SkillEngine {
  failList = false;
  skills: SkillInfo[] = [
    {
      name: 'quality_metrics',
      kind: 'code',
      version: '1.0.0',
      description: 'quality figures',
      parameters: {},
      enabled: true,
      source: 'builtin',
      needsApproval: false,
    },
    {
      name: 'restart_line',
      kind: 'code',
      version: '1.0.0',
      description: 'restarts a line (dangerous)',
      parameters: {},
      enabled: true,
      source: 'builtin',
      needsApproval: true,
    },
  ];

  route(question: string): RouteDecision {
    if (question.startsWith('danger'))
      return {
        kind: 'skill',
        skill: 'restart_line',
        args: { line: 'A' },
        language: 'en',
        missing: [],
        reason: 'asks to restart',
      };
    if (question.startsWith('rules:'))
      return { kind: 'skill', skill: 'quality_metrics', args: {}, language: 'en', missing: [], reason: 'rules' };
    return { kind: 'none', language: 'en', reason: 'no rule' };
  }
  list(): SkillInfo[] {
    if (this.failList) throw new Error('secret internal detail: /var/lib/agent.db is on fire');
    return this.skills;
  }
  relevant(): SkillInfo[] {
    return this.skills;
  }
  markdown(): undefined {
    return undefined;
  }
  async run(): Promise<SkillResult> {
    return { answer: 'ran' };
  }
  examples(): string[] {
    return ['rules: line A'];
  }
  async close(): Promise<void> {}
}

export class FakeTools implements ToolsView {
  up = true;
  listTools() {
    return [{ server: 'query', name: 'query_database', description: 'read-only SQL', inputSchema: { type: 'object' } }];
  }
  ready(): boolean {
    return this.up;
  }
  status() {
    return [
      { name: 'query', state: this.up ? 'running' : 'restarting', last_error: this.up ? null : 'exited with code 1' },
    ];
  }
}

export interface FakeHarness extends HttpApp {
  agent: FakeAgent;
  skills: FakeSkills;
  tools: FakeTools;
  db: SqliteDatabase;
  config: Config;
  dir: string;
  close(): void;
}

export function fakeHarness(
  options: { server?: Record<string, unknown>; llm?: Record<string, unknown> } = {},
): FakeHarness {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'http-test-'));
  const config = configFromObject(
    {
      state: { db: path.join(dir, 'agent.db') },
      server: options.server ?? {},
      llm: options.llm ?? {},
      log: { level: 'silent', dir: path.join(dir, 'log') },
    },
    dir,
  );
  const db = openAgentDb(config.state.db);
  const agent = new FakeAgent();
  const skills = new FakeSkills();
  const tools = new FakeTools();
  const http = createHttpApp({ config, db, agent, skills, tools });
  return {
    ...http,
    agent,
    skills,
    tools,
    db,
    config,
    dir,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
