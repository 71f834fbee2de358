import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { z } from 'zod';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { AppError } from '../errors.js';
import type { AgentEvent } from '../types/answer.js';
import type { ToolCaller } from '../mcp/types.js';
import { fakeTools } from './code/shared/testing.js';
import type { ToolCallRequest } from '../mcp/types.js';
import type { CodeSkill } from './types.js';
import { PlantSkillEngine, askedWords } from './engine.js';
import { CODE_SKILLS } from './code/index.js';
import { unroutedIndex } from './module.js';

const log = pino({ level: 'silent' });

function skillFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skills-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, 'SKILL.md'), text);
  }
  return dir;
}

const flaky: CodeSkill<{ n: number }> = {
  kind: 'code',
  name: 'flaky_sum',
  description: 'adds numbers through the query tool, failing at first',
  version: '1.2.0',
  parameters: z.object({ n: z.coerce.number().int().min(1) }),
  timeoutMs: 2000,
  errorCodes: ['QUERY_TIMEOUT'],
  retry: { retryable: ['QUERY_TIMEOUT'], maxAttempts: 3, backoffMs: [10, 20] },
  dependencies: { tools: ['query_database'] },
  triggers: ['sum', '求和'],
  async execute(ctx, args) {
    ctx.progress('querying…');
    const result = await ctx.query(`SELECT ${args.n} + 1 AS v LIMIT 1`, 'test');
    ctx.progress(`found ${result.row_count} records`);
    return { answer: `sum is ${String(result.rows[0]?.[0])}`, data: { v: result.rows[0]?.[0] } };
  },
};

const slow: CodeSkill<Record<string, never>> = {
  kind: 'code',
  name: 'slow_skill',
  description: 'never finishes in time',
  version: '1.0.0',
  parameters: z.object({}),
  timeoutMs: 50,
  errorCodes: [],
  retry: { retryable: [], maxAttempts: 1, backoffMs: [] },
  dependencies: { tools: [] },
  triggers: [],
  execute: () => new Promise(() => undefined),
};

function engineWith(options: { dir?: string; codeSkills?: CodeSkill<any>[] } = {}) {
  const dir = options.dir ?? skillFolder({});
  const config = configFromObject({ skills: { dir, watch: false } }, dir);
  const db = openAgentDb(':memory:');
  const engine = new PlantSkillEngine({
    config,
    db,
    log,
    skills: unroutedIndex(options.codeSkills ?? [flaky, slow]),
    watch: false,
  });
  return { engine, db, dir };
}

function runContext(tools: ToolCaller, events: AgentEvent[] = [], signal = new AbortController().signal) {
  return {
    traceId: 't1',
    sessionId: 's1',
    language: 'en' as const,
    signal,
    tools,
    onEvent: (event: AgentEvent) => events.push(event),
  };
}

test('a code skill retries only retryable codes, with progress and tool events', async () => {
  const { engine } = engineWith();
  let calls = 0;
  const tools = fakeTools(() => {
    calls += 1;
    if (calls < 3) return { ok: false, text: 'timed out', errorCode: 'QUERY_TIMEOUT' };
    return {
      ok: true,
      text: '',
      structured: { columns: ['v'], rows: [[8]], row_count: 1, has_more: false, elapsed_ms: 1, cached: false },
    };
  });
  const events: AgentEvent[] = [];
  const result = await engine.run('flaky_sum', { n: '7' }, runContext(tools, events));
  assert.equal(result.answer, 'sum is 8');
  assert.equal(calls, 3);
  assert.equal(tools.calls[0]?.traceId, 't1');
  assert.deepEqual(
    events.map((event) => event.type),
    [
      'skill-start',
      'skill-progress',
      'tool-call-start',
      'tool-call-end',
      'retry',
      'skill-progress',
      'tool-call-start',
      'tool-call-end',
      'retry',
      'skill-progress',
      'tool-call-start',
      'tool-call-end',
      'skill-progress',
      'skill-end',
    ],
  );
});

