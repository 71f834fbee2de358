/**
 * The query server end to end: the real server over stdio (selfCommand →
 * `mcp query --config FILE`) behind the real SDK client, on a seeded plant.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CORPUS } from './corpus.js';
import { makeFixture, sha256, startQueryServer, type QueryFixture, type RunningServer } from './test-support.js';

let fixture: QueryFixture;
let server: RunningServer;

before(async () => {
  fixture = makeFixture({ rows: 3000 });
  server = await startQueryServer(fixture.configFile);
});

after(async () => {
  await server?.close();
  fixture?.cleanup();
});

test('the guard corpus through the real server: every verdict as expected, allowed rows equal SQLite’s, plant.db bytes unchanged', async () => {
  const digest = sha256(fixture.plantDb);
  const direct = new Database(fixture.plantDb, { readonly: true });
  const wrong: string[] = [];
  try {
    for (const entry of CORPUS) {
      const outcome = await server.query(entry.sql, `corpus: ${entry.note ?? entry.expect}`);
      const got = outcome.isError ? (outcome.structured?.error?.code as string) : 'allow';
      if (got !== entry.expect) {
        wrong.push(
          `${JSON.stringify(entry.sql.slice(0, 100))}: expected ${entry.expect}, got ${got}: ${outcome.text.slice(0, 300)}`,
        );
        continue;
      }
      if (outcome.isError) {
        assert.match(outcome.text, new RegExp(`\\[${entry.expect}\\]`));
        continue;
      }
      const result = outcome.structured;
      assert.deepEqual(Object.keys(result).sort(), [
        'cached',
        'columns',
        'elapsed_ms',
        'has_more',
        'row_count',
        'rows',
      ]);
      if (!/random|'now'/i.test(entry.sql)) {
        const statement = direct.prepare(entry.sql);
        const expected = (statement.raw(true).all() as unknown[][]).map((row) =>
          row.map((value) => (Buffer.isBuffer(value) ? `x'${value.toString('hex')}'` : value)),
        );
        assert.deepEqual(result.rows, expected, entry.sql);
        assert.deepEqual(
          result.columns,
          statement.columns().map((column) => column.name),
          entry.sql,
        );
        assert.equal(result.row_count, expected.length);
      }
    }
  } finally {
    direct.close();
  }
  assert.deepEqual(wrong, []);
  assert.equal(sha256(fixture.plantDb), digest, 'plant.db changed');
});

test('describe_schema lists tables, columns, indexes, row counts and the metric definitions', async () => {
  const all = await server.call('describe_schema', {});
  assert.equal(all.isError, false);
  const quality = all.structured.tables.find((table: { name: string }) => table.name === 'quality_data');
  assert.equal(quality.row_count, 3000);
  assert.ok(
    quality.columns.some(
      (column: { name: string; type: string }) => column.name === 'record_date' && column.type === 'TEXT',
    ),
  );
  assert.ok(
    quality.indexes.some(
      (index: { name: string; columns: string[] }) =>
        index.name === 'idx_quality_line_date' && index.columns.join() === 'line_id,record_date',
    ),
  );
  for (const table of ['production_lines', 'equipment', 'engineers', 'rotations', 'work_orders']) {
    assert.ok(
      all.structured.tables.some((candidate: { name: string }) => candidate.name === table),
      table,
    );
  }
  assert.ok(
    all.structured.metric_definitions.some((definition: string) =>
      definition.includes('SUM(defect_qty) / SUM(inspected_qty)'),
    ),
  );
  assert.match(all.text, /次品率/);

  const one = await server.call('describe_schema', { table: 'QUALITY_DATA' });
  assert.match(one.text, /INDEX idx_quality_line_date ON \(line_id, record_date\)/);
  assert.deepEqual(
    one.structured.tables.map((table: { name: string }) => table.name),
    ['quality_data'],
  );

  const unknown = await server.call('describe_schema', { table: 'qualitydata' });
  assert.equal(unknown.isError, true);
  assert.equal(unknown.structured.error.code, 'NOT_FOUND');
  assert.match(unknown.text, /quality_data/);
  assert.match(unknown.text, /production_lines/);
});

test('describe_schema without a table: every table and view in an overview a model reads whole (under the 4000-character cut)', async () => {
  const all = await server.call('describe_schema', {});
  assert.ok(all.text.length < 4000, `${all.text.length} characters`);
  assert.ok(all.structured.tables.length >= 10);
  for (const table of all.structured.tables as Array<{ name: string; columns: Array<{ name: string }> }>) {
    assert.match(all.text, new RegExp(`(^|\\n)(VIEW |- )?${table.name}[ ,(]`), table.name);
    if (!table.name.startsWith('quality_daily'))
      for (const column of table.columns) assert.ok(all.text.includes(column.name), `${table.name}.${column.name}`);
  }
  assert.match(all.text, /work_orders, \d+ rows — maintenance work orders/);
  assert.match(all.text, /status 'open'\|'closed'/);
  assert.match(all.text, /describe_schema\(table\)/);
  assert.match(all.text, /次品率/);
});

test('the rollups: in describe_schema with a note on when to use each, queried like any table, equal to the raw rows', async () => {
  const all = await server.call('describe_schema', {});
  for (const name of ['quality_daily', 'quality_daily_defects', 'quality_daily_inspectors']) {
    const table = all.structured.tables.find((candidate: { name: string }) => candidate.name === name);
    assert.ok(table, name);
    assert.match(table.note, /rollup of quality_data/, name);
    assert.ok(table.row_count > 0, name);
  }
  const daily = await server.call('describe_schema', { table: 'quality_daily' });
  assert.match(
    daily.text,
    /TABLE quality_daily, \d+ rows\n {2}-- rollup of quality_data, one row per day × line × shift × product/,
  );
  assert.match(daily.text, /batches INTEGER NOT NULL {2}-- quality_data rows \(batches\) summed here/);
  assert.match(daily.text, /query the rollups quality_daily, quality_daily_defects, quality_daily_inspectors/);
  for (const name of ['quality_daily', 'quality_daily_defects', 'quality_daily_inspectors'])
    assert.match(all.text, new RegExp(`\\n- ${name} \\(\\d+ rows\\): record_date × line_id × shift`), name);
  const week = "record_date BETWEEN '2026-11-16' AND '2026-11-22'";
  const fromRollup = await server.query(
    'SELECT line_id, SUM(inspected_qty) AS output, SUM(defect_qty) AS defects, SUM(batches) AS batches FROM ' +
      `quality_daily WHERE ${week} GROUP BY line_id ORDER BY line_id LIMIT 10`,
  );
  const fromRaw = await server.query(
    'SELECT line_id, SUM(inspected_qty) AS output, SUM(defect_qty) AS defects, COUNT(*) AS batches FROM ' +
      `quality_data WHERE ${week} GROUP BY line_id ORDER BY line_id LIMIT 10`,
  );
  assert.equal(fromRollup.isError, false, fromRollup.text);
  assert.equal(fromRollup.structured.row_count, 4);
  assert.deepEqual(fromRollup.structured.rows, fromRaw.structured.rows);
  const { tools } = await server.client.listTools();
  const description = tools.find((tool) => tool.name === 'query_database')!.description!;
  assert.match(description, /FROM quality_daily WHERE record_date BETWEEN/);
  assert.match(description, /汇总表/);
});

test('tools/list: query_database needs sql and purpose; its manual is English and Chinese', async () => {
  const { tools } = await server.client.listTools();
  const query = tools.find((tool) => tool.name === 'query_database')!;
  assert.deepEqual([...(query.inputSchema.required ?? [])].sort(), ['purpose', 'sql']);
  for (const phrase of [
    'LIMIT',
    'OFFSET',
    'SELECT *',
    'purpose',
    '只读',
    '翻页',
    'describe_schema',
    'SUM(defect_qty)',
  ]) {
    assert.ok(query.description!.includes(phrase), phrase);
  }
  assert.ok(tools.some((tool) => tool.name === 'describe_schema'));
});

test('has_more and paging with OFFSET', async () => {
  const sql = (limit: number, offset: number): string =>
    `SELECT record_id FROM quality_data ORDER BY record_id LIMIT ${limit} OFFSET ${offset}`;
  const first = (await server.query(sql(100, 0))).structured;
  assert.equal(first.row_count, 100);
  assert.equal(first.has_more, true);
  const last = (await server.query(sql(100, 2950))).structured;
  assert.equal(last.row_count, 50);
  assert.equal(last.has_more, false);
  const exact = (await server.query(sql(10, 2990))).structured;
  assert.equal(exact.row_count, 10);
  assert.equal(exact.has_more, false, 'exactly the last 10 rows: nothing beyond');
  const commaForm = (await server.query('SELECT record_id FROM quality_data ORDER BY record_id LIMIT 2989, 10'))
    .structured;
  assert.equal(commaForm.row_count, 10);
  assert.equal(commaForm.has_more, true);
  assert.equal(commaForm.rows[0][0], first.rows[0][0] + 2989);
  const text = (await server.query(sql(5, 0))).text;
  assert.match(text, /next page with LIMIT 5 OFFSET 5/);
});

test('cache: a repeat is a hit (also with other whitespace, comments and keyword case) and plant.db changes invalidate it', async () => {
  const sql = "SELECT line_id, name_en FROM production_lines WHERE line_id IN ('A', 'B') ORDER BY line_id LIMIT 2";
  const miss = await server.query(sql);
  assert.equal(miss.structured.cached, false);
  const hit = await server.query(sql);
  assert.equal(hit.structured.cached, true);
  assert.deepEqual(hit.structured.rows, miss.structured.rows);
  // a hit hands out the text as rendered on the miss, under its own header
  const below = (text: string): string => text.slice(text.indexOf('\n') + 1);
  assert.match(hit.text.split('\n')[0]!, /^2 rows · [\d.]+ ms · from cache$/);
  assert.equal(below(hit.text), below(miss.text));
  assert.match(below(hit.text), /^line_id \| name_en\nA \| Line A\nB \| /);
  assert.equal(below((await server.query(sql)).text), below(miss.text));
  const variant = await server.query(
    `select line_id, name_en\n  from production_lines /* again */ where line_id in ('A', 'B') order by line_id limit 2;`,
  );
  assert.equal(variant.structured.cached, true);
  assert.equal(below(variant.text), below(miss.text));
  const aliased = await server.query(
    "SELECT line_id, name_en FROM production_lines WHERE line_id IN ('A', 'B') ORDER BY line_id LIMIT 2 -- same",
  );
  assert.equal(aliased.structured.cached, true);
  assert.equal(
    (await server.query("SELECT date('now') AS d, line_id FROM production_lines LIMIT 1")).structured.cached,
    false,
  );
  assert.equal(
    (await server.query("SELECT date('now') AS d, line_id FROM production_lines LIMIT 1")).structured.cached,
    false,
    'volatile SQL is never cached',
  );

  // another connection commits a change (as a maintenance command would): data_version moves
  const writer = new Database(fixture.plantDb);
  writer.prepare("UPDATE production_lines SET name_en = 'Line A (renamed)' WHERE line_id = 'A'").run();
  writer.close();
  const afterUpdate = await server.query(sql);
  assert.equal(afterUpdate.structured.cached, false);
  assert.equal(afterUpdate.structured.rows[0][1], 'Line A (renamed)');
  assert.equal((await server.query(sql)).structured.cached, true);

  // the seeder writes a new file and renames it over plant.db: the server reopens and forgets
  const next = path.join(fixture.dir, 'plant.next.db');
  copyFileSync(fixture.plantDb, next);
  const nextDb = new Database(next);
  nextDb.prepare("UPDATE production_lines SET name_en = 'Line A (new file)' WHERE line_id = 'A'").run();
  nextDb.close();
  renameSync(next, fixture.plantDb);
  const afterReplace = await server.query(sql);
  assert.equal(afterReplace.structured.cached, false);
  assert.equal(afterReplace.structured.rows[0][1], 'Line A (new file)');
  // and watches the new file's commits as it did the old one's
  assert.equal((await server.query(sql)).structured.cached, true);
  const again = new Database(fixture.plantDb);
  again.prepare("UPDATE production_lines SET name_en = 'Line A (new file, renamed)' WHERE line_id = 'A'").run();
  again.close();
  const afterCommit = await server.query(sql);
  assert.equal(afterCommit.structured.cached, false);
  assert.equal(afterCommit.structured.rows[0][1], 'Line A (new file, renamed)');
  assert.match(below(afterCommit.text), /\nA \| Line A \(new file, renamed\)\n/);
  const schema = await server.call('describe_schema', { table: 'production_lines' });
  assert.equal(schema.structured.tables[0].row_count, 4);
});

test('SQLite’s own errors come back with its message and a hint', async () => {
  const outcome = await server.query('SELECT no_such_column FROM quality_data LIMIT 1');
  assert.equal(outcome.isError, true);
  assert.equal(outcome.structured.error.code, 'SQL_ERROR');
  assert.match(outcome.text, /no such column: no_such_column/);
  assert.match(outcome.text, /describe_schema/);
});
