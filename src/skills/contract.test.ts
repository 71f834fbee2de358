/**
 * The skill engine's contract through the real engine and a real stdio MCP
 * server (src/mcp/fixtures/echo-server.ts, stopped with SIGSTOP where a
 * server must not answer): the retry policy exactly (retryable codes only;
 * 1 s, 3 s, 9 s — the waits recorded, not waited; 3 retries after the first
 * attempt; each attempt audited), the question's budget cutting the retries,
 * output schemas (SKILL_OUTPUT_INVALID with the path; a Markdown skill's own),
 * `explicit` parameters, and dependency health before dispatch.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { z } from 'zod';
import { configFromObject } from '../config/load.js';
import { AppError } from '../errors.js';
import { McpManager } from '../mcp/manager.js';
import { FAST_TIMING } from '../mcp/fixtures/helpers.js';
import { openAgentDb } from '../store/agent-db.js';
import { AuditWriter } from '../store/audit.js';
import { runSkillAudited } from '../agent/skill-run.js';
import type { AgentEvent } from '../types/answer.js';
import { CODE_SKILLS } from './code/index.js';
import { RETRY_POLICY } from './code/shared/policy.js';
import { callStructured } from './code/shared/tools.js';
import { PlantSkillEngine } from './engine.js';
import { unroutedIndex } from './module.js';
import type { CodeSkill } from './types.js';

const tsx = import.meta.resolve('tsx');
const echoServer = fileURLToPath(new URL('../mcp/fixtures/echo-server.ts', import.meta.url));
const log = pino({ level: 'silent' });

/** echoes through the real server, with the shipped retry policy */
const echoing: CodeSkill<{ text: string; mode: string }> = {
  kind: 'code',
  name: 'echo_report',
  description: 'echoes a text through the fixture server',
  version: '1.0.0',
  parameters: z.object({
    text: z.string(),
    mode: z.enum(['good', 'bad', 'refused']).default('good'),
  }),
  output: z.looseObject({ echoed: z.string().min(1), lines: z.array(z.looseObject({ rate: z.number().max(100) })) }),
  timeoutMs: 20_000,
  errorCodes: ['TOOL_TIMEOUT', 'SKILL_OUTPUT_INVALID'],
  retry: RETRY_POLICY,
  dependencies: { tools: ['echo'] },
  triggers: [],
  async execute(ctx, args) {
    if (args.mode === 'refused') {
      const result = await ctx.callTool('fail', { message: 'refused by the fixture' });
      throw new AppError('TOOL_FAILED', result.text);
    }
    const result = await ctx.callTool('echo', { text: args.text });
    if (!result.ok)
      throw new AppError(result.errorCode === 'TOOL_TIMEOUT' ? 'TOOL_TIMEOUT' : 'TOOL_FAILED', result.text);
    return {
      answer: result.text,
      data: { echoed: result.text, lines: [{ rate: args.mode === 'bad' ? 140 : 12.5 }] },
    };
  },
};

/** a sensitive argument: never defaulted */
const restarting: CodeSkill<{ unit?: string; force: boolean }> = {
  kind: 'code',
  name: 'restart_unit',
  description: 'restarts a unit (a sensitive argument)',
  version: '1.0.0',
  parameters: z.object({
    unit: z.string().default('vision-inspection').meta({ explicit: true }),
    force: z.boolean().default(false),
  }),
  output: z.looseObject({ unit: z.string() }),
  timeoutMs: 5_000,
  errorCodes: [],
  retry: { retryable: [], maxAttempts: 1, backoffMs: [] },
  dependencies: { tools: ['echo'] },
  triggers: [],
  async execute(ctx, args) {
    const { structured } = await callStructured<{ sum: number }>(ctx, 'add', { a: 1, b: 1 });
    return { answer: `restarted ${args.unit} (${structured.sum})`, data: { unit: args.unit } };
  },
};

/** a Markdown skill whose own output contract binds what its fallback produces */
const MARKDOWN = (output: string) => `---
name: echo_procedure
description: Echo a text through the fixture server, by the steps below.
version: 1.0.0
parameters:
  type: object
  properties:
    text: { type: string }
    mode: { type: string, enum: [good, bad, refused] }
${output}
tools: [echo]
fallback: echo_report
---
## Steps
1. Call echo with the text.
`;