test('non-retryable failures, bad arguments, timeouts and versions map to codes', async () => {
  const { engine } = engineWith();
  const rejected = fakeTools(() => ({ ok: false, text: 'SELECT * is not allowed', errorCode: 'QUERY_REJECTED' }));
  await assert.rejects(
    engine.run('flaky_sum', { n: 1 }, runContext(rejected)),
    (error: unknown) => error instanceof AppError && error.code === 'QUERY_REJECTED',
  );
  assert.equal(rejected.calls.length, 1);
  await assert.rejects(
    engine.run('flaky_sum', { n: 'many' }, runContext(rejected)),
    (error: unknown) =>
      error instanceof AppError && error.code === 'TOOL_ARGUMENTS_INVALID' && /"n"/.test(error.message),
  );
  await assert.rejects(
    engine.run('slow_skill', {}, runContext(rejected)),
    (error: unknown) => error instanceof AppError && error.code === 'SKILL_TIMEOUT',
  );
  await assert.rejects(
    engine.run('nope', {}, runContext(rejected)),
    (error: unknown) =>
      error instanceof AppError && error.code === 'SKILL_NOT_FOUND' && /flaky_sum/.test(error.hint ?? ''),
  );
  await assert.rejects(
    engine.run('flaky_sum', { n: 1 }, { ...runContext(rejected), version: '^2' }),
    (error: unknown) => error instanceof AppError && error.code === 'SKILL_VERSION',
  );
});

test('cancelling stops a running skill', async () => {
  const { engine } = engineWith();
  const controller = new AbortController();
  const tools = fakeTools(() => ({ ok: true, text: '' }));
  const running = engine.run('slow_skill', {}, runContext(tools, [], controller.signal));
  controller.abort();
  await assert.rejects(running, (error: unknown) => error instanceof AppError && error.code === 'CANCELLED');
});

const GOOD_MD = `---
name: shift_check
description: Check the shift handover notes for open problems.
version: 1.0.0
parameters:
  type: object
  properties:
    shift: { type: string, enum: [day, night] }
tools:
  - search_documents
  - name: read_document
    optional: true
triggers: [handover, 交接班]
---
# Shift check
## Purpose
Find open problems.
## Steps
1. Call search_documents.
`;

test('Markdown skills load; a broken file disables that skill alone, with the reason', () => {
  const dir = skillFolder({ shift_check: GOOD_MD, broken: '---\nname: Broken Name\n---\nno steps' });
  const { engine, db } = engineWith({ dir });
  const list = engine.list();
  const good = list.find((info) => info.name === 'shift_check');
  assert.equal(good?.enabled, true);
  assert.deepEqual(engine.markdown('shift_check')?.tools, [
    { name: 'search_documents', optional: false },
    { name: 'read_document', optional: true },
  ]);
  const broken = list.find((info) => info.source.includes('broken'));
  assert.equal(broken?.enabled, false);
  assert.match(broken?.error ?? '', /name/);
  assert.equal(list.find((info) => info.name === 'flaky_sum')?.enabled, true);
  const rows = db.prepare('SELECT name, enabled FROM skills ORDER BY name').all() as Array<{
    name: string;
    enabled: number;
  }>;
  assert.ok(rows.some((row) => row.name === 'shift_check' && row.enabled === 1));
});

test('a changed Markdown skill must increase its version', () => {
  const dir = skillFolder({ shift_check: GOOD_MD });
  const { engine } = engineWith({ dir });
  writeFileSync(
    path.join(dir, 'shift_check', 'SKILL.md'),
    GOOD_MD.replace('Find open problems.', 'Find every open problem.'),
  );
  engine.registry.load();
  const info = engine.list().find((entry) => entry.name === 'shift_check');
  assert.equal(info?.enabled, false);
  assert.match(info?.error ?? '', /version did not increase/);
  writeFileSync(
    path.join(dir, 'shift_check', 'SKILL.md'),
    GOOD_MD.replace('Find open problems.', 'Find every open problem.').replace('1.0.0', '1.1.0'),
  );
  engine.registry.load();
  assert.equal(engine.list().find((entry) => entry.name === 'shift_check')?.enabled, true);
});

