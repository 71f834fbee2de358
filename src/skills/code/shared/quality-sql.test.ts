import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFile } from '../../../import/importer.js';
import { seedTestPlant } from '../../../seed/testing.js';
import { openSqlite, type SqliteDatabase } from '../../../store/sqlite.js';
import { qualityBreakdown } from '../quality_breakdown/skill.js';
import { qualityCompare } from '../quality_compare/skill.js';
import { qualityMetrics } from '../quality_metrics/skill.js';
import { weeklyReport } from '../weekly_report/skill.js';
import { defectsSql, figuresSql, type QuerySql } from './quality-sql.js';
import { fakeTools, runSkill, sqlOf, toolErr, plantDbTools } from './testing.js';

let dir = '';
let plant = '';
/** the same plant without its rollups (a database from before them, or the plant's own) */
let bare = '';

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'quality-sql-'));
  plant = seedTestPlant({ dir, rows: 6000, docs: false }).db;
  // rows the seeder does not make: defects without a type, a corrected batch moved to another day
  const file = path.join(dir, 'extra.csv');
  writeFileSync(
    file,
    'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at\n' +
      'A,2026-11-25,day,A20261125X001,车门铰链 HG-220,500,6,,张伟,2026-11-25T10:00:00\n' +
      'B,2026-11-26,night,B20261126X001,冲压支架 BR-310,300,4,,新来的,2026-11-26T22:00:00\n' +
      'C,2026-11-24,day,C20261124D001,精密轴套 BS-100,880,12,dimension,周杰,2026-11-24T09:00:00\n',
  );
  const report = await importFile({ db: plant, table: 'quality_data', file, importedAt: '2026-11-29T06:00:00' });
  assert.equal(report.status, 'imported');
  bare = path.join(dir, 'bare.db');
  copyFileSync(plant, bare);
  const handle = openSqlite(bare);
  handle.exec('DROP TABLE quality_daily; DROP TABLE quality_daily_inspectors; DROP TABLE quality_daily_defects');
  handle.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

function both(db: SqliteDatabase, sql: QuerySql): { rollup: unknown[]; raw: unknown[] } {
  return { rollup: db.prepare(sql.rollup).all(), raw: db.prepare(sql.raw).all() };
}

const WEEK = "record_date BETWEEN '2026-11-23' AND '2026-11-29'";
const PART = "CASE WHEN record_date >= '2026-11-20' THEN 'asked' ELSE 'base' END AS part";

test('every shape of figures query gives the same rows from the rollups as from quality_data', () => {
  const db = openSqlite(plant, { readonly: true });
  try {
    const shapes = [
      { keys: ['line_id'], where: WEEK },
      { keys: ['line_id'], where: `${WEEK} AND shift = 'night' AND line_id IN ('A', 'B')` },
      { keys: ['shift'], where: "record_date BETWEEN '2025-11-01' AND '2026-10-31'" },
      { keys: ['record_date', 'line_id'], where: WEEK },
      { keys: [PART, 'shift'], where: "record_date BETWEEN '2026-10-23' AND '2026-11-26' AND line_id IN ('B')" },
      { keys: ['line_id'], where: WEEK, defectType: "'burr'" },
      { keys: ['record_date', 'line_id'], where: `${WEEK} AND shift = 'day'`, defectType: "'dimension'" },
      { keys: ['product AS name'], where: WEEK, extra: 'GROUP_CONCAT(DISTINCT line_id) AS lines' },
      {
        keys: ['inspector AS name'],
        where: `${WEEK} AND inspector IN ('张伟', '新来的')`,
        extra: 'GROUP_CONCAT(DISTINCT line_id) AS lines',
        inspectors: true,
      },
    ];
    for (const shape of shapes) {
      const { rollup, raw } = both(db, figuresSql(shape));
      assert.ok(raw.length > 0, `${JSON.stringify(shape)} finds rows`);
      assert.deepEqual(rollup, raw, JSON.stringify(shape));
    }
    for (const shape of [
      { keys: ['line_id'], where: WEEK },
      { keys: [PART], where: "record_date BETWEEN '2026-10-23' AND '2026-11-26' AND line_id IN ('A')" },
      { keys: ['line_id'], where: `${WEEK} AND shift = 'night'` },
    ]) {
      const { rollup, raw } = both(db, defectsSql(shape));
      assert.ok(raw.length > 0, `${JSON.stringify(shape)} finds rows`);
      assert.deepEqual(rollup, raw, JSON.stringify(shape));
    }
  } finally {
    db.close();
  }
});

/** query_database on a plant.db: its rows, or the error text the query server gives (no such table …) */
function toolsOn(file: string) {
  const db = openSqlite(file, { readonly: true });
  const real = plantDbTools(db);
  const tools = fakeTools(async (request) => {
    try {
      const { ms, ...reply } = await real.callTool(request);
      void ms;
      return reply;
    } catch (error) {
      return toolErr('QUERY_FAILED', (error as Error).message);
    }
  });
  return { tools, close: () => db.close() };
}

test('the quality skills answer from the rollups, and the same from quality_data on a database without them', async () => {
  const asks = [
    {
      skill: qualityMetrics,
      args: {
        lines: [],
        period: { from: '2026-11-23', to: '2026-11-29' },
        metrics: ['defect_rate', 'defect_types'],
        by_day: true,
      },
    },
    {
      skill: qualityMetrics,
      args: {
        lines: ['C'],
        period: { from: '2026-11-01', to: '2026-11-28' },
        metrics: ['defect_rate'],
        shift: 'day',
        defect_type: 'dimension',
      },
    },
    { skill: qualityCompare, args: { mode: 'previous', lines: [], period: { from: '2026-11-23', to: '2026-11-29' } } },
    { skill: qualityCompare, args: { mode: 'shifts', lines: ['B'], period: { from: '2026-11-01', to: '2026-11-28' } } },
    { skill: qualityCompare, args: { mode: 'why', lines: ['B'], period: { from: '2026-11-25', to: '2026-11-25' } } },
    { skill: weeklyReport, args: { lines: [] } },
    {
      skill: qualityBreakdown,
      args: { by: 'inspector', lines: ['A'], period: { from: '2026-11-01', to: '2026-11-28' } },
    },
    { skill: qualityBreakdown, args: { by: 'product', period: { from: '2026-11-23', to: '2026-11-29' } } },
  ];
  for (const ask of asks) {
    const rolled = toolsOn(plant);
    const raw = toolsOn(bare);
    try {
      const fromRollups = await runSkill({ skill: ask.skill, args: ask.args, tools: rolled.tools });
      const fromRaw = await runSkill({ skill: ask.skill, args: ask.args, tools: raw.tools });
      const name = `${ask.skill.name} ${JSON.stringify(ask.args)}`;
      assert.doesNotMatch(fromRollups.result.answer, /failed|error/i, `${name}: ${fromRollups.result.answer}`);
      assert.equal(fromRollups.result.answer, fromRaw.result.answer, name);
      const rolledSql = rolled.tools.calls.map(sqlOf);
      assert.ok(
        rolledSql.some((sql) => /FROM quality_daily/.test(sql)),
        `${name} reads a rollup: ${rolledSql.join('\n')}`,
      );
      assert.ok(
        !rolledSql.some((sql) => /FROM quality_data\b/.test(sql) && /GROUP BY/.test(sql) && !/batch_no/.test(sql)),
        `${name}: no grouped query on the raw rows when the rollups hold the grain:\n${rolledSql.join('\n')}`,
      );
    } finally {
      rolled.close();
      raw.close();
    }
  }
});
