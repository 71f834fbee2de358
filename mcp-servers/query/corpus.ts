/**
 * The guard corpus: legitimate analytics queries and attacks, each with the
 * expected outcome through the real server — 'allow' (rows come back),
 * a guard refusal code, or SQL_ERROR (the guard lets it through and SQLite's
 * prepare refuses it). Written against the plant-data contract tables and a
 * max_rows of 100. Used by guard.test.ts (pure) and server.test.ts (stdio).
 */
import type { GuardCode } from './guard.js';

export interface CorpusEntry {
  sql: string;
  expect: 'allow' | 'SQL_ERROR' | GuardCode;
  note?: string;
}

const Q = 'quality_data';
const BOM = '\uFEFF';
const IDEOGRAPHIC_SPACE = '\u3000';

const legitimate: CorpusEntry[] = [
  {
    sql: `SELECT line_id, ROUND(100.0 * SUM(defect_qty) / SUM(inspected_qty), 2) AS defect_rate_pct FROM ${Q} WHERE line_id = 'A' AND record_date = '2026-11-25' GROUP BY line_id LIMIT 10`,
    expect: 'allow',
    note: "one line's defect rate on a day",
  },
  {
    sql: `SELECT line_id, SUM(inspected_qty) AS output, SUM(defect_qty) AS defects FROM ${Q} WHERE record_date BETWEEN '2026-11-16' AND '2026-11-22' GROUP BY line_id ORDER BY line_id LIMIT 4`,
    expect: 'allow',
    note: 'a week per line',
  },
  {
    sql: `SELECT defect_type, SUM(defect_qty) AS n FROM ${Q} WHERE record_date >= '2026-10-01' AND record_date < '2026-11-01' AND defect_type IS NOT NULL GROUP BY defect_type ORDER BY n DESC LIMIT 5`,
    expect: 'allow',
    note: 'top defect types last month',
  },
  {
    sql: `SELECT q.line_id, p.name_en, SUM(q.inspected_qty) AS output FROM ${Q} q JOIN production_lines p ON p.line_id = q.line_id WHERE q.record_date = '2026-11-20' GROUP BY q.line_id, p.name_en LIMIT 10`,
    expect: 'allow',
  },
  {
    sql: `SELECT e.equipment_id, e.status, COUNT(w.order_id) AS orders FROM equipment e LEFT JOIN work_orders w ON w.equipment_id = e.equipment_id GROUP BY e.equipment_id, e.status ORDER BY orders DESC LIMIT 20`,
    expect: 'allow',
  },
  {
    sql: `SELECT record_date, line_id, SUM(defect_qty) OVER (PARTITION BY line_id ORDER BY record_date ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS rolling FROM ${Q} WHERE line_id = 'B' LIMIT 50`,
    expect: 'allow',
    note: 'window function',
  },
  {
    sql: `SELECT line_id, record_date, ROW_NUMBER() OVER w AS rn FROM ${Q} WHERE record_date = '2026-11-20' WINDOW w AS (PARTITION BY line_id ORDER BY defect_qty DESC) LIMIT 20`,
    expect: 'allow',
    note: 'named window',
  },
  {
    sql: `SELECT line_id, RANK() OVER (ORDER BY SUM(defect_qty) DESC) AS worst FROM ${Q} GROUP BY line_id LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `WITH daily AS (SELECT record_date, SUM(defect_qty) AS d, SUM(inspected_qty) AS i FROM ${Q} WHERE line_id = 'A' GROUP BY record_date) SELECT record_date, ROUND(100.0 * d / i, 2) AS rate FROM daily ORDER BY rate DESC LIMIT 10`,
    expect: 'allow',
    note: 'CTE',
  },
  {
    sql: `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10) SELECT x FROM n LIMIT 10`,
    expect: 'allow',
    note: 'bounded recursive CTE',
  },
  {
    sql: `WITH a AS (SELECT line_id FROM production_lines), b AS (SELECT line_id, COUNT(record_id) AS c FROM ${Q} GROUP BY line_id) SELECT a.line_id, b.c FROM a JOIN b USING (line_id) LIMIT 10`,
    expect: 'allow',
    note: 'two CTEs',
  },
  {
    sql: `WITH x AS MATERIALIZED (SELECT line_id FROM production_lines) SELECT line_id FROM x LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `WITH x AS NOT MATERIALIZED (SELECT line_id FROM production_lines) SELECT line_id FROM x LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `WITH x(id) AS (SELECT line_id FROM production_lines) SELECT id FROM x LIMIT 4`,
    expect: 'allow',
    note: 'CTE column list',
  },
  { sql: `SELECT line_id FROM production_lines UNION SELECT line_id FROM equipment LIMIT 10`, expect: 'allow' },
  {
    sql: `SELECT line_id FROM production_lines UNION ALL SELECT line_id FROM equipment ORDER BY 1 LIMIT 10 OFFSET 5`,
    expect: 'allow',
  },
  { sql: `SELECT line_id FROM production_lines INTERSECT SELECT line_id FROM equipment LIMIT 10`, expect: 'allow' },
  {
    sql: `SELECT line_id FROM production_lines EXCEPT SELECT line_id FROM equipment WHERE status = 'fault' LIMIT 10`,
    expect: 'allow',
  },
  { sql: `SELECT batch_no FROM ${Q} WHERE batch_no LIKE '%*%' LIMIT 5`, expect: 'allow', note: 'string containing *' },
  { sql: `SELECT batch_no FROM ${Q} WHERE inspector = 'a;b' LIMIT 5`, expect: 'allow', note: 'string containing ;' },
  { sql: `SELECT batch_no FROM ${Q} WHERE defect_type = 'delete' LIMIT 5`, expect: 'allow', note: "string 'delete'" },
  { sql: `SELECT 'DROP TABLE quality_data; DELETE FROM x' AS s FROM production_lines LIMIT 1`, expect: 'allow' },
  { sql: `SELECT 'SELECT * FROM x' AS s FROM production_lines LIMIT 1`, expect: 'allow' },
  {
    sql: `SELECT 'it''s -- not a comment /* nor this */' AS s FROM production_lines LIMIT 1`,
    expect: 'allow',
    note: "'' escape",
  },
  {
    sql: `SELECT line_id /* SELECT * FROM quality_data; DROP TABLE x */ FROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'comment with SELECT *',
  },
  {
    sql: `SELECT line_id -- SELECT *; DELETE FROM quality_data\nFROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'line comment with attack',
  },
  {
    sql: `-- the operator asked for line A\nSELECT line_id FROM production_lines WHERE line_id = 'A' LIMIT 1`,
    expect: 'allow',
    note: 'leading comment',
  },
  {
    sql: `/* header */ SELECT line_id FROM production_lines LIMIT 4 /* trailer`,
    expect: 'allow',
    note: 'unterminated trailing comment',
  },
  { sql: `SELECT line_id FROM production_lines LIMIT 4 -- done`, expect: 'allow' },
  {
    sql: `SELECT line_id AS "delete" FROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'quoted identifier named delete',
  },
  { sql: `SELECT line_id AS [select], name AS \`insert\` FROM production_lines LIMIT 4`, expect: 'allow' },
  { sql: `SELECT line_id AS "SELECT *" FROM production_lines LIMIT 4`, expect: 'allow' },
  { sql: `SELECT "line_id", "name_en" FROM "production_lines" LIMIT 4`, expect: 'allow' },
  { sql: `SELECT COUNT(*) AS n FROM ${Q} WHERE line_id = 'C' LIMIT 1`, expect: 'allow', note: 'count(*)' },
  { sql: `SELECT count(*) FROM ${Q} LIMIT 1`, expect: 'allow' },
  { sql: `SELECT COUNT(DISTINCT defect_type) AS kinds FROM ${Q} LIMIT 1`, expect: 'allow' },
  {
    sql: `SELECT inspected_qty * 2 AS doubled, defect_qty*100.0/inspected_qty AS pct FROM ${Q} WHERE record_id < 10 LIMIT 9`,
    expect: 'allow',
    note: 'multiplication',
  },
  { sql: `SELECT (inspected_qty)*2 AS x, 2*3 AS six FROM ${Q} LIMIT 3`, expect: 'allow' },
  { sql: `SELECT MAX(defect_qty)*1.0/MAX(inspected_qty) AS r FROM ${Q} LIMIT 1`, expect: 'allow' },
  {
    sql: `SELECT line_id, (SELECT COUNT(*) FROM equipment e WHERE e.line_id = p.line_id) AS machines FROM production_lines p LIMIT 4`,
    expect: 'allow',
    note: 'scalar subquery',
  },
  {
    sql: `SELECT line_id FROM production_lines p WHERE EXISTS (SELECT 1 FROM equipment e WHERE e.line_id = p.line_id AND e.status = 'fault') LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `SELECT line_id FROM production_lines WHERE line_id IN (SELECT line_id FROM ${Q} WHERE defect_qty > 5) LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `SELECT t.line_id, t.n FROM (SELECT line_id, COUNT(*) AS n FROM ${Q} GROUP BY line_id LIMIT 1000) t ORDER BY t.n DESC LIMIT 4`,
    expect: 'allow',
    note: 'inner LIMIT above the cap is fine',
  },
  {
    sql: `SELECT line_id, SUM(defect_qty) AS d FROM ${Q} GROUP BY line_id HAVING SUM(defect_qty) > 0 LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `SELECT line_id, CASE WHEN SUM(defect_qty) * 1.0 / SUM(inspected_qty) > 0.02 THEN 'bad' ELSE 'ok' END AS verdict FROM ${Q} GROUP BY line_id LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `SELECT REPLACE(name, '产线', 'Line ') AS n, replace(name_en, 'Line', 'L') AS e FROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'replace() the function',
  },
  {
    sql: `SELECT CAST(SUM(inspected_qty) AS REAL) AS out, COALESCE(MAX(defect_type), 'none') AS t, IFNULL(NULL, 1) AS one FROM ${Q} LIMIT 1`,
    expect: 'allow',
  },
  {
    sql: `SELECT strftime('%Y-%W', record_date) AS week, SUM(inspected_qty) AS output FROM ${Q} GROUP BY week ORDER BY week DESC LIMIT 8`,
    expect: 'allow',
  },
  {
    sql: `SELECT date('now') AS today, line_id FROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'volatile: not cached',
  },
  { sql: `SELECT defect_type FROM ${Q} ORDER BY defect_type NULLS LAST LIMIT 5`, expect: 'allow' },
  {
    sql: `SELECT json_extract('{"a":1}', '$.a') AS a, '{"b":2}' ->> '$.b' AS b FROM production_lines LIMIT 1`,
    expect: 'allow',
    note: '->> operator',
  },
  { sql: `select line_id from production_lines limit 4`, expect: 'allow', note: 'lower case' },
  { sql: `SeLeCt line_id FrOm production_lines LiMiT 4`, expect: 'allow', note: 'mixed case' },
  { sql: `SELECT line_id FROM production_lines LIMIT 4;`, expect: 'allow', note: 'trailing ;' },
  { sql: `SELECT line_id FROM production_lines LIMIT 4 ; ;`, expect: 'allow' },
  {
    sql: `${BOM}SELECT line_id FROM production_lines LIMIT 4`,
    expect: 'allow',
    note: 'leading BOM is skipped by SQLite',
  },
  { sql: `SELECT\tline_id\r\nFROM\fproduction_lines\nLIMIT\t4`, expect: 'allow', note: 'tabs, CRLF, form feed' },
  { sql: `SELECT line_id FROM production_lines LIMIT 100`, expect: 'allow', note: 'LIMIT at the cap' },
  { sql: `SELECT record_id FROM ${Q} ORDER BY record_id LIMIT 10 OFFSET 20`, expect: 'allow', note: 'paging' },
  { sql: `SELECT record_id FROM ${Q} ORDER BY record_id LIMIT 20, 10`, expect: 'allow', note: 'LIMIT m, n' },
  {
    sql: `SELECT record_id FROM ${Q} ORDER BY record_id LIMIT 010`,
    expect: 'allow',
    note: 'leading zero is decimal 10',
  },
  {
    sql: `SELECT record_id FROM ${Q} WHERE inspected_qty > 1_0 LIMIT 5`,
    expect: 'allow',
    note: 'digit separator outside LIMIT',
  },
  { sql: `SELECT x'41' AS blob, 0x1F AS hex, 1.5e3 AS sci, .5 AS half FROM production_lines LIMIT 1`, expect: 'allow' },
  {
    sql: `SELECT name AS "次品率", '产线A' AS zh FROM production_lines WHERE name = '产线A' LIMIT 1`,
    expect: 'allow',
    note: 'Chinese text',
  },
  { sql: `SELECT DISTINCT line_id FROM ${Q} LIMIT 4`, expect: 'allow' },
  { sql: `SELECT ALL line_id FROM production_lines LIMIT 4`, expect: 'allow' },
  { sql: `SELECT column1 FROM (VALUES (1), (2)) LIMIT 2`, expect: 'allow' },
  { sql: `SELECT q.line_id, q.record_date FROM main.${Q} AS q WHERE q.record_id = 1 LIMIT 1`, expect: 'allow' },
  {
    sql: `SELECT priority, COUNT(*) AS open_orders FROM work_orders WHERE status = 'open' GROUP BY priority ORDER BY priority LIMIT 4`,
    expect: 'allow',
  },
  {
    sql: `SELECT e.name, r.starts_at, r.ends_at FROM rotations r JOIN engineers e ON e.engineer_id = r.engineer_id WHERE r.starts_at <= '2026-11-29T12:00' AND r.ends_at > '2026-11-29T12:00' LIMIT 5`,
    expect: 'allow',
  },
  {
    sql: `SELECT symptom, resolution FROM work_orders WHERE status = 'closed' AND symptom LIKE '%vibration%' LIMIT 5`,
    expect: 'allow',
  },
  {
    sql: `SELECT line_id FROM production_lines WHERE name_en GLOB 'Line *' LIMIT 4`,
    expect: 'allow',
    note: '* inside a GLOB pattern string',
  },
  {
    sql: `SELECT 5 % 3 AS m, 1 << 2 AS s, ~1 AS n, 1 | 2 AS o, 1 & 3 AS a, 'a' || 'b' AS c, 1 <> 2 AS ne, 1 != 2 AS ne2, 1 == 1 AS eq FROM production_lines LIMIT 1`,
    expect: 'allow',
    note: 'operators',
  },
  {
    sql: `SELECT line_id FROM production_lines WHERE line_id = 'A' OR line_id = 'B' LIMIT 2 /* ; DROP TABLE x */`,
    expect: 'allow',
  },
  {
    sql: `SELECT line_id FROM production_lines LIMIT 4 -- ; DELETE FROM quality_data`,
    expect: 'allow',
    note: 'attack hidden in a comment is inert',
  },
];

const writes: CorpusEntry[] = [
  { sql: `INSERT INTO production_lines VALUES ('Z', 'z', 'z', 'z', 'z')`, expect: 'NOT_READ_ONLY' },
  { sql: `insert into production_lines values ('Z', 'z', 'z', 'z', 'z')`, expect: 'NOT_READ_ONLY' },
  { sql: `UPDATE ${Q} SET defect_qty = 0`, expect: 'NOT_READ_ONLY' },
  { sql: `DELETE FROM ${Q}`, expect: 'NOT_READ_ONLY' },
  { sql: `DeLeTe FROM ${Q} WHERE 1`, expect: 'NOT_READ_ONLY' },
  { sql: `/* harmless */ DELETE FROM ${Q}`, expect: 'NOT_READ_ONLY' },
  { sql: `-- comment\nDELETE FROM ${Q}`, expect: 'NOT_READ_ONLY' },
  { sql: `${BOM}DELETE FROM ${Q}`, expect: 'NOT_READ_ONLY', note: 'BOM before a write' },
  { sql: `REPLACE INTO production_lines VALUES ('A', 'x', 'x', 'x', 'x')`, expect: 'NOT_READ_ONLY' },
  { sql: `CREATE TABLE x (a)`, expect: 'NOT_READ_ONLY' },
  { sql: `CREATE TEMP TABLE x AS SELECT line_id FROM production_lines`, expect: 'NOT_READ_ONLY' },
  { sql: `CREATE VIEW v AS SELECT line_id FROM production_lines`, expect: 'NOT_READ_ONLY' },
  {
    sql: `CREATE TRIGGER t AFTER INSERT ON ${Q} BEGIN DELETE FROM ${Q}; END`,
    expect: 'MULTIPLE_STATEMENTS',
    note: 'a trigger body splits at its ;',
  },
  { sql: `DROP TABLE ${Q}`, expect: 'NOT_READ_ONLY' },
  { sql: `DROP INDEX idx_quality_line_date`, expect: 'NOT_READ_ONLY' },
  { sql: `ALTER TABLE ${Q} ADD COLUMN x`, expect: 'NOT_READ_ONLY' },
  { sql: `ATTACH DATABASE '/tmp/evil.db' AS evil`, expect: 'NOT_READ_ONLY' },
  { sql: `DETACH DATABASE evil`, expect: 'NOT_READ_ONLY' },
  { sql: `PRAGMA writable_schema = 1`, expect: 'NOT_READ_ONLY' },
  { sql: `PRAGMA table_info(${Q})`, expect: 'NOT_READ_ONLY' },
  { sql: `pragma query_only = off`, expect: 'NOT_READ_ONLY' },
  { sql: `VACUUM`, expect: 'NOT_READ_ONLY' },
  { sql: `VACUUM INTO '/tmp/copy.db'`, expect: 'NOT_READ_ONLY' },
  { sql: `ANALYZE`, expect: 'NOT_READ_ONLY' },
  { sql: `REINDEX`, expect: 'NOT_READ_ONLY' },
  { sql: `BEGIN IMMEDIATE`, expect: 'NOT_READ_ONLY' },
  { sql: `COMMIT`, expect: 'NOT_READ_ONLY' },
  { sql: `ROLLBACK`, expect: 'NOT_READ_ONLY' },
  { sql: `SAVEPOINT s1`, expect: 'NOT_READ_ONLY' },
  { sql: `RELEASE s1`, expect: 'NOT_READ_ONLY' },
  { sql: `WITH d AS (SELECT 1) DELETE FROM ${Q}`, expect: 'NOT_READ_ONLY', note: 'write after a CTE' },
  { sql: `WITH d AS (SELECT 1) INSERT INTO production_lines SELECT 'Z','z','z','z','z'`, expect: 'NOT_READ_ONLY' },
  { sql: `WITH d AS (SELECT 1) UPDATE ${Q} SET defect_qty = 0`, expect: 'NOT_READ_ONLY' },
  {
    sql: `WITH d AS (DELETE FROM ${Q} RETURNING record_id) SELECT record_id FROM d LIMIT 1`,
    expect: 'NOT_READ_ONLY',
    note: 'write inside a CTE',
  },
  { sql: `SELECT line_id FROM production_lines LIMIT 1 RETURNING line_id`, expect: 'NOT_READ_ONLY' },
  {
    sql: `SELECT replace FROM production_lines LIMIT 1`,
    expect: 'NOT_READ_ONLY',
    note: 'bare keyword REPLACE refused; quote a column named so',
  },
  {
    sql: `SELECT "replace" FROM production_lines LIMIT 1`,
    expect: 'SQL_ERROR',
    note: 'quoted, it is only an unknown column',
  },
  { sql: `EXPLAIN SELECT line_id FROM production_lines LIMIT 1`, expect: 'NOT_A_SELECT' },
  { sql: `EXPLAIN QUERY PLAN SELECT line_id FROM production_lines LIMIT 1`, expect: 'NOT_A_SELECT' },
  { sql: `VALUES (1), (2)`, expect: 'NOT_A_SELECT' },
  { sql: `WITH x AS (SELECT 1) VALUES (1)`, expect: 'NOT_A_SELECT' },
  {
    sql: `SELECT${IDEOGRAPHIC_SPACE}line_id FROM production_lines LIMIT 1`,
    expect: 'NOT_A_SELECT',
    note: 'U+3000 is not whitespace: SELECT\u3000line_id is one identifier',
  },
  {
    sql: `DELETE${IDEOGRAPHIC_SPACE}FROM ${Q}`,
    expect: 'NOT_A_SELECT',
    note: 'DELETE\u3000FROM is one identifier to SQLite',
  },
  {
    sql: `\u017Felect line_id FROM production_lines LIMIT 1`,
    expect: 'NOT_A_SELECT',
    note: 'long s upper-cases to S in JS, not in SQLite',
  },
];

const multiple: CorpusEntry[] = [
  { sql: `SELECT line_id FROM production_lines LIMIT 1; DROP TABLE ${Q}`, expect: 'MULTIPLE_STATEMENTS' },
  {
    sql: `SELECT line_id FROM production_lines LIMIT 1;SELECT name FROM production_lines LIMIT 1`,
    expect: 'MULTIPLE_STATEMENTS',
  },
  { sql: `SELECT line_id FROM production_lines LIMIT 1; -- bye\nDELETE FROM ${Q}`, expect: 'MULTIPLE_STATEMENTS' },
  { sql: `SELECT 'a;b' AS s FROM production_lines LIMIT 1; ATTACH 'x.db' AS y`, expect: 'MULTIPLE_STATEMENTS' },
  { sql: `SELECT line_id FROM production_lines LIMIT 1 /* ; */ ; VACUUM`, expect: 'MULTIPLE_STATEMENTS' },
  {
    sql: `SELECT line_id FROM production_lines LIMIT 1 -- x\n; PRAGMA writable_schema = 1`,
    expect: 'MULTIPLE_STATEMENTS',
  },
  {
    sql: `SELECT line_id FROM production_lines LIMIT 1 ${IDEOGRAPHIC_SPACE}; DROP TABLE ${Q}`,
    expect: 'MULTIPLE_STATEMENTS',
  },
  { sql: `;DELETE FROM ${Q}`, expect: 'MULTIPLE_STATEMENTS' },
  {
    sql: `SELECT line_id FROM production_lines LIMIT 1;\n\nSELECT line_id FROM production_lines LIMIT 1;`,
    expect: 'MULTIPLE_STATEMENTS',
  },
];

const forbidden: CorpusEntry[] = [
  { sql: `SELECT load_extension('/tmp/evil.so') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT LOAD_EXTENSION('/tmp/evil.so') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  {
    sql: `SELECT "load_extension"('/tmp/evil.so') LIMIT 1`,
    expect: 'FORBIDDEN_FUNCTION',
    note: 'quoted function name still calls it',
  },
  { sql: `SELECT [readfile]('/etc/passwd') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT readfile('/etc/passwd') AS f LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT writefile('/tmp/x', 'y') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT edit('text') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT fts3_tokenizer('simple') LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT pgno FROM sqlite_dbpage LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT name FROM pragma_table_info('${Q}') LIMIT 20`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT name FROM dbstat LIMIT 1`, expect: 'FORBIDDEN_FUNCTION' },
  {
    sql: `SELECT line_id FROM production_lines WHERE load_extension('x') IS NULL LIMIT 1`,
    expect: 'FORBIDDEN_FUNCTION',
  },
  // issue #12: table-valued names quoted the ways SQLite still resolves them (a '…' string in FROM is a name)
  {
    sql: `SELECT name, file FROM 'pragma_database_list' LIMIT 5`,
    expect: 'FORBIDDEN_FUNCTION',
    note: 'string literal as a table name reveals the db path',
  },
  {
    sql: `SELECT name FROM 'PRAGMA_TABLE_INFO'('quality_data') LIMIT 5`,
    expect: 'FORBIDDEN_FUNCTION',
    note: 'string literal table-valued function, any case',
  },
  { sql: `SELECT name FROM [pragma_table_info]('quality_data') LIMIT 5`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT name FROM "dbstat" LIMIT 5`, expect: 'FORBIDDEN_FUNCTION' },
  { sql: `SELECT name FROM main.'dbstat' LIMIT 5`, expect: 'FORBIDDEN_FUNCTION', note: 'schema-qualified string name' },
  { sql: 'SELECT name FROM `pragma_function_list` LIMIT 5', expect: 'FORBIDDEN_FUNCTION' },
  {
    sql: `SELECT name FROM 'pragma_''x' LIMIT 5`,
    expect: 'FORBIDDEN_FUNCTION',
    note: 'escaped quote inside the string name',
  },
  {
    sql: `SELECT name FROM production_lines, 'dbstat' LIMIT 5`,
    expect: 'FORBIDDEN_FUNCTION',
    note: 'a string in a FROM list after a comma is a table name',
  },
  {
    sql: `SELECT a.name FROM production_lines p JOIN 'pragma_table_info'('quality_data') a LIMIT 5`,
    expect: 'FORBIDDEN_FUNCTION',
  },
  {
    sql: `SELECT line_id, 'edit' AS action, 'system' AS source FROM production_lines WHERE name_en <> 'shell' LIMIT 5`,
    expect: 'allow',
    note: 'a text value that spells a forbidden name is only a value',
  },
  { sql: `SELECT line_id FROM production_lines WHERE name_en IN ('dbstat', 'edit') LIMIT 5`, expect: 'allow' },
];