describe('the engine through a real stdio server', () => {
  let dir: string;
  let manager: McpManager;
  let engine: PlantSkillEngine;
  const db = openAgentDb(':memory:');
  const audit = new AuditWriter(db, { flushMs: 60_000 });
  const waits: number[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skill-contract-'));
    const skillsDir = path.join(dir, 'skills');
    mkdirSync(path.join(skillsDir, 'echo_procedure'), { recursive: true });
    writeFileSync(
      path.join(skillsDir, 'echo_procedure', 'SKILL.md'),
      MARKDOWN(
        'output:\n  type: object\n  properties:\n    echoed: { type: string, maxLength: 5 }\n  required: [echoed]',
      ),
    );
    const config = configFromObject(
      {
        skills: { dir: skillsDir, watch: false },
        scripts: { shipped: false },
        mcp: {
          shipped_servers: false,
          breaker: { failures: 100 },
          // 2 s: short enough for the stopped-server test (4 attempts), long enough for a call at load 20 (300 ms
          // was not: a call just after SIGCONT timed out there)
          servers: { fixture: { command: process.execPath, args: ['--import', tsx, echoServer], timeout_ms: 2000 } },
        },
      },
      dir,
    );
    manager = await McpManager.start({ config, timing: FAST_TIMING });
    engine = new PlantSkillEngine({
      config,
      db,
      log,
      tools: manager,
      skills: unroutedIndex([echoing, restarting]),
      watch: false,
      // the waits between attempts are recorded, not waited (13 s of sleep otherwise)
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
  });
  after(async () => {
    await engine?.close();
    await manager?.close();
    audit.close();
  });

  function run(skill: string, args: Record<string, unknown>, extra: { deadline?: number; trace: string }) {
    const events: AgentEvent[] = [];
    const outcome = runSkillAudited({
      skills: engine,
      skill,
      args,
      run: {
        traceId: extra.trace,
        sessionId: 's',
        language: 'en',
        signal: new AbortController().signal,
        tools: manager,
        onEvent: (event) => events.push(event),
        deadline: extra.deadline,
      },
      audit: (row) => audit.write({ ...row, origin: 'agent', trace_id: extra.trace, session_id: 's' }),
      log,
    });
    return { outcome, events };
  }

  function auditOf(trace: string) {
    audit.flush();
    return db
      .prepare(
        "SELECT attempt, success, error_code, result_summary FROM tool_call_log WHERE trace_id = ? AND server = 'skills' ORDER BY id",
      )
      .all(trace) as Array<{ attempt: number; success: number; error_code: string | null; result_summary: string }>;
  }

  test('a stopped server: 3 retries after the first attempt, waiting 1 s, 3 s and 9 s; every attempt audited', async () => {
    // the first call starts the server; it answers
    const warm = await run('echo_report', { text: 'hello' }, { trace: 'warm' }).outcome;
    assert.equal(warm.ok, true);
    const pid = manager.status()[0]!.pid!;
    process.kill(pid, 'SIGSTOP');
    try {
      waits.length = 0;
      const { outcome, events } = run('echo_report', { text: 'hello' }, { trace: 'stopped' });
      const result = await outcome;
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.code, 'TOOL_TIMEOUT');
      assert.deepEqual(waits, [1000, 3000, 9000]);
      assert.equal(events.filter((event) => event.type === 'tool-call-start').length, 4);
      assert.deepEqual(
        events.filter((event) => event.type === 'retry').map((event) => (event as { attempt: number }).attempt),
        [2, 3, 4],
      );
      const rows = auditOf('stopped');
      assert.deepEqual(
        rows.map((row) => [row.attempt, row.success, row.error_code]),
        [
          [1, 0, 'TOOL_TIMEOUT'],
          [2, 0, 'TOOL_TIMEOUT'],
          [3, 0, 'TOOL_TIMEOUT'],
          [4, 0, 'TOOL_TIMEOUT'],
        ],
      );
      assert.match(rows[0]!.result_summary, /attempt 1 failed \(TOOL_TIMEOUT: .*\); retrying in 1000 ms/);
      assert.match(rows[2]!.result_summary, /retrying in 9000 ms/);
      // the error names the server that let the skill down
      assert.deepEqual((!result.ok && result.error.details?.dependency) || undefined, {
        tool: 'echo',
        server: 'fixture',
        code: 'TOOL_TIMEOUT',
      });

      // the question's budget: a wait that would end past it is not started
      waits.length = 0;
      const tight = await run('echo_report', { text: 'hello' }, { trace: 'budget', deadline: Date.now() + 1500 })
        .outcome;
      assert.equal(!tight.ok && tight.error.code, 'TOOL_TIMEOUT');
      assert.ok(waits.length <= 1, `at most the 1 s wait fits in 1.5 s (waited ${JSON.stringify(waits)})`);
      assert.ok(!waits.includes(3000));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  test('a code that is not retryable fails at the first attempt', async () => {
    waits.length = 0;
    const result = await run('echo_report', { text: 'x', mode: 'refused' }, { trace: 'refused' }).outcome;
    assert.equal(!result.ok && result.error.code, 'TOOL_FAILED');
    assert.deepEqual(waits, []);
    assert.deepEqual(
      auditOf('refused').map((row) => [row.attempt, row.error_code]),
      [[1, 'TOOL_FAILED']],
    );
  });

  test('data that breaks the output schema is SKILL_OUTPUT_INVALID with the path, never shown', async () => {
    const good = await run('echo_report', { text: 'fine' }, { trace: 'good' }).outcome;
    assert.equal(good.ok, true);
    const bad = await run('echo_report', { text: 'fine', mode: 'bad' }, { trace: 'bad' }).outcome;
    assert.equal(bad.ok, false);
    const error = !bad.ok ? bad.error : undefined;
    assert.equal(error?.code, 'SKILL_OUTPUT_INVALID');
    assert.match(
      error?.message ?? '',
      /echo_report 1\.0\.0 produced data that breaks its output schema at lines\[0\]\.rate/,
    );
    assert.equal(error?.details?.path, 'lines[0].rate');
    assert.deepEqual(waits.filter(Boolean).length >= 0, true);
    assert.equal(auditOf('bad').at(-1)?.error_code, 'SKILL_OUTPUT_INVALID');
  });

  test("a Markdown skill's own output schema binds its fallback's data", async () => {
    const short = await run('echo_procedure', { text: 'hi' }, { trace: 'md-ok' }).outcome;
    assert.equal(short.ok, true);
    const long = await run('echo_procedure', { text: 'far too long' }, { trace: 'md-bad' }).outcome;
    assert.equal(!long.ok && long.error.code, 'SKILL_OUTPUT_INVALID');
    assert.match(!long.ok ? long.error.message : '', /echo_procedure 1\.0\.0 .* at echoed: /);
    const info = engine.list().find((entry) => entry.name === 'echo_procedure');
    assert.deepEqual(info?.output, {
      type: 'object',
      properties: { echoed: { type: 'string', maxLength: 5 } },
      required: ['echoed'],
    });
  });

  test('an explicit parameter is never filled from its default: the skill asks for it', async () => {
    const missing = await run('restart_unit', { force: true }, { trace: 'explicit' }).outcome;
    assert.equal(!missing.ok && missing.error.code, 'SKILL_ARGUMENT_REQUIRED');
    assert.match(!missing.ok ? missing.error.message : '', /restart_unit: "unit" must be given explicitly/);
    assert.deepEqual(!missing.ok && missing.error.details?.missing, ['unit']);
    const given = await run('restart_unit', { unit: 'label-printer' }, { trace: 'explicit-given' }).outcome;
    assert.equal(given.ok && given.result.answer, 'restarted label-printer (2)');
    assert.deepEqual(engine.list().find((entry) => entry.name === 'restart_unit')?.explicit, ['unit']);
  });

  test('the registry shows every field: timeout, error codes, retry, dependencies, output, versions', async () => {
    const info = engine.list().find((entry) => entry.name === 'echo_report')!;
    assert.equal(info.timeoutMs, 20_000);
    assert.deepEqual(info.errorCodes, ['TOOL_TIMEOUT', 'SKILL_OUTPUT_INVALID']);
    assert.deepEqual(info.retry, RETRY_POLICY);
    assert.deepEqual(info.dependencies, { tools: ['echo'], skills: [], servers: ['fixture'] });
    assert.equal(info.available, true);
    assert.equal((info.output as { type?: string }).type, 'object');
    assert.deepEqual(info.versions, [
      { version: '1.0.0', source: 'builtin:echo_report', enabled: true, default: true },
    ]);
    // a Markdown skill's fallback gives it timeout, retry and error codes
    const procedure = engine.list().find((entry) => entry.name === 'echo_procedure')!;
    assert.equal(procedure.timeoutMs, 20_000);
    assert.deepEqual(procedure.dependencies, { tools: ['echo'], skills: ['echo_report'], servers: ['fixture'] });
  });

  test('every shipped code skill declares an output schema', () => {
    const without = CODE_SKILLS.filter((skill) => !skill.output).map((skill) => skill.name);
    assert.deepEqual(without, []);
    assert.equal(CODE_SKILLS.length, 13);
    for (const skill of CODE_SKILLS) {
      assert.deepEqual(skill.retry, RETRY_POLICY, skill.name);
      assert.ok(skill.errorCodes.includes('SKILL_OUTPUT_INVALID'), skill.name);
    }
  });
});
