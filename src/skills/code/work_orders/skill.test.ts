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
import { PLANT_NAMES_QUERIES, plantNamesFrom } from '../../router/entities.js';
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

// ---- the people of the orders (issue 27, item 4) -----------------------------------------------

function engineerOf(name: string): { engineer_id: number; name: string } {
  return db.prepare('SELECT engineer_id, name FROM engineers WHERE name = ?').get(name) as {
    engineer_id: number;
    name: string;
  };
}

test('an engineer named by a short form: their open orders, each with its assignee', async () => {
  for (const [words, name] of [
    ['michael', 'Michael Johnson'],
    ['佐藤', '佐藤健 (Ken Sato)'],
    ['sato', '佐藤健 (Ken Sato)'],
    ['王磊', '王磊'],
  ] as const) {
    const engineer = engineerOf(name);
    const expected = count("assignee_id = ? AND status = 'open'", engineer.engineer_id);
    const ids = (
      db
        .prepare("SELECT order_id FROM work_orders WHERE assignee_id = ? AND status = 'open' ORDER BY order_id")
        .all(engineer.engineer_id) as Array<{ order_id: number }>
    ).map((row) => row.order_id);
    const { result } = await runSkill({
      skill: workOrders,
      args: { assignee: words, status: 'open' },
      tools: plantTools(),
    });
    const data = result.data as {
      assignee: string;
      total: number;
      orders: Array<{ order_id: number; assignee: string }>;
    };
    assert.equal(data.assignee, name, words);
    assert.equal(data.total, expected.total, words);
    assert.deepEqual(
      data.orders.map((order) => order.order_id).sort((a, b) => a - b),
      ids,
      words,
    );
    assert.ok(
      data.orders.every((order) => order.assignee === name),
      words,
    );
    assert.match(result.answer, new RegExp(`assigned to ${name.replace(/[()]/g, '\\$&')}`), words);
  }
});

test('an engineer the data does not have: said so, with the nearest names and every engineer', async () => {
  const { result } = await runSkill({ skill: workOrders, args: { assignee: 'Micheal Jonson' }, tools: plantTools() });
  const data = result.data as { error: string; candidates: string[] };
  assert.equal(data.error, 'unknown_person');
  assert.deepEqual(data.candidates, ['Michael Johnson']);
  assert.match(
    result.answer,
    /No engineer "Micheal Jonson".*The nearest names: Michael Johnson\..*The engineers are: 王磊/,
  );
  const nobody = await runSkill({
    skill: workOrders,
    args: { assignee: 'Tom Baker' },
    tools: plantTools(),
    language: 'zh',
  });
  assert.equal((nobody.result.data as { error: string }).error, 'unknown_person');
  assert.match(nobody.result.answer, /工程师名单里没有“Tom Baker”.*工程师有：王磊、Michael Johnson/);
});

