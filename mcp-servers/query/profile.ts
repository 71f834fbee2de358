/**
 * The data profile: the facts about plant.db that bound a light query's work
 * (light.ts), measured exactly — never sqlite_stat1's averages, which a skewed
 * key defeats (issue #29: 24,000 rows under a key whose average was 78).
 *
 * - a table's exact row count and its largest row payload (dbstat's
 *   `mx_payload`, overflow included: no value in a row is longer);
 * - for an index prefix of n columns: how many distinct keys it has and the
 *   most rows under one key (`GROUP BY` the prefix on the index itself, in the
 *   index's collations).
 *
 * Each fact is measured once per version of plant.db, in a query worker — a
 * scan of 1 M quality rows takes ~100 ms there and must never run on the
 * server's thread: at start-up in the background (`warm`: every table, each
 * index prefix whose sqlite_stat1 average could be light, one statement at a
 * time after every caller's job), and on demand for the tables and index
 * prefixes a light-shaped query's plan uses. Until a fact is known, the query
 * that needs it runs in a worker. When plant.db changes (`clear`), every fact
 * is dropped and a measurement still in flight is discarded on arrival.
 */
import type { Logger } from '../../src/log/index.js';
import type { SqliteDatabase } from '../../src/store/sqlite.js';
import type { ExecutionResult } from './executor.js';
import type { ProfileFacts, ProfileNeeds } from './light.js';

type Fact = { state: 'known'; values: number[] } | { state: 'pending'; background: boolean } | { state: 'failed' };