test('a Markdown skill without a model runs its code fallback, or says it needs a model', async () => {
  const withFallback = GOOD_MD.replace('triggers:', 'fallback: flaky_sum\ntriggers:');
  const { engine } = engineWith({
    dir: skillFolder({ shift_check: withFallback, other_check: GOOD_MD.replace('shift_check', 'other_check') }),
  });
  const tools = fakeTools(() => ({
    ok: true,
    text: '',
    structured: { columns: ['v'], rows: [[3]], row_count: 1, has_more: false, elapsed_ms: 1, cached: false },
  }));
  const result = await engine.run('shift_check', { n: 2 }, runContext(tools));
  assert.equal(result.answer, 'sum is 3');
  await assert.rejects(
    engine.run('other_check', {}, runContext(tools)),
    (error: unknown) => error instanceof AppError && /needs a model/.test(error.message),
  );
});

test('relevant() offers the skills whose words match the question', () => {
  const { engine } = engineWith({ dir: skillFolder({ shift_check: GOOD_MD }) });
  const relevant = engine.relevant('any problems in the handover notes?', 1);
  assert.equal(relevant[0]?.name, 'shift_check');
});

test('relevant() meets a Chinese question through the lexicon: the shipped skills describe themselves in English', () => {
  const { engine } = engineWith({ codeSkills: CODE_SKILLS });
  // without the lexicon no word is shared, and the first skills by name (batch_lookup, calculator…) came back
  const names = (question: string, limit: number): string[] =>
    engine.relevant(question, limit).map((info) => info.name);
  assert.ok(names('上周开了多少张工单', 3).includes('work_orders'), names('上周开了多少张工单', 5).join(', '));
  assert.ok(
    names('这个月哪些设备该保养了', 3).includes('equipment_status'),
    names('这个月哪些设备该保养了', 5).join(', '),
  );
  assert.ok(askedWords('上周开了多少张工单').has('work'), "a concept's English words join the question's");
  assert.deepEqual([...askedWords('work orders last week')], ['work', 'orders', 'last', 'week'], 'English as it is');
});

test('the plant keeps its own skills in a custom folder; a shipped name and version cannot be reused there', () => {
  const shipped = skillFolder({ shift_check: GOOD_MD });
  const custom = skillFolder({
    line_walk: GOOD_MD.replace('shift_check', 'line_walk'),
    shift_check: GOOD_MD.replace('Find open problems.', 'Find the open problems.'),
  });
  const config = configFromObject({ skills: { dir: shipped, custom_dir: custom, watch: false } }, shipped);
  const engine = new PlantSkillEngine({
    config,
    db: openAgentDb(':memory:'),
    log,
    skills: unroutedIndex([]),
    watch: false,
  });
  const list = engine.list();
  assert.equal(list.find((info) => info.name === 'line_walk')?.enabled, true);
  assert.equal(list.find((info) => info.name === 'shift_check')?.version, '1.0.0');
  const clash = list.find((info) => info.source.startsWith(custom) && info.source.includes('shift_check'));
  assert.equal(clash?.enabled, false);
  assert.match(clash?.error ?? '', /already exists/);
});

test('a skill that needs approval runs only when an admin approves it', async () => {
  const dangerous: CodeSkill<Record<string, never>> = {
    ...slow,
    name: 'reset_counter',
    description: 'resets a counter in the plant',
    needsApproval: true,
    timeoutMs: 1000,
    execute: async () => ({ answer: 'reset done' }),
  };
  const { engine } = engineWith({ codeSkills: [dangerous] });
  const tools = fakeTools(() => ({ ok: true, text: '' }));
  await assert.rejects(
    engine.run('reset_counter', {}, runContext(tools)),
    (error: unknown) => error instanceof AppError && error.code === 'FORBIDDEN' && /approval/.test(error.message),
  );
  const asked: unknown[] = [];
  const approved = await engine.run(
    'reset_counter',
    {},
    { ...runContext(tools), approve: async (request) => (asked.push(request), true) },
  );
  assert.equal(approved.answer, 'reset done');
  assert.deepEqual(asked, [
    { skill: 'reset_counter', version: '1.0.0', arguments: {}, description: 'resets a counter in the plant' },
  ]);
  await assert.rejects(
    engine.run('reset_counter', {}, { ...runContext(tools), approve: async () => false }),
    (error: unknown) => error instanceof AppError && /rejected/.test(error.message),
  );
});

