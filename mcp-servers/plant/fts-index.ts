/**
 * The work-order full-text index, kept OUT of plant.db (which the agent never
 * writes): a separate SQLite file (config.state.fts_db) built from plant.db's
 * closed work orders, in a temp file renamed over the old one (atomic).
 *
 * Two FTS5 tables over the same text (NFKC-normalised, lower-case):
 * - `orders_fts`, tokenizer `trigram`: substring search for every term of 3+
 *   characters (English words and word stems, Chinese phrases);
 * - `orders_grams`, tokenizer `unicode61` over a column of the Chinese
 *   character bigrams of each order: trigram cannot match 2-character terms
 *   such as 振动, and bigrams make 异常振动 find 振动异常 too.
 * Single Chinese characters fall back to LIKE on the trigram table (a scan).
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';

export const INDEX_VERSION = '1';

const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

export function normaliseText(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKC').toLowerCase();
}

/** The distinct Chinese bigrams of a text, space-separated (the `orders_grams` column). */
export function cjkBigrams(text: string): string {
  const grams = new Set<string>();
  for (const run of text.match(HAN) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) grams.add(chars[0]!);
    for (let index = 0; index + 1 < chars.length; index++) grams.add(chars[index]! + chars[index + 1]!);
  }
  return [...grams].join(' ');
}

export interface IndexedOrder {
  order_id: number;
  equipment_id: string | null;
  line_id: string;
  priority: string;
  title: string;
  symptom: string;
  root_cause: string | null;
  resolution: string | null;
  assignee_id: number | null;
  opened_at: string;
  closed_at: string | null;
}

export interface BuildResult {
  orders: number;
  ms: number;
  built_at: string;
}

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY, equipment_id TEXT, line_id TEXT NOT NULL, priority TEXT NOT NULL,
  title TEXT NOT NULL, symptom TEXT NOT NULL, root_cause TEXT, resolution TEXT,
  assignee_id INTEGER, opened_at TEXT NOT NULL, closed_at TEXT
);
CREATE VIRTUAL TABLE orders_fts USING fts5(title, symptom, root_cause, resolution, tokenize = 'trigram');
CREATE VIRTUAL TABLE orders_grams USING fts5(grams, tokenize = 'unicode61');
`;

/**
 * Build the index from plant.db's closed work orders into `target`
 * (temp file + rename: readers never see a half-built index).
 */
export function buildIndex(options: {
  plant: SqliteDatabase;
  target: string;
  source: string;
  token: string;
  builtAt: string;
}): BuildResult {
  const started = Date.now();
  mkdirSync(path.dirname(options.target), { recursive: true });
  const temp = `${options.target}.${process.pid}.${started}.tmp`;
  const orders = options.plant
    .prepare(
      `SELECT order_id, equipment_id, line_id, priority, title, symptom, root_cause, resolution, assignee_id, opened_at, closed_at
         FROM work_orders WHERE status = 'closed' ORDER BY order_id`,
    )
    .all() as IndexedOrder[];
  let db: SqliteDatabase | undefined;
  try {
    db = openSqlite(temp);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    const insertOrder = db.prepare(
      `INSERT INTO orders (order_id, equipment_id, line_id, priority, title, symptom, root_cause, resolution, assignee_id, opened_at, closed_at)
       VALUES (@order_id, @equipment_id, @line_id, @priority, @title, @symptom, @root_cause, @resolution, @assignee_id, @opened_at, @closed_at)`,
    );
    const insertText = db.prepare(
      'INSERT INTO orders_fts (rowid, title, symptom, root_cause, resolution) VALUES (?, ?, ?, ?, ?)',
    );
    const insertGrams = db.prepare('INSERT INTO orders_grams (rowid, grams) VALUES (?, ?)');
    const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    db.transaction(() => {
      for (const order of orders) {
        insertOrder.run(order);
        const fields = [order.title, order.symptom, order.root_cause, order.resolution].map(normaliseText);
        insertText.run(order.order_id, ...fields);
        insertGrams.run(order.order_id, cjkBigrams(fields.join('\n')));
      }
      insertMeta.run('index_version', INDEX_VERSION);
      insertMeta.run('source', options.source);
      insertMeta.run('source_token', options.token);
      insertMeta.run('built_at', options.builtAt);
      insertMeta.run('orders', String(orders.length));
    })();
    db.exec(
      "INSERT INTO orders_fts (orders_fts) VALUES ('optimize'); INSERT INTO orders_grams (orders_grams) VALUES ('optimize');",
    );
    db.close();
    db = undefined;
    renameSync(temp, options.target);
  } catch (error) {
    db?.close();
    rmSync(temp, { force: true });
    throw error;
  }
  return { orders: orders.length, ms: Date.now() - started, built_at: options.builtAt };
}

export function indexExists(target: string): boolean {
  return existsSync(target);
}
