/**
 * The plant's skills against a seeded plant.db through the REAL McpManager
 * and the shipped servers (query, plant, holidays, docs, utils), re-invoked
 * as `mcp NAME` with the clock fixed. Every expected number is computed here
 * independently, with better-sqlite3 over the same plant.db (and the
 * on-call answer with date-holidays directly).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import Holidays from 'date-holidays';
import pino from 'pino';
import { loadConfig } from '../../config/load.js';
import { addDays, setFixedNow } from '../../clock.js';
import { McpManager } from '../../mcp/manager.js';
import { BUILTIN_TOOLS } from '../../mcp/builtin-tools.js';
import { openAgentDb } from '../../store/agent-db.js';
import { PlantSkillEngine } from '../engine.js';
import { SKILLS } from './index.js';
import { seedTestPlant, TEST_TODAY } from '../../seed/index.js';
import type { AgentEvent } from '../../types/answer.js';
import type { Language, SkillResult } from '../../skills/types.js';
import type { SqliteDatabase } from '../../store/sqlite.js';

// the runtime Markdown skills folder (skills/ at the repository root)
const skillsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../skills');
const NOW = `${TEST_TODAY}T10:00:00`; // Sunday 2026-11-29, plant time

let dir: string;
let plant: Database.Database;
let manager: McpManager;
let engine: PlantSkillEngine;
let agentDb: SqliteDatabase;

function pct(defective: number, inspected: number): string {
  return (Math.round((defective * 10000) / inspected) / 100).toFixed(2);
}

function totals(from: string, to: string, line: string): { inspected: number; defective: number } {
  return plant
    .prepare(
      'SELECT SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective FROM quality_data WHERE line_id = ? AND record_date BETWEEN ? AND ?',
    )
    .get(line, from, to) as { inspected: number; defective: number };
}

async function ask(
  name: string,
  args: Record<string, unknown>,
  language: Language = 'en',
): Promise<SkillResult & { events: AgentEvent[] }> {
  const events: AgentEvent[] = [];
  const result = await engine.run(name, args, {
    traceId: 'it',
    sessionId: 'it',
    language,
    signal: new AbortController().signal,
    tools: manager,
    onEvent: (event) => events.push(event),
  });
  return { ...result, events };
}

describe('skills against the seeded plant through the shipped MCP servers', () => {
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'skills-it-'));
    seedTestPlant({ dir });
    const yaml = [
      'plant:',
      '  timezone: Asia/Shanghai',
      `  db: ${JSON.stringify(path.join(dir, 'plant.db'))}`,
      'state:',
      `  db: ${JSON.stringify(path.join(dir, 'agent.db'))}`,
      `  fts_db: ${JSON.stringify(path.join(dir, 'fts.db'))}`,
      'docs:',
      `  root: ${JSON.stringify(path.join(dir, 'docs'))}`,
      'log:',
      `  dir: ${JSON.stringify(path.join(dir, 'log'))}`,
      'skills:',
      `  dir: ${JSON.stringify(skillsDir)}`,
      '  watch: false',
    ].join('\n');
    const configFile = path.join(dir, 'agent.yaml');
    writeFileSync(configFile, `${yaml}\n`);
    const { config } = loadConfig({ config: configFile });
    setFixedNow(NOW, 'Asia/Shanghai');
    manager = await McpManager.start({ config, configFile });
    agentDb = openAgentDb(path.join(dir, 'agent.db'));
    engine = new PlantSkillEngine({
      config,
      db: agentDb,
      log: pino({ level: 'silent' }),
      skills: SKILLS,
      tools: manager,
      watch: false,
    });
    // the router's equipment list and the plant's names (inspectors, products, batch numbers), as on a first question
    assert.equal(await engine.prepare(), true);
    plant = new Database(path.join(dir, 'plant.db'), { readonly: true });
  });

  after(async () => {
    plant?.close();
    await engine?.close();
    agentDb?.close();
    await manager?.close();
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  test('every shipped skill is registered and enabled, the Markdown on-call check with its fallback', () => {
    const list = engine.list();
    for (const name of [
      'quality_metrics',
      'weekly_report',
      'equipment_status',
      'fault_advice',
      'oncall_check',
      'oncall_check_procedure',
      'document_search',
      'current_datetime',
      'calculator',
      'public_holidays',
    ]) {
      const info = list.find((entry) => entry.name === name);
      assert.ok(info?.enabled, `${name}: ${info?.error ?? 'missing'}`);
    }
    assert.equal(list.find((entry) => entry.name === 'oncall_check')?.kind, 'markdown');
  });

  test('the shipped servers list exactly the tools BUILTIN_TOOLS names (the reason a switched-off one gives)', () => {
    const listed: Record<string, string[]> = {};
    for (const tool of manager.listTools()) (listed[tool.server] ??= []).push(tool.name);
    const sorted = (record: Record<string, readonly string[]>) =>
      Object.fromEntries(
        Object.entries(record)
          .map(([server, tools]) => [server, [...tools].sort()] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    assert.deepEqual(sorted(listed), sorted(BUILTIN_TOOLS));
  });

  test("line A's defect rate last Wednesday: exactly the counts and the rate of plant.db", async () => {
    const expected = totals('2026-11-18', '2026-11-18', 'A');
    assert.ok(expected.inspected > 0);
    const en = await ask('quality_metrics', {
      lines: ['A'],
      period: { from: '2026-11-18', to: '2026-11-18', label: 'last Wednesday' },
      metrics: ['defect_rate'],
    });
    assert.equal(
      en.answer,
      `**Line A**, last Wednesday, 2026-11-18 (Wed): defect rate ` +
        `**${pct(expected.defective, expected.inspected)}%** (${expected.defective} defective of ` +
        `${expected.inspected} pcs inspected).`,
    );
    const zh = await ask(
      'quality_metrics',
      { lines: ['A'], period: { from: '2026-11-18', to: '2026-11-18', label: '上周三' }, metrics: ['output', 'yield'] },
      'zh',
    );
    assert.ok(zh.answer.includes(`产量 **${expected.inspected} 件**`), zh.answer);
    assert.ok(
      zh.answer.includes(`良率 **${pct(expected.inspected - expected.defective, expected.inspected)}%**`),
      zh.answer,
    );
  });

  test('which line was worst last week, and every line over a month, match plant.db', async () => {
    const ranked = plant
      .prepare(
        'SELECT line_id, SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective FROM quality_data ' +
          "WHERE record_date BETWEEN '2026-11-16' AND '2026-11-22' GROUP BY line_id ORDER BY " +
          'SUM(defect_qty) * 1.0 / SUM(inspected_qty) DESC',
      )
      .all() as Array<{ line_id: string; inspected: number; defective: number }>;
    const worst = ranked[0]!;
    const result = await ask('quality_metrics', {
      period: { from: '2026-11-16', to: '2026-11-22', label: 'last week' },
      rank: 'worst',
      metrics: ['defect_rate'],
    });
    assert.ok(
      result.answer.startsWith(`Worst line last week (2026-11-16 – 2026-11-22): **Line ${worst.line_id}**`),
      result.answer,
    );
    for (const line of ranked)
      assert.ok(
        result.answer.includes(
          `| Line ${line.line_id} | ${line.inspected} | ${line.defective} | ${pct(line.defective, line.inspected)}% |`,
        ),
        `${line.line_id}\n${result.answer}`,
      );
    assert.deepEqual(
      (result.data as { ranking: string[] }).ranking,
      ranked.map((line) => line.line_id),
    );
    const month = await ask(
      'quality_metrics',
      { period: { from: '2026-10-01', to: '2026-10-31' }, metrics: ['output'] },
      'zh',
    );
    for (const line of ['A', 'B', 'C', 'D']) {
      const expected = totals('2026-10-01', '2026-10-31', line);
      assert.ok(
        month.answer.includes(
          `| 产线${line} | ${expected.inspected} | ${expected.defective} | ${pct(expected.defective, expected.inspected)}% |`,
        ),
        month.answer,
      );
    }
  });

  test('an unknown line, a future date and a period before the data get clear answers', async () => {
    const unknown = await ask('quality_metrics', { lines: ['E'], period: { from: '2026-11-18', to: '2026-11-18' } });
    assert.equal(
      unknown.answer,
      'There is no line "E" in this plant. The lines are: Line A (A), Line B (B), Line C (C), Line D (D).',
    );
    const future = await ask(
      'quality_metrics',
      { lines: ['A'], period: { from: '2026-12-02', to: '2026-12-02' } },
      'zh',
    );
    assert.match(future.answer, /^2026-12-02（周三）还没有到来（今天是 2026-11-29）/);
    const window = plant
      .prepare('SELECT MIN(record_date) AS first, MAX(record_date) AS last FROM quality_data')
      .get() as { first: string; last: string };
    const before = await ask('quality_metrics', { lines: ['A'], period: { from: '2024-03-01', to: '2024-03-31' } });
    assert.equal(
      before.answer,
      `No inspection records for Line A in 2024-03-01 – 2024-03-31 — no data, not a zero. The inspection data covers ${window.first} to ${window.last}.`,
    );
  });

  test("the weekly report's numbers are plant.db's, per line, this week against last week", async () => {
    const result = await ask('weekly_report', {});
    assert.match(
      result.answer,
      /^## Weekly quality report: this week 2026-11-23 – 2026-11-29, 7 days so far, against last week 2026-11-16 – 2026-11-22/,
    );
    for (const line of ['A', 'B', 'C', 'D']) {
      const current = totals('2026-11-23', '2026-11-29', line);
      const previous = totals('2026-11-16', '2026-11-22', line);
      const row =
        `| Line ${line} | ${current.inspected} | ${previous.inspected} | ` +
        `${pct(current.defective, current.inspected)}% | ${pct(previous.defective, previous.inspected)}% ` +
        `|`;
      assert.ok(result.answer.includes(row), `${row}\n${result.answer}`);
      const top = plant
        .prepare(
          'SELECT t.name_en AS name, SUM(q.defect_qty) AS n FROM quality_data q JOIN defect_types t ON ' +
            "t.defect_type = q.defect_type WHERE q.line_id = ? AND q.record_date BETWEEN '2026-11-23' AND " +
            "'2026-11-29' GROUP BY q.defect_type ORDER BY n DESC LIMIT 1",
        )
        .get(line) as { name: string; n: number } | undefined;
      if (top) assert.ok(result.answer.includes(`${top.name} ${top.n} pcs`), `${line} top defect ${top.name}`);
    }
    const progress = result.events
      .filter((event) => event.type === 'skill-progress')
      .map((event) => (event as { message: string }).message);
    assert.equal(progress.at(-1), 'done');
    assert.equal(result.charts?.length, 2);
    assert.equal(result.charts?.[1]?.title, 'Output per line (pcs)', 'a whole week against a whole week');
    // on Saturday the week has 6 days: the output bars say so, against last week's 7
    setFixedNow('2026-11-28T10:00:00', 'Asia/Shanghai');
    try {
      const saturday = await ask('weekly_report', {});
      const output = saturday.charts?.[1];
      assert.equal(output?.title, 'Output per line (pcs): this week has 6 days, last week 7');
      assert.deepEqual(
        output?.series.map((series) => series.name),
        ['this week (6 d)', 'last week (7 d)'],
      );
    } finally {
      setFixedNow(NOW, 'Asia/Shanghai');
    }
  });

  test("equipment: 'press 3' resolves to B-PRESS-03 with its overdue maintenance; overdue list as in plant.db", async () => {
    const item = plant.prepare("SELECT next_maintenance FROM equipment WHERE equipment_id = 'B-PRESS-03'").get() as {
      next_maintenance: string;
    };
    const overdueDays = Math.round(
      (Date.parse(TEST_TODAY) - Date.parse(item.next_maintenance.slice(0, 10))) / 86400000,
    );
    const one = await ask('equipment_status', { equipment: 'press 3' });
    assert.ok(one.answer.startsWith(`**B-PRESS-03** Press 3 (Line B, Press): status **`), one.answer);
    assert.ok(one.answer.includes(`overdue by ${overdueDays} days`), one.answer);
    const overdue = plant
      .prepare('SELECT equipment_id FROM equipment WHERE substr(next_maintenance, 1, 10) < ? ORDER BY next_maintenance')
      .all(TEST_TODAY) as Array<{ equipment_id: string }>;
    const list = await ask('equipment_status', { overdue_only: true }, 'zh');
    assert.deepEqual(
      (list.data as { overdue: string[] }).overdue,
      overdue.map((row) => row.equipment_id),
    );
    const ambiguous = await ask('equipment_status', { equipment: 'press 1' });
    assert.match(ambiguous.answer, /^"press 1" matches 2 machines: A-PRESS-01 \(Line A\), B-PRESS-01 \(Line B\)/);
  });

  test("fault advice cites real closed orders and the machine's open ones", async () => {
    const result = await ask('fault_advice', { symptom: '异常振动', equipment: '3号冲压机', line: 'B' }, 'zh');
    assert.match(result.answer, /^\*\*B-PRESS-03\*\* 3号冲压机“异常振动”的维修建议：找到 \d+ 张相似的已关闭工单/);
    const firstFix = /\n1\. (.+?)——有效 (\d+) 次.*?工单 ((?:#\d+ ?)+)/.exec(result.answer);
    assert.ok(firstFix, result.answer);
    for (const id of firstFix[3]!
      .trim()
      .split(' ')
      .map((ref) => Number(ref.slice(1)))) {
      const order = plant
        .prepare('SELECT status, resolution, equipment_id FROM work_orders WHERE order_id = ?')
        .get(id) as { status: string; resolution: string; equipment_id: string };
      assert.equal(order.status, 'closed', `#${id}`);
      assert.equal(order.equipment_id, 'B-PRESS-03', `#${id}`);
    }
    const open = plant
      .prepare("SELECT order_id FROM work_orders WHERE status = 'open' AND equipment_id = 'B-PRESS-03'")
      .all() as Array<{ order_id: number }>;
    for (const order of open) assert.ok(result.answer.includes(`#${order.order_id} [`), `open #${order.order_id}`);
    const none = await ask('fault_advice', { symptom: 'xylophone quasar' });
    assert.match(
      none.answer,
      /^No closed work order among \d+ resembles "xylophone quasar", so there is no precedent to recommend/,
    );
  });

  test('public holidays: a day and a range, through the holidays server, as date-holidays has them', async () => {
    // a day in the country asked: Italy's 8 December (Immacolata Concezione) is a public holiday by law
    const italy = new Holidays('IT')
      .getHolidays(2026)
      .filter((holiday) => holiday.type === 'public' && holiday.date.startsWith('2026-12-08'));
    assert.equal(italy.length, 1, 'the calendar has 2026-12-08 as a public holiday in Italy');
    const day = await ask('public_holidays', { country: 'IT', date: '2026-12-08' });
    assert.match(day.answer, /^\*\*2026-12-08 \(Tue\)\*\* is a public holiday in \*\*Italy \(IT\)\*\*: /);
    assert.ok(day.answer.includes(italy[0]!.name), day.answer);
    const workday = await ask('public_holidays', { country: 'IT', date: '2026-12-09' }, 'zh');
    assert.match(workday.answer, /^\*\*2026-12-09（周三）\*\* 不是\*\*意大利（IT）\*\*的法定节假日。/);
    // a range, no country named: the plant's own (Asia/Shanghai → CN), every public day the calendar has in it
    const expected = new Holidays('CN')
      .getHolidays(2026)
      .filter((holiday) => holiday.type === 'public')
      .filter((holiday) => holiday.date.slice(0, 10) <= '2026-10-07' && holiday.end.toISOString() > '2026-10-01');
    assert.ok(expected.length > 0);
    const range = await ask(
      'public_holidays',
      { period: { from: '2026-10-01', to: '2026-10-07', label: '国庆' } },
      'zh',
    );
    const data = range.data as { country: string; country_source: string; holidays: Array<{ date: string }> };
    assert.equal(data.country, 'CN');
    assert.equal(data.country_source, 'plant_timezone');
    assert.equal(data.holidays.length, expected.length, range.answer);
    assert.match(
      range.answer,
      /^国庆（2026-10-01 – 2026-10-07）中国（CN）的法定节假日（\d+ 个）：\n- 2026-10-01（周四）/,
    );
    assert.match(range.answer, /未指明国家：按工厂所在时区 Asia\/Shanghai 取 CN/);
  });

  test('the on-call check (Markdown skill run by its fallback) against date-holidays and plant.db', async () => {
    const check = async (date: string, atLocal: string, language: Language) => {
      const engineer = plant
        .prepare(
          'SELECT e.engineer_id, e.name, e.login, e.country_code, e.timezone FROM rotations r JOIN ' +
            'engineers e ON e.engineer_id = r.engineer_id WHERE r.starts_at <= ? AND r.ends_at > ?',
        )
        .get(atLocal, atLocal) as {
        engineer_id: number;
        name: string;
        login: string;
        country_code: string;
        timezone: string;
      };
      const calendar = new Holidays(engineer.country_code);
      const publicHolidays = (calendar.getHolidays(Number(date.slice(0, 4))) || []).filter(
        (holiday) => holiday.type === 'public' && holiday.date.slice(0, 10) === date,
      );
      const issues = plant
        .prepare(
          "SELECT order_id, title FROM work_orders WHERE status = 'open' AND priority = 'P1' AND assignee_id = ? ORDER BY opened_at, order_id",
        )
        .all(engineer.engineer_id) as Array<{ order_id: number; title: string }>;
      const all = plant
        .prepare(
          "SELECT order_id, title, priority FROM work_orders WHERE status = 'open' AND assignee_id = ? ORDER BY priority, opened_at, order_id",
        )
        .all(engineer.engineer_id) as Array<{ order_id: number; title: string; priority: string }>;
      return { engineer, publicHolidays, issues, all };
    };
    // Thanksgiving, asked for explicitly: Michael Johnson's week
    const thanksgiving = await check('2026-11-26', '2026-11-26T12:00:00', 'en');
    assert.equal(thanksgiving.engineer.login, 'mjohnson');
    assert.ok(thanksgiving.publicHolidays.length > 0 && thanksgiving.issues.length > 0);
    const names = thanksgiving.publicHolidays.map((holiday) => holiday.name).join(' / ');
    const escalation = await ask('oncall_check', { date: '2026-11-26', priority: 'P1' });
    assert.equal(
      escalation.answer,
      `Escalation needed: ${thanksgiving.engineer.name} (${thanksgiving.engineer.login}) is on call ` +
        `and 2026-11-26 is a public holiday in US (${names}). Open P1 work orders that need cover ` +
        `(${thanksgiving.issues.length}):` +
        `\n${thanksgiving.issues.map((issue) => `#${issue.order_id} ${issue.title}`).join('\n')}`,
    );
    // no priority asked: every open work order they hold, most urgent first
    assert.ok(thanksgiving.all.length > thanksgiving.issues.length);
    const everything = await ask('oncall_check', { date: '2026-11-26' });
    assert.equal(
      everything.answer,
      `Escalation needed: ${thanksgiving.engineer.name} (${thanksgiving.engineer.login}) is on call ` +
        `and 2026-11-26 is a public holiday in US (${names}). Open work orders that need cover ` +
        `(${thanksgiving.all.length}):` +
        `\n${thanksgiving.all.map((issue) => `#${issue.order_id} [${issue.priority}] ${issue.title}`).join('\n')}`,
    );
    // today: the engineer's LOCAL date (Chicago is still on Saturday 2026-11-28 at 10:00 in Shanghai)
    const localDate = addDays(TEST_TODAY, -1);
    const today = await check(localDate, NOW, 'zh');
    const normal = await ask('oncall_check', {}, 'zh');
    const holidayText = today.publicHolidays.length > 0 ? '是法定节假日' : '不是法定节假日';
    assert.ok(
      normal.answer.includes(
        `值班工程师 ${today.engineer.name}（${today.engineer.login}）所在国家 ${today.engineer.country_code} 的 ${localDate} ${holidayText}`,
      ),
      normal.answer,
    );
    for (const issue of today.all)
      assert.ok(normal.answer.includes(`#${issue.order_id} [${issue.priority}] ${issue.title}`), normal.answer);
  });

  test('documents: a search finds the SOP; a GBK file reads as UTF-8', async () => {
    const found = await ask('document_search', { query: 'SOP-PR-007' });
    assert.match(found.answer, /sop\/SOP-PR-007-press-vibration\.md/);
    const raw = readFileSync(path.join(dir, 'docs', 'manuals', 'legacy', 'welder-NB-500.txt'));
    const decoded = new TextDecoder('gbk').decode(raw);
    const firstLine = decoded.split(/\r?\n/).find((line) => /\p{Script=Han}/u.test(line))!;
    const read = await ask('document_search', { query: 'welder', path: 'manuals/legacy/welder-NB-500.txt' }, 'zh');
    assert.ok(read.answer.includes(firstLine.trim()), read.answer.slice(0, 400));
  });

  test('every example question of the rules is answered by its skill, in its language', async () => {
    for (const language of ['zh', 'en'] as const) {
      for (const question of engine.examples(language)) {
        const decision = engine.route(question, {});
        assert.equal(decision.kind, 'skill', question);
        if (decision.kind !== 'skill') continue;
        assert.deepEqual(decision.missing, [], question);
        const result = await ask(decision.skill, decision.args, decision.language);
        assert.ok(result.answer.length > 10, `${question} → ${result.answer}`);
        assert.equal(
          (result.data as { error?: string } | undefined)?.error,
          undefined,
          `${question} → ${result.answer}`,
        );
        if (process.env.SHOW_ANSWERS) process.stderr.write(`\n### ${question}\n${result.answer}\n`);
      }
    }
  });

  test('inspectors, products and batches: the router knows the names plant.db holds, the figures match SQL', async () => {
    const names = plant
      .prepare('SELECT inspector, COUNT(*) AS batches FROM quality_data GROUP BY inspector ORDER BY inspector')
      .all() as Array<{ inspector: string }>;
    assert.ok(names.length >= 8, 'the seeded plant has named inspectors');
    const { inspector } = names[names.length - 1]!;
    const decision = engine.route(`${inspector}上周检验了多少件？`, {});
    assert.equal(decision.kind === 'skill' && decision.skill, 'quality_breakdown', JSON.stringify(decision));
    if (decision.kind !== 'skill') return;
    assert.deepEqual(decision.args.inspectors, [inspector]);
    const result = await ask(decision.skill, decision.args, 'zh');
    const expected = plant
      .prepare(
        'SELECT SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defective FROM quality_data WHERE inspector = ? ' +
          "AND record_date BETWEEN '2026-11-16' AND '2026-11-22'",
      )
      .get(inspector) as { inspected: number; defective: number };
    assert.ok(result.answer.includes(`检验 **${expected.inspected} 件**`), result.answer);
    assert.ok(result.answer.includes(`${pct(expected.defective, expected.inspected)}%`), result.answer);

    const product = plant.prepare("SELECT product FROM production_lines WHERE line_id = 'C'").get() as {
      product: string;
    };
    const code = product.product.split(/\s+/).find((part) => /\d/.test(part))!;
    const byCode = engine.route(`defect rate of ${code.toLowerCase().replace('-', '')} this month`, {});
    assert.equal(byCode.kind === 'skill' && byCode.skill, 'quality_breakdown', JSON.stringify(byCode));
    if (byCode.kind === 'skill') assert.deepEqual(byCode.args.products, [product.product]);

    // a bare batch number, read by the shape of the plant's own numbers
    const batch = plant.prepare("SELECT batch_no, inspector FROM quality_data WHERE line_id = 'B' LIMIT 1").get() as {
      batch_no: string;
      inspector: string;
    };
    const bare = engine.route(batch.batch_no, {});
    assert.equal(bare.kind === 'skill' && bare.skill, 'batch_lookup', JSON.stringify(bare));
    if (bare.kind !== 'skill') return;
    const lookup = await ask(bare.skill, bare.args);
    assert.ok(lookup.answer.includes(`inspected by **${batch.inspector}**`), lookup.answer);
  });

  test('date and calculator through the utils server', async () => {
    const now = await ask('current_datetime', {}, 'zh');
    assert.equal(now.answer, '现在是 2026-11-29 10:00:00，星期日（Asia/Shanghai，UTC+08:00），ISO 周 2026-W48。');
    const sum = await ask('calculator', { expression: '12*7+3' });
    assert.equal(sum.answer, '12*7+3 = **87**');
  });
});