test('the equipment list: read on the first prepare (one lookup for concurrent questions), again after plant.db changes', async () => {
  const { SKILLS } = await import('./code/index.js');
  const { rows } = await import('./code/shared/testing.js');
  const dir = skillFolder({});
  const plantDb = path.join(dir, 'plant.db');
  writeFileSync(plantDb, 'v1');
  const config = configFromObject({ plant: { db: plantDb }, skills: { dir, watch: false } }, dir);
  let fail = true;
  const listed = [
    ['A-PRESS-03', 'A', '3号冲压机', 'PRESS'],
    ['B-PRESS-03', 'B', '3号冲压机', 'PRESS'],
  ];
  const tools = fakeTools(() =>
    fail ? toolError() : rows(['equipment_id', 'line_id', 'name', 'type'], listed.slice()),
  );
  // the equipment lookups (the plant's names are read beside each one)
  const lookups = (): ToolCallRequest[] =>
    tools.calls.filter((call) => /FROM equipment/.test(String((call.arguments as { sql?: string }).sql)));
  const engine = new PlantSkillEngine({
    config,
    db: openAgentDb(':memory:'),
    log,
    tools,
    skills: SKILLS,
    watch: false,
  });
  const question = 'B线3号冲压机现在什么状态？';
  const equipmentOf = (): unknown => {
    const decision = engine.route(question, {});
    return decision.kind === 'skill' ? decision.args.equipment : undefined;
  };
  assert.equal(lookups().length, 0, 'nothing is read when the engine is made');

  // a failed lookup: routed without the list, not retried on every question
  assert.equal(await engine.prepare(), false);
  assert.equal(await engine.prepare(), false);
  assert.equal(lookups().length, 1);
  assert.equal(equipmentOf(), '3号冲压机');

  // plant.db changed: tried again at once; concurrent questions share the lookup
  fail = false;
  writeFileSync(plantDb, 'v2 changed');
  assert.deepEqual(await Promise.all([engine.prepare(), engine.prepare(), engine.prepare()]), [true, true, true]);
  assert.equal(lookups().length, 2);
  assert.equal(lookups()[1]?.name, 'query_database');
  assert.equal(equipmentOf(), 'B-PRESS-03');
  assert.equal(await engine.prepare(), false, 'unchanged: nothing to read');
  assert.equal(lookups().length, 2);

  // an import adds a machine: plant.db's size and mtime move, the next question reads the list again
  listed.push(['B-PRESS-05', 'B', '5号冲压机', 'PRESS']);
  writeFileSync(plantDb, 'v3, longer still');
  assert.equal(await engine.prepare(), true);
  assert.equal(lookups().length, 3);
  const decision = engine.route('B线5号冲压机现在什么状态？', {});
  assert.equal(decision.kind === 'skill' ? decision.args.equipment : undefined, 'B-PRESS-05');
  await engine.close();
});

function toolError(): { ok: false; text: string; errorCode: string } {
  return { ok: false, text: 'MCP server "query" exited', errorCode: 'MCP_SERVER_EXITED' };
}

test("a finished skill keeps nothing of its question alive (the attempt's signals let go of their listeners)", async () => {
  // Node keeps an AbortSignal.any() signal that has an 'abort' listener until it aborts; before, that listener
  // held each question's context (and its whole task run) for good: the service grew to 1.5 GB in a minute
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const { engine } = engineWith();
  const tools = fakeTools(() => ({
    ok: true,
    text: '',
    structured: { columns: ['v'], rows: [[2]], row_count: 1, has_more: false, elapsed_ms: 1, cached: false },
  }));
  const refs: Array<WeakRef<object>> = [];
  const live = new AbortController(); // one long-lived signal, as a service's
  const ask = async (index: number): Promise<string> => {
    const context = { ...runContext(tools, [], live.signal), marker: { index } };
    refs.push(new WeakRef(context.marker));
    return (await engine.run('flaky_sum', { n: 1 }, context)).answer;
  };
  for (let index = 0; index < 20; index++) assert.equal(await ask(index), 'sum is 2');
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const kept = refs.filter((ref) => ref.deref() !== undefined).length;
  assert.equal(kept, 0, `${kept} of 20 finished questions' contexts are still reachable`);
});