export interface DataProfileOptions {
  /** the server's read-only connection: names and index columns only (schema reads, no data) */
  db: () => SqliteDatabase;
  /** runs one measuring statement in a query worker (in the background: after every caller's job) */
  run: (sql: string, background: boolean) => Promise<ExecutionResult>;
  log: Logger;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const text = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export class DataProfile implements ProfileFacts {
  private generation = 0;
  private readonly facts = new Map<string, Fact>();

  constructor(private readonly options: DataProfileOptions) {}

  rows(table: string): number | undefined {
    return this.known(`table:${table}`)?.[0];
  }

  maxPayload(table: string): number | undefined {
    return this.known(`table:${table}`)?.[1];
  }

  keys(index: string, columns: number): { keys: number; most: number } | undefined {
    const values = this.known(`index:${index}:${columns}`);
    return values ? { keys: values[0]!, most: values[1]! } : undefined;
  }

  /**
   * Measure at start-up what light queries are likely to need, in the background: every table, and each index
   * prefix whose sqlite_stat1 average is at most `rowsMax` (a prefix with a larger average has a larger maximum
   * and can never be light). After a change of plant.db facts are measured on demand again.
   */
  async warm(rowsMax: number): Promise<void> {
    const needs: ProfileNeeds = { tables: new Set(), indexes: new Map() };
    try {
      const db = this.options.db();
      for (const { name } of db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as Array<{ name: string }>)
        needs.tables.add(name.toLowerCase());
      const hasStats = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
      if (hasStats) {
        for (const { tbl, idx, stat } of db
          .prepare('SELECT tbl, idx, stat FROM sqlite_stat1 WHERE idx IS NOT NULL')
          .all() as Array<{ tbl: string; idx: string; stat: string }>) {
          const averages = stat.split(' ').slice(1).map(Number);
          const prefixes = new Set<number>();
          averages.forEach((average, index) => {
            if (Number.isFinite(average) && average <= rowsMax) prefixes.add(index + 1);
          });
          if (prefixes.size > 0) needs.indexes.set(idx.toLowerCase(), { table: tbl.toLowerCase(), prefixes });
        }
      }
    } catch {
      return; // an unreadable schema: nothing is light, facts are asked for on demand
    }
    // one at a time: a queue of measurements would start a spare worker at every start-up
    for (const table of needs.tables) await this.request({ tables: new Set([table]), indexes: new Map() }, true);
    for (const [index, entry] of needs.indexes)
      for (const prefix of entry.prefixes)
        await this.request(
          { tables: new Set(), indexes: new Map([[index, { table: entry.table, prefixes: new Set([prefix]) }]]) },
          true,
        );
  }

  /** plant.db changed: every fact is stale */
  clear(): void {
    this.generation++;
    this.facts.clear();
  }

  /**
   * Measure, in a worker, every fact the needs name that is neither known nor being measured. A call's needs
   * (`background` false) are measured in the order of the calls' own jobs; a fact only waiting in the background
   * is measured again for them.
   */
  request(needs: ProfileNeeds, background = false): Promise<void> {
    const pending: Array<Promise<void>> = [];
    const wanted = (key: string): boolean => {
      const fact = this.facts.get(key);
      return fact === undefined || (fact.state === 'pending' && fact.background && !background);
    };
    for (const table of needs.tables) {
      const key = `table:${table}`;
      if (!wanted(key)) continue;
      const name = this.realName(table, 'table');
      if (name === undefined) {
        this.facts.set(key, { state: 'failed' });
        continue;
      }
      pending.push(
        this.measure(
          key,
          `SELECT (SELECT count(*) FROM ${quote(name)}) AS n, ` +
            `(SELECT max(mx_payload) FROM dbstat WHERE name = ${text(name)} AND aggregate = TRUE) AS p`,
          background,
        ),
      );
    }
    for (const [index, { table, prefixes }] of needs.indexes) {
      for (const columns of prefixes) {
        const key = `index:${index}:${columns}`;
        if (!wanted(key)) continue;
        const sql = this.keySql(table, index, columns);
        if (sql === undefined) {
          this.facts.set(key, { state: 'failed' });
          continue;
        }
        pending.push(this.measure(key, sql, background));
      }
    }
    return Promise.all(pending).then(() => undefined);
  }

  private known(key: string): number[] | undefined {
    const fact = this.facts.get(key);
    return fact?.state === 'known' ? fact.values : undefined;
  }

  private async measure(key: string, sql: string, background: boolean): Promise<void> {
    const generation = this.generation;
    this.facts.set(key, { state: 'pending', background });
    const started = performance.now();
    const result = await this.options.run(sql, background);
    if (generation !== this.generation) return; // plant.db changed meanwhile: measured on other data
    if (this.facts.get(key)?.state === 'known') return; // measured twice (background, then for a call)
    if (result.ok) {
      const values = (result.rows[0] ?? []).map((value) => Number(value ?? 0));
      if (values.length === 2 && values.every((value) => Number.isFinite(value) && value >= 0)) {
        this.facts.set(key, { state: 'known', values });
        this.options.log.debug(
          { fact: key, values, ms: Math.round(performance.now() - started) },
          'query-profile-measured',
        );
        return;
      }
    }
    const transient = !result.ok && (result.code === 'QUERY_BUSY' || result.code === 'CANCELLED');
    if (transient) this.facts.delete(key);
    else this.facts.set(key, { state: 'failed' });
    this.options.log.warn(
      { fact: key, error: result.ok ? 'unexpected result' : `${result.code}: ${result.message}` },
      'query-profile-failed',
    );
  }

  /** The name of a table or index as the schema spells it. */
  private realName(name: string, type: 'table' | 'index'): string | undefined {
    try {
      const row = this.options
        .db()
        .prepare('SELECT name FROM sqlite_schema WHERE type = ? AND name = ? COLLATE NOCASE')
        .get(type, name) as { name: string } | undefined;
      return row?.name;
    } catch {
      return undefined;
    }
  }

  /** distinct keys and the largest key of an index's first `columns` columns, grouped on the index itself */
  private keySql(table: string, index: string, columns: number): string | undefined {
    const tableName = this.realName(table, 'table');
    const indexName = this.realName(index, 'index');
    if (tableName === undefined || indexName === undefined) return undefined;
    try {
      const db = this.options.db();
      const listed = (db.pragma(`index_list(${quote(tableName)})`) as Array<{ name: string; partial: number }>).find(
        (entry) => entry.name === indexName,
      );
      if (!listed || listed.partial === 1) return undefined;
      const keyColumns = (
        db.pragma(`index_xinfo(${quote(indexName)})`) as Array<{
          cid: number;
          name: string | null;
          coll: string;
          key: number;
        }>
      ).filter((column) => column.key === 1);
      if (columns < 1 || columns > keyColumns.length) return undefined;
      const prefix = keyColumns.slice(0, columns);
      if (prefix.some((column) => column.cid < 0 || column.name === null)) return undefined; // an expression
      const groups = prefix.map((column) => `${quote(column.name!)} COLLATE ${quote(column.coll)}`).join(', ');
      return (
        `SELECT count(*) AS keys, coalesce(max(n), 0) AS most FROM ` +
        `(SELECT count(*) AS n FROM ${quote(tableName)} INDEXED BY ${quote(indexName)} GROUP BY ${groups})`
      );
    } catch {
      return undefined;
    }
  }
}