test('an order by number, the oldest open order, the last closed one: who holds it, since when, cause and fix', async () => {
  const open = db
    .prepare(
      "SELECT order_id, title, priority, opened_at, assignee_id FROM work_orders WHERE status = 'open' ORDER BY opened_at, order_id LIMIT 1",
    )
    .get() as { order_id: number; title: string; priority: string; opened_at: string; assignee_id: number };
  const holder = db.prepare('SELECT name FROM engineers WHERE engineer_id = ?').get(open.assignee_id) as {
    name: string;
  };
  const oldest = await runSkill({ skill: workOrders, args: { status: 'open', sort: 'oldest' }, tools: plantTools() });
  assert.match(
    oldest.result.answer,
    new RegExp(
      `The oldest:\\n\\n- #${open.order_id} .*\\(${open.priority}, open since ` +
        `${open.opened_at.slice(0, 16).replace('T', ' ')}, open \\d+ d\\), assigned to \\*\\*${holder.name}`,
    ),
  );
  const byNumber = await runSkill({
    skill: workOrders,
    args: { order_ids: [open.order_id, 999999] },
    tools: plantTools(),
  });
  assert.match(byNumber.result.answer, /There is no work order #999999/);
  assert.match(byNumber.result.answer, new RegExp(`- #${open.order_id} `));
  const last = db
    .prepare(
      "SELECT order_id, root_cause, resolution, assignee_id FROM work_orders WHERE equipment_id = 'B-PRESS-03' AND status = 'closed' " +
        "AND (title LIKE '%crack%' OR symptom LIKE '%crack%' OR title LIKE '%裂纹%' OR symptom LIKE '%裂纹%' OR title LIKE '%开裂%' " +
        "OR symptom LIKE '%开裂%' OR title LIKE '%splits%' OR symptom LIKE '%splits%') ORDER BY closed_at DESC, order_id DESC LIMIT 1",
    )
    .get() as { order_id: number; root_cause: string; resolution: string; assignee_id: number };
  const fixer = db.prepare('SELECT name FROM engineers WHERE engineer_id = ?').get(last.assignee_id) as {
    name: string;
  };
  const crack = await runSkill({
    skill: workOrders,
    args: { equipment: 'B-PRESS-03', symptom: 'crack', status: 'closed', limit: 1, details: true },
    tools: plantTools(),
  });
  const text = crack.result.answer;
  assert.ok(text.includes(`- #${last.order_id} `), text);
  assert.ok(text.includes(`by **${fixer.name}**; root cause: ${last.root_cause}; fix: ${last.resolution}`), text);
});

test('counted per engineer: the closing engineers of a month ranked, every order counted', async () => {
  const expected = db
    .prepare(
      "SELECT e.name AS name, COUNT(*) AS n FROM work_orders w JOIN engineers e ON e.engineer_id = w.assignee_id WHERE w.status = 'closed' " +
        "AND w.closed_at >= '2026-10-01' AND w.closed_at < '2026-11-01' GROUP BY e.name ORDER BY n DESC, e.name",
    )
    .all() as Array<{ name: string; n: number }>;
  const { result } = await runSkill({
    skill: workOrders,
    args: { by: 'assignee', status: 'closed', dated_by: 'closed', period: { from: '2026-10-01', to: '2026-10-31' } },
    tools: plantTools(),
  });
  const data = result.data as { assignees: Array<{ assignee: string; orders: number }> };
  assert.deepEqual(
    data.assignees.map((entry) => [entry.assignee, entry.orders]),
    expected.map((row) => [row.name, row.n]),
  );
  assert.match(result.answer, new RegExp(`the most, \\*\\*${expected[0]!.name}\\*\\*, with ${expected[0]!.n}`));
});

test('the rules read the people and the single orders of work-order questions', () => {
  const names = plantNamesFrom({
    people: db.prepare(PLANT_NAMES_QUERIES.people).all() as Array<Record<string, string>>,
    batches: [],
  });
  const routeNamed = (question: string) =>
    routeQuestion(question, {
      skills: SKILLS,
      now: new Date('2026-11-29T10:00:00+08:00'),
      timezone: 'Asia/Shanghai',
      equipment,
      names,
    });
  const cases: Array<[string, Record<string, unknown>]> = [
    ['how many open tickets does michael still have', { assignee: 'Michael Johnson', status: 'open' }],
    ['佐藤手上有几张没关的单', { assignee: '佐藤健 (Ken Sato)', status: 'open' }],
    ['who is following up WO 3012', { order_ids: [3012], details: true }],
    ['哪张单子开得最久还没关', { sort: 'oldest', status: 'open' }],
    [
      'root cause on the last closed crack ticket for press 3?',
      { equipment: 'B-PRESS-03', status: 'closed', limit: 1, details: true },
    ],
    ['which engineer closed the most tickets last month', { by: 'assignee', status: 'closed', dated_by: 'closed' }],
  ];
  for (const [question, args] of cases) {
    const decision = routeNamed(question);
    assert.equal(
      decision.kind === 'skill' && decision.skill,
      'work_orders',
      `${question}: ${JSON.stringify(decision)}`,
    );
    for (const [key, value] of Object.entries(args))
      assert.deepEqual((decision as { args: Record<string, unknown> }).args[key], value, `${question}: ${key}`);
  }
  // a person the data does not have is named with the nearest people there are (by pinyin: the same
  // surname, 张 zhang), never dropped. (deepEqual, not assert.ok: a failing assert.ok on tsx-compiled code
  // makes node parse the one-line file for its message, minutes of CPU.)
  const unknown = routeNamed('has zhang jianguo closed his tickets yet');
  assert.equal(unknown.kind, 'none');
  const named = unknown.kind === 'none' ? unknown.unhonoured?.find((entry) => entry.kind === 'unknown') : undefined;
  assert.equal(named?.words, 'zhang jianguo');
  assert.equal(named?.nearest?.[0], '张伟', JSON.stringify(named));
});
