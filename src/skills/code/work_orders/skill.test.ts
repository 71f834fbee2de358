/**
 * work_orders against a seeded plant: the skill's SQL runs on the real
 * plant.db, and every expected count is computed here independently (other
 * SQL, bound parameters) over the same database.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { QueryResult, ToolCaller } from '../../../mcp/types.js';
import { seedTestPlant } from '../../../seed/testing.js';
import { routeQuestion } from '../../router/index.js';
import type { KnownEquipment } from '../../router/equipment.js';
import { SKILLS } from '../index.js';
import { runSkill } from '../shared/testing.js';
import { workOrders } from './skill.js';

let dir: string;
let db: Database.Database;
let equipment: KnownEquipment[];

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'work-orders-'));
  seedTestPlant({ dir, rows: 500, docs: false });
  db = new Database(path.join(dir, 'plant.db'), { readonly: true });
  equipment = db
    .prepare('SELECT equipment_id, line_id, name, name_en, type FROM equipment ORDER BY equipment_id')
    .all() as KnownEquipment[];
});

after(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function plantTools(): ToolCaller & { sql: string[] } {
  const sql: string[] = [];
  return {
    sql,
    listTools: () => [],
    async callTool(request) {
      if (request.name !== 'query_database') return { ok: false, text: `no tool ${request.name}`, ms: 0 };
      const text = String(request.arguments.sql);
      sql.push(text);
      assert.doesNotMatch(text, /SELECT \*/i);
      assert.match(text, /LIMIT \d+/);
      const statement = db.prepare(text);
      const rows = statement.raw(true).all() as Array<Array<string | number | null>>;
      const structured: QueryResult = {
        columns: statement.columns().map((column) => column.name),
        rows,
        row_count: rows.length,
        has_more: rows.length === 100,
        elapsed_ms: 0,
        cached: false,
      };
      return { ok: true, text: `${rows.length} rows`, structured, ms: 0 };
    },
  };
}

function count(where: string, ...params: unknown[]): { total: number; open: number } {
  const row = db
    .prepare(`SELECT COUNT(*) AS total, COALESCE(SUM(status = 'open'), 0) AS open FROM work_orders WHERE ${where}`)
    .get(...params) as { total: number; open: number };
  return row;
}

test('one machine in a month: every order counted, open and closed apart, the newest 20 shown of all', async () => {
  const expected = count(
    "equipment_id = ? AND substr(opened_at, 1, 10) BETWEEN '2026-11-01' AND '2026-11-29'",
    'B-PRESS-03',
  );
  assert.ok(expected.total > 20, 'the seeded press has more orders than one table shows');
  const newest = db
    .prepare("SELECT order_id FROM work_orders WHERE equipment_id = 'B-PRESS-03' ORDER BY opened_at DESC LIMIT 1")
    .get() as { order_id: number };
  const tools = plantTools();
  const { result } = await runSkill({
    skill: workOrders,
    args: { line: 'B', equipment: '3号冲压机', period: { from: '2026-11-01', to: '2026-11-29', label: '本月' } },
    tools,
    language: 'zh',
  });
  assert.match(
    result.answer,
    new RegExp(
      `共 \\*\\*${expected.total} 张\\*\\*：未关闭 ${expected.open} 张，已关闭 ${expected.total - expected.open} 张`,
    ),
  );
  assert.match(result.answer, /3号冲压机（B-PRESS-03）/);
  assert.match(result.answer, /开立于本月（2026-11-01 – 2026-11-29）/);
  assert.match(result.answer, new RegExp(`显示最新的 20 张（共 ${expected.total} 张）`));
  assert.match(result.answer, new RegExp(`\\| #${newest.order_id} \\| B-PRESS-03 \\|`));
  assert.equal((result.data as { shown: number }).shown, 20);
  assert.ok(
    tools.sql.every((sql) => !sql.includes('3号')),
    'the machine is inlined by its id, never as free text',
  );
});

