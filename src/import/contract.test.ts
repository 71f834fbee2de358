/**
 * The importer's contract (src/import/contract.ts) is a second description of
 * the tables whose DDL lives in src/plant/schema.ts. This keeps the two from
 * drifting: every column the importer knows exists in the DDL with a matching
 * affinity, and every column of the DDL is known to the importer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { PLANT_DEMO_SCHEMA_SQL, PLANT_SCHEMA_SQL } from '../plant/schema.js';
import { TABLES } from './contract.js';

const AFFINITY: Record<string, RegExp> = {
  text: /TEXT/i,
  date: /TEXT/i,
  datetime: /TEXT/i,
  integer: /INT/i,
  real: /REAL|NUM|FLOA|DOUB/i,
};

test('the importer knows exactly the columns the plant DDL has, with matching types', () => {
  const db = new Database(':memory:');
  try {
    db.exec(PLANT_SCHEMA_SQL);
    db.exec(PLANT_DEMO_SCHEMA_SQL);
    for (const spec of Object.values(TABLES)) {
      if (spec.createSql)
        db.exec(spec.createSql.replace(/CREATE TABLE (?!IF NOT EXISTS)/gi, 'CREATE TABLE IF NOT EXISTS '));
      const ddl = db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(spec.name) as Array<{
        name: string;
        type: string;
        pk: number;
      }>;
      assert.ok(ddl.length > 0, `${spec.name}: no such table in src/plant/schema.ts`);
      const byName = new Map(ddl.map((column) => [column.name, column]));
      for (const column of spec.columns) {
        const found = byName.get(column.name);
        assert.ok(found, `${spec.name}.${column.name}: not in the DDL`);
        assert.match(
          found.type,
          AFFINITY[column.type]!,
          `${spec.name}.${column.name}: contract type ${column.type}, DDL type ${found.type}`,
        );
      }
      const known = new Set(spec.columns.map((column) => column.name));
      const unknown = ddl.filter((column) => !known.has(column.name) && !(column.pk === 1 && /INT/i.test(column.type)));
      assert.deepEqual(
        unknown.map((column) => column.name),
        [],
        `${spec.name}: DDL columns the importer does not know`,
      );
    }
  } finally {
    db.close();
  }
});