test("route: the rules' reading is remembered, what may change at any moment is not (health, taught phrasings, the day)", async () => {
  const { SKILLS } = await import('./code/index.js');
  const { setFixedNow } = await import('../clock.js');
  const dir = skillFolder({});
  const config = configFromObject({ skills: { dir, watch: false }, scripts: { shipped: false } }, dir);
  let breakerOpen = false;
  const tools: ToolCaller = {
    ...fakeTools(() => ({ ok: true, text: '' })),
    health: (tool) =>
      breakerOpen
        ? { ok: false, server: 'query', state: 'breaker-open', reason: `${tool}: the server stopped answering` }
        : { ok: true, server: 'query' },
  };
  const engine = new PlantSkillEngine({
    config,
    db: openAgentDb(':memory:'),
    log,
    tools,
    skills: SKILLS,
    watch: false,
  });
  setFixedNow('2026-11-29T10:00:00+08:00', 'Asia/Shanghai');
  try {
    const question = "What was line A's defect rate last Wednesday?";
    const first = engine.route(question, {});
    assert.equal(first.kind, 'skill');
    const second = engine.route(question, {});
    assert.deepEqual(second, first, 'the same reading');
    assert.notEqual(second, first, 'a copy each time');
    if (second.kind === 'skill') second.args.changed = true;
    const third = engine.route(question, {});
    assert.equal(
      third.kind === 'skill' ? third.args.changed : 'not a skill',
      undefined,
      'a copy changed changes no other',
    );

    // a breaker opens: the next route says the skill cannot run now, whatever was read before
    breakerOpen = true;
    const refused = engine.route(question, {});
    assert.equal(refused.kind, 'none');
    assert.equal(refused.kind === 'none' ? refused.unavailable?.state : undefined, 'breaker-open');
    breakerOpen = false;
    assert.equal(engine.route(question, {}).kind, 'skill', 'closed again: routed to the skill');

    // an admin teaches the same words another meaning: it holds from the next question on
    engine.taught.teach({
      phrase: question,
      skill: 'equipment_status',
      args: {},
      taughtBy: 'admin',
      now: new Date(),
      timezone: 'Asia/Shanghai',
    });
    const taught = engine.route(question, {});
    assert.equal(taught.kind === 'skill' ? taught.skill : taught.kind, 'equipment_status');

    // another day (a minute past midnight): "yesterday" is read again from the new day
    const asked = 'What was the output of line B yesterday?';
    const periodOf = (decision: ReturnType<typeof engine.route>): unknown =>
      decision.kind === 'skill' ? decision.args.period : decision.kind;
    setFixedNow('2026-11-29T23:59:30+08:00', 'Asia/Shanghai');
    assert.deepEqual(periodOf(engine.route(asked, {})), { from: '2026-11-28', to: '2026-11-28', label: 'yesterday' });
    setFixedNow('2026-11-30T00:00:30+08:00', 'Asia/Shanghai');
    assert.deepEqual(periodOf(engine.route(asked, {})), { from: '2026-11-29', to: '2026-11-29', label: 'yesterday' });
  } finally {
    setFixedNow(undefined, 'UTC');
    await engine.close();
  }
});

test('catalog(): every skill as installed, with no tool health looked up; list() adds the health', () => {
  let lookups = 0;
  const tools: ToolCaller = {
    ...fakeTools(() => ({ ok: true, text: '' })),
    health: () => {
      lookups += 1;
      return { ok: false, server: 'query', state: 'breaker-open', reason: 'the server stopped answering' };
    },
  };
  const dir = skillFolder({});
  const engine = new PlantSkillEngine({
    config: configFromObject({ skills: { dir, watch: false } }, dir),
    db: openAgentDb(':memory:'),
    log,
    tools,
    skills: unroutedIndex([flaky, slow]),
    watch: false,
  });
  const catalog = engine.catalog();
  assert.equal(lookups, 0);
  const listed = engine.list();
  assert.ok(lookups > 0);
  assert.deepEqual(
    catalog.map((info) => [info.name, info.version, info.kind]),
    listed.map((info) => [info.name, info.version, info.kind]),
  );
  assert.equal(listed.find((info) => info.name === 'flaky_sum')?.available, false, 'list() says what is down');
  assert.equal(catalog.find((info) => info.name === 'flaky_sum')?.available, undefined);
});