test('a symptom counts the orders of both languages (vibration finds 振动)', async () => {
  const both = count(
    ['vibrat', '振动', '抖动', 'shak', '振感']
      .map((word) => `title LIKE '%${word}%' OR symptom LIKE '%${word}%'`)
      .join(' OR ')
      .replace(/^/, '(') + ") AND opened_at >= '2026-11-01'",
  );
  const english = count("(title LIKE '%vibrat%' OR symptom LIKE '%vibrat%') AND opened_at >= '2026-11-01'");
  assert.ok(both.total > english.total, 'the Chinese orders count too');
  const { result } = await runSkill({
    skill: workOrders,
    args: { symptom: 'vibration', period: { from: '2026-11-01', to: '2026-11-29', label: 'this month' } },
    tools: plantTools(),
  });
  assert.match(
    result.answer,
    new RegExp(`\\*\\*${both.total}\\*\\* — ${both.open} open, ${both.total - both.open} closed`),
  );
  assert.match(result.answer, /symptom "vibration" \(title or symptom containing vibrat\/shak\/振动/);
});

test('open high-priority orders of one line: all of them listed, each id checked', async () => {
  const ids = (
    db
      .prepare(
        "SELECT order_id FROM work_orders WHERE line_id = 'C' AND status = 'open' AND priority IN ('P0', 'P1') ORDER BY order_id",
      )
      .all() as Array<{ order_id: number }>
  ).map((row) => row.order_id);
  const { result } = await runSkill({
    skill: workOrders,
    args: { line: 'C', status: 'open', priorities: ['P0', 'P1'] },
    tools: plantTools(),
  });
  assert.match(result.answer, new RegExp(`All ${ids.length}:`));
  for (const id of ids) assert.match(result.answer, new RegExp(`#${id} `));
  assert.match(result.answer, /Line C, P0 and P1, open/);
});

test('closed in a period: dated by closed_at', async () => {
  const expected = count("status = 'closed' AND substr(closed_at, 1, 10) = '2026-11-28'");
  const tools = plantTools();
  const { result } = await runSkill({
    skill: workOrders,
    args: {
      status: 'closed',
      dated_by: 'closed',
      period: { from: '2026-11-28', to: '2026-11-28', label: 'yesterday' },
    },
    tools,
  });
  assert.match(result.answer, new RegExp(`\\*\\*${expected.total}\\*\\* — 0 open, ${expected.total} closed`));
  assert.match(result.answer, /closed yesterday, 2026-11-28/);
  assert.ok(tools.sql.some((sql) => sql.includes("closed_at >= '2026-11-28' AND closed_at < '2026-11-29'")));
});

test('honest answers: unknown line, unknown symptom, ambiguous machine, future and reversed periods, none found', async () => {
  const line = await runSkill({ skill: workOrders, args: { line: 'E' }, tools: plantTools() });
  assert.equal((line.result.data as { error: string }).error, 'unknown_line');
  const symptom = await runSkill({
    skill: workOrders,
    args: { symptom: 'coating' },
    tools: plantTools(),
    language: 'zh',
  });
  assert.equal((symptom.result.data as { error: string }).error, 'unknown_symptom');
  assert.match(symptom.result.answer, /不在现象词表中/);
  const machine = await runSkill({ skill: workOrders, args: { equipment: '1号冲压机' }, tools: plantTools() });
  assert.equal((machine.result.data as { error: string }).error, 'ambiguous_equipment');
  assert.match(machine.result.answer, /A-PRESS-01.*B-PRESS-01/);
  const future = await runSkill({
    skill: workOrders,
    args: { period: { from: '2026-12-07', to: '2026-12-13', label: 'next week' } },
    tools: plantTools(),
  });
  assert.equal((future.result.data as { error: string }).error, 'future_period');
  const reversed = await runSkill({
    skill: workOrders,
    args: { period: { from: '2026-11-20', to: '2026-11-10' } },
    tools: plantTools(),
  });
  assert.equal((reversed.result.data as { error: string }).error, 'reversed_period');
  const none = await runSkill({
    skill: workOrders,
    args: { equipment: 'B-PRESS-03', priorities: ['P0'], status: 'open' },
    tools: plantTools(),
    language: 'zh',
  });
  assert.equal(count("equipment_id = 'B-PRESS-03' AND priority = 'P0' AND status = 'open'").total, 0);
  assert.match(none.result.answer, /没有符合条件的工单.*0 张/);
});

function route(question: string) {
  return routeQuestion(question, {
    skills: SKILLS,
    now: new Date('2026-11-29T10:00:00+08:00'),
    timezone: 'Asia/Shanghai',
    equipment,
  });
}

test('the rules route counts and lists of work orders here, a fix asked for to fault_advice', () => {
  const month = route('B线冲压机3号本月有几张工单');
  assert.equal(month.kind === 'skill' && month.skill, 'work_orders');
  assert.deepEqual(month.kind === 'skill' && month.args, {
    line: 'B',
    equipment: 'B-PRESS-03',
    period: { from: '2026-11-01', to: '2026-11-29', label: '本月' },
  });
  const high = route('list open high-priority work orders on line C');
  assert.deepEqual(high.kind === 'skill' && high.args, { line: 'C', priorities: ['P0', 'P1'], status: 'open' });
  // "did line B open …" is the verb (the days they were opened in), not the state
  const opened = route('how many work orders did line B open in the last 7 days');
  assert.equal(opened.kind === 'skill' && opened.args.status, undefined);
  const closed = route('how many work orders were closed yesterday');
  assert.equal(closed.kind === 'skill' && closed.args.dated_by, 'closed');
  const advice = route('Press 3 on line B is vibrating, what fixed this before?');
  assert.equal(advice.kind === 'skill' && advice.skill, 'fault_advice');
  // a breakdown the table does not give, a word it does not know: named, never dropped
  for (const question of ['A线夜班的工单有几张', 'how many work orders on line B mentioned coating last week']) {
    const decision = route(question);
    assert.equal(decision.kind, 'none', question);
    assert.ok(decision.kind === 'none' && (decision.unhonoured?.length ?? 0) > 0, question);
  }
});
