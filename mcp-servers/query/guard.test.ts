import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS } from './corpus.js';
import { checkQuery } from './guard.js';

const tables = new Map([
  ['quality_data', ['record_id', 'line_id', 'record_date', 'defect_qty']],
  ['production_lines', ['line_id', 'name', 'name_en']],
]);

test('the corpus holds 150+ statements, attacks and legitimate queries', () => {
  assert.ok(CORPUS.length >= 150, `only ${CORPUS.length}`);
  assert.ok(CORPUS.filter((entry) => entry.expect === 'allow').length >= 50);
  assert.ok(CORPUS.filter((entry) => entry.expect !== 'allow').length >= 100);
});

test('every corpus statement gets the guard verdict it expects', () => {
  const wrong: string[] = [];
  for (const entry of CORPUS) {
    const verdict = checkQuery({ sql: entry.sql, maxRows: 100, tables });
    const expected = entry.expect === 'allow' || entry.expect === 'SQL_ERROR' ? 'allow' : entry.expect;
    const got = verdict.ok ? 'allow' : verdict.error.code;
    if (got !== expected)
      wrong.push(
        `${JSON.stringify(entry.sql.slice(0, 120))}: expected ${expected}, got ${got}${verdict.ok ? '' : ` (${verdict.error.reason})`}`,
      );
  }
  assert.deepEqual(wrong, []);
});

test('every refusal names the rule, the reason and a corrected example that passes the guard when it can', () => {
  for (const entry of CORPUS) {
    const verdict = checkQuery({ sql: entry.sql, maxRows: 100, tables });
    if (verdict.ok) continue;
    assert.ok(verdict.error.rule.length > 10, entry.sql);
    assert.ok(verdict.error.reason.length > 5, entry.sql);
    assert.ok(verdict.error.example && verdict.error.example.length > 0, `no example for ${entry.sql}`);
    if (
      ['STAR_PROJECTION', 'LIMIT_MISSING', 'LIMIT_TOO_LARGE', 'LIMIT_NOT_LITERAL', 'LIMIT_INVALID'].includes(
        verdict.error.code,
      )
    ) {
      const again = checkQuery({ sql: verdict.error.example!, maxRows: 100, tables });
      assert.ok(
        again.ok,
        `example for ${JSON.stringify(entry.sql)} is refused too: ${verdict.error.example} → ${again.ok ? '' : again.error.code}`,
      );
    }
  }
});

test('corrected examples are built from the caller’s own SQL', () => {
  const missing = checkQuery({ sql: "SELECT line_id FROM quality_data WHERE line_id = 'A' -- why\n", maxRows: 100 });
  assert.equal(missing.ok, false);
  if (!missing.ok)
    assert.equal(missing.error.example, "SELECT line_id FROM quality_data WHERE line_id = 'A' LIMIT 100");
  const star = checkQuery({ sql: 'SELECT * FROM production_lines', maxRows: 50, tables });
  if (!star.ok) assert.equal(star.error.example, 'SELECT line_id, name, name_en FROM production_lines LIMIT 50');
  const qualified = checkQuery({ sql: 'SELECT q.* FROM quality_data q LIMIT 5', maxRows: 100, tables });
  if (!qualified.ok)
    assert.equal(
      qualified.error.example,
      'SELECT q.record_id, q.line_id, q.record_date, q.defect_qty FROM quality_data q LIMIT 5',
    );
  const large = checkQuery({ sql: 'SELECT line_id FROM quality_data LIMIT 500;', maxRows: 100 });
  if (!large.ok) assert.equal(large.error.example, 'SELECT line_id FROM quality_data LIMIT 100');
  const multiple = checkQuery({ sql: 'SELECT line_id FROM quality_data; DROP TABLE x', maxRows: 100 });
  if (!multiple.ok) assert.equal(multiple.error.example, 'SELECT line_id FROM quality_data LIMIT 100');
});

test('the probe statement raises only the validated LIMIT literal by one', () => {
  const cases: Array<[string, string, number, number]> = [
    ['SELECT a FROM t LIMIT 10', 'SELECT a FROM t LIMIT 11', 10, 0],
    ["SELECT 'LIMIT 10' AS a FROM t LIMIT 10 OFFSET 10", "SELECT 'LIMIT 10' AS a FROM t LIMIT 11 OFFSET 10", 10, 10],
    ['SELECT a FROM t LIMIT 20, 100; -- x', 'SELECT a FROM t LIMIT 20, 101; -- x', 100, 20],
    ['SELECT a FROM (SELECT a FROM t LIMIT 5) LIMIT 5', 'SELECT a FROM (SELECT a FROM t LIMIT 5) LIMIT 6', 5, 0],
    ['\uFEFFSELECT a FROM t LIMIT 010', '\uFEFFSELECT a FROM t LIMIT 11', 10, 0],
  ];
  for (const [sql, probe, limit, offset] of cases) {
    const verdict = checkQuery({ sql, maxRows: 100 });
    assert.ok(verdict.ok, sql);
    if (verdict.ok) {
      assert.equal(verdict.value.probeSql, probe);
      assert.equal(verdict.value.limit, limit);
      assert.equal(verdict.value.offset, offset);
    }
  }
});

test('normalised SQL ignores comments, whitespace and keyword case, not identifiers or strings', () => {
  const key = (sql: string): string => {
    const verdict = checkQuery({ sql, maxRows: 100 });
    assert.ok(verdict.ok, sql);
    return verdict.ok ? verdict.value.normalized : '';
  };
  assert.equal(key('select a from t limit 5'), key('SELECT  a\n FROM t /* c */ LIMIT 5 -- x'));
  assert.equal(key('SELECT a FROM t LIMIT 5'), key('SELECT a FROM t LIMIT 5;'));
  assert.notEqual(key("SELECT a FROM t WHERE b = 'x' LIMIT 5"), key("SELECT a FROM t WHERE b = 'X' LIMIT 5"));
  assert.notEqual(key('SELECT a FROM t LIMIT 5'), key('SELECT a FROM t LIMIT 6'));
  assert.notEqual(key('SELECT a FROM t LIMIT 5'), key('SELECT A FROM t LIMIT 5'));
});

test('results that depend on the clock or randomness are not cacheable', () => {
  for (const sql of [
    "SELECT date('now') AS d LIMIT 1",
    'SELECT random() AS r LIMIT 1',
    'SELECT CURRENT_TIMESTAMP AS t LIMIT 1',
  ]) {
    const verdict = checkQuery({ sql, maxRows: 100 });
    assert.ok(verdict.ok && !verdict.value.cacheable, sql);
  }
  const stable = checkQuery({ sql: "SELECT date('2026-01-01') AS d LIMIT 1", maxRows: 100 });
  assert.ok(stable.ok && stable.value.cacheable);
});

test('max_rows from the config is the cap', () => {
  assert.equal(checkQuery({ sql: 'SELECT a FROM t LIMIT 20', maxRows: 20 }).ok, true);
  const refused = checkQuery({ sql: 'SELECT a FROM t LIMIT 21', maxRows: 20 });
  assert.ok(!refused.ok && refused.error.code === 'LIMIT_TOO_LARGE');
});