const stars: CorpusEntry[] = [
  { sql: `SELECT * FROM ${Q} LIMIT 10`, expect: 'STAR_PROJECTION' },
  { sql: `select * from ${Q} limit 10`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT * FROM ${Q}`, expect: 'STAR_PROJECTION', note: 'the bad example of the tool description' },
  { sql: `SELECT/**/*/**/FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION', note: 'comments as whitespace' },
  { sql: `SELECT\n*\nFROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT -- c\n * FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `${BOM}SELECT * FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT q.* FROM ${Q} q LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT "q".* FROM ${Q} AS q LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT main.${Q}.* FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT line_id, * FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT line_id,* FROM ${Q} LIMIT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT DISTINCT * FROM production_lines LIMIT 4`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT ALL * FROM production_lines LIMIT 4`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT line_id FROM (SELECT * FROM ${Q}) LIMIT 1`, expect: 'STAR_PROJECTION', note: 'in a subquery' },
  {
    sql: `SELECT line_id FROM (SELECT line_id FROM (SELECT * FROM ${Q})) LIMIT 1`,
    expect: 'STAR_PROJECTION',
    note: 'nested subquery',
  },
  { sql: `WITH x AS (SELECT * FROM ${Q}) SELECT line_id FROM x LIMIT 1`, expect: 'STAR_PROJECTION', note: 'in a CTE' },
  { sql: `SELECT COUNT(*) FROM (SELECT q.* FROM ${Q} q) LIMIT 1`, expect: 'STAR_PROJECTION' },
  {
    sql: `SELECT line_id FROM production_lines p WHERE EXISTS (SELECT * FROM equipment e WHERE e.line_id = p.line_id) LIMIT 4`,
    expect: 'STAR_PROJECTION',
  },
  {
    sql: `SELECT line_id FROM production_lines UNION SELECT * FROM equipment LIMIT 5`,
    expect: 'STAR_PROJECTION',
    note: 'after UNION',
  },
  { sql: `SeLeCt * FrOm ${Q} LiMiT 1`, expect: 'STAR_PROJECTION' },
  { sql: `SELECT * FROM ${Q} WHERE batch_no = 'count(*)' LIMIT 1`, expect: 'STAR_PROJECTION' },
];

const limits: CorpusEntry[] = [
  { sql: `SELECT line_id FROM ${Q}`, expect: 'LIMIT_MISSING' },
  { sql: `SELECT line_id FROM ${Q} -- LIMIT 10`, expect: 'LIMIT_MISSING', note: 'LIMIT in a comment' },
  { sql: `SELECT line_id FROM ${Q} /* LIMIT 10 */`, expect: 'LIMIT_MISSING' },
  { sql: `SELECT 'LIMIT 5' AS s FROM ${Q}`, expect: 'LIMIT_MISSING', note: 'LIMIT in a string' },
  {
    sql: `SELECT line_id FROM (SELECT line_id FROM ${Q} LIMIT 5)`,
    expect: 'LIMIT_MISSING',
    note: 'LIMIT only in a subquery',
  },
  {
    sql: `WITH x AS (SELECT line_id FROM ${Q} LIMIT 5) SELECT line_id FROM x`,
    expect: 'LIMIT_MISSING',
    note: 'LIMIT only in a CTE',
  },
  { sql: `SELECT line_id AS "LIMIT 5" FROM ${Q}`, expect: 'LIMIT_MISSING' },
  { sql: `SELECT line_id FROM ${Q};`, expect: 'LIMIT_MISSING' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 101`, expect: 'LIMIT_TOO_LARGE' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 1000`, expect: 'LIMIT_TOO_LARGE' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 99999999999999999999`, expect: 'LIMIT_TOO_LARGE' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 0, 1000`, expect: 'LIMIT_TOO_LARGE', note: 'LIMIT m, n: n is the count' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5, 101`, expect: 'LIMIT_TOO_LARGE' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 1000 OFFSET 5`, expect: 'LIMIT_TOO_LARGE' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 0`, expect: 'LIMIT_INVALID' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 10 OFFSET 99999999999999999999`, expect: 'LIMIT_INVALID' },
  { sql: `SELECT line_id FROM ${Q} LIMIT -1`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT +5`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 0x10`, expect: 'LIMIT_NOT_LITERAL', note: 'hex' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 0x7FFFFFFF`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 1e2`, expect: 'LIMIT_NOT_LITERAL', note: 'exponent' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 10.0`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 1_0`, expect: 'LIMIT_NOT_LITERAL', note: 'digit separator' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5*2`, expect: 'LIMIT_NOT_LITERAL', note: 'expression' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 50 + 60`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT (5)`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT (SELECT 1000)`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT abs(-1000)`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT CAST(5 AS INTEGER)`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT '5'`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT ?`, expect: 'LIMIT_NOT_LITERAL', note: 'parameter' },
  { sql: `SELECT line_id FROM ${Q} LIMIT ?1`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT :n`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT @n`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT $n`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5 OFFSET -1`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5 OFFSET 1+1`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5 OFFSET ?`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 5 OFFSET 0x10`, expect: 'LIMIT_NOT_LITERAL' },
  { sql: `SELECT line_id FROM ${Q} LIMIT -5, 10`, expect: 'LIMIT_NOT_LITERAL' },
  {
    sql: `SELECT line_id FROM ${Q} LIMIT 5 ORDER BY line_id`,
    expect: 'LIMIT_NOT_LITERAL',
    note: 'LIMIT not at the end',
  },
  { sql: `SELECT line_id FROM ${Q} LIMIT 10 LIMIT 5`, expect: 'SQL_ERROR', note: 'passes the guard, SQLite refuses' },
  { sql: `SELECT line_id FROM ${Q} LIMIT 1 UNION SELECT line_id FROM production_lines LIMIT 2`, expect: 'SQL_ERROR' },
];

const syntax: CorpusEntry[] = [
  { sql: ``, expect: 'EMPTY_QUERY' },
  { sql: `   \n\t `, expect: 'EMPTY_QUERY' },
  { sql: `-- only a comment`, expect: 'EMPTY_QUERY' },
  { sql: `/* only a comment */ ;`, expect: 'EMPTY_QUERY' },
  { sql: `${BOM}`, expect: 'EMPTY_QUERY' },
  { sql: `SELECT 'unterminated FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT "unterminated FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT [unterminated FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT 1x FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR', note: 'number glued to letters' },
  { sql: `SELECT 1 ! 2 FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT x'abc' FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR', note: 'odd-length blob' },
  {
    sql: `SELECT line_id FROM ${Q} LIMIT 1\u0000; DROP TABLE ${Q}`,
    expect: 'SYNTAX_ERROR',
    note: 'NUL would hide the rest from SQLite',
  },
  { sql: `SELECT (line_id FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR', note: 'unbalanced parenthesis' },
  { sql: `SELECT line_id) FROM ${Q} LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT line_id FROM ${Q} WHERE LIMIT 1`, expect: 'SQL_ERROR' },
  { sql: `SELECT nosuch FROM ${Q} LIMIT 1`, expect: 'SQL_ERROR' },
  { sql: `SELECT line_id FROM nosuch LIMIT 1`, expect: 'SQL_ERROR' },
  {
    sql: `SELECT line_id FROM ${Q} WHERE line_id = "A" LIMIT 1`,
    expect: 'SQL_ERROR',
    note: 'double quotes are identifiers (DQS off)',
  },
  { sql: `WITH AS (SELECT 1) SELECT 1 LIMIT 1`, expect: 'SYNTAX_ERROR' },
  { sql: `SELECT ${'x'.repeat(20001)}`, expect: 'QUERY_TOO_LONG' },
];

export const CORPUS: readonly CorpusEntry[] = [
  ...legitimate,
  ...writes,
  ...multiple,
  ...forbidden,
  ...stars,
  ...limits,
  ...syntax,
];
