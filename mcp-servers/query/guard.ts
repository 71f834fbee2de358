/**
 * The SQL guard: pure functions deciding whether a model's SQL may run, by
 * structural analysis of SQLite's own tokens (tokenizer.ts), never regexes
 * over the text. Rules (each refusal names the rule, why, and a corrected
 * example built from the caller's own SQL):
 * - exactly one statement (trailing `;` and comments allowed);
 * - it starts with SELECT or WITH, and after a WITH's CTE list the main
 *   statement is a SELECT; no write or admin keyword anywhere;
 * - no `*` projection anywhere (`SELECT *`, `t.*`, after DISTINCT/ALL or a
 *   comma, in subqueries and CTEs); `count(*)` and `a * b` are fine;
 * - the outermost query ends in `LIMIT n` (n a plain decimal literal
 *   1..maxRows), optionally `OFFSET m`, or `LIMIT m, n`;
 * - no dangerous functions or virtual tables (load_extension, readfile, …).
 * The engine enforces read-only a second time (read-only connection,
 * `PRAGMA query_only`, `statement.readonly`).
 */
import { err, ok, type Result } from '../../src/errors.js';
import { identifierName, tokenize, type Token } from './tokenizer.js';

export type GuardCode =
  | 'EMPTY_QUERY'
  | 'QUERY_TOO_LONG'
  | 'SYNTAX_ERROR'
  | 'MULTIPLE_STATEMENTS'
  | 'NOT_A_SELECT'
  | 'NOT_READ_ONLY'
  | 'FORBIDDEN_FUNCTION'
  | 'STAR_PROJECTION'
  | 'LIMIT_MISSING'
  | 'LIMIT_TOO_LARGE'
  | 'LIMIT_NOT_LITERAL'
  | 'LIMIT_INVALID'
  /** the plan's full scans multiply past what can be read before the timeout (checked by the server, same shape) */
  | 'QUERY_TOO_BROAD'
  /** the purpose argument is empty (checked by the server, same shape) */
  | 'PURPOSE_MISSING';

export interface GuardRefusal {
  code: GuardCode;
  /** the rule broken, in one line */
  rule: string;
  /** why this SQL breaks it */
  reason: string;
  /** a corrected statement, from the caller's SQL where possible */
  example?: string | undefined;
}

export interface GuardAccepted {
  /** cache key: significant tokens, keywords upper-cased, comments and whitespace dropped */
  normalized: string;
  /** rows asked for (the validated LIMIT) and the OFFSET */
  limit: number;
  offset: number;
  /** the same statement with the validated LIMIT literal raised by one (tells whether more rows exist) */
  probeSql: string;
  /** false when the result depends on the clock or randomness */
  cacheable: boolean;
}

export interface GuardOptions {
  sql: string;
  maxRows: number;
  /** known tables and their columns, to write a column list into STAR_PROJECTION examples */
  tables?: ReadonlyMap<string, readonly string[]> | undefined;
}

export const MAX_SQL_LENGTH = 20000;

const WRITE_KEYWORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
  'CREATE',
  'DROP',
  'ALTER',
  'ATTACH',
  'DETACH',
  'PRAGMA',
  'VACUUM',
  'ANALYZE',
  'REINDEX',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'RETURNING',
]);

/** Functions and table-valued functions that reach outside the query (files, extensions, raw pages). */
const FORBIDDEN_NAMES = new Set([
  'load_extension',
  'readfile',
  'writefile',
  'edit',
  'fts3_tokenizer',
  'sqlite_dbpage',
  'sqlite_dbdata',
  'sqlite_dbptr',
  'fsdir',
  'lsdir',
  'zipfile',
  'zipfile_cds',
  'sqlar_compress',
  'sqlar_uncompress',
  'shell',
  'system',
  'dbstat',
]);

const VOLATILE = new Set([
  'RANDOM',
  'RANDOMBLOB',
  'CURRENT_DATE',
  'CURRENT_TIME',
  'CURRENT_TIMESTAMP',
  'CHANGES',
  'TOTAL_CHANGES',
  'LAST_INSERT_ROWID',
]);

const GENERIC_EXAMPLE =
  "SELECT line_id, SUM(defect_qty) * 1.0 / SUM(inspected_qty) AS defect_rate FROM quality_data WHERE record_date = '2025-01-15' GROUP BY line_id LIMIT 100";

const isOp = (token: Token | undefined, text: string): boolean =>
  token !== undefined && token.type === 'op' && token.text === text;
const isWord = (token: Token | undefined, upper: string): boolean =>
  token !== undefined && token.type === 'word' && token.upper === upper;
const isPlainInteger = (token: Token | undefined): token is Token =>
  token !== undefined && token.type === 'integer' && /^[0-9]+$/.test(token.text);

/** Check one statement. Pure; typical queries take a few microseconds. */
export function checkQuery(options: GuardOptions): Result<GuardAccepted, GuardRefusal> {
  const refusal = analyse(options);
  if (!refusal.ok) return err({ ...refusal.error, example: suggest(options, refusal.error) });
  return refusal;
}

function analyse(options: GuardOptions): Result<GuardAccepted, GuardRefusal> {
  const { sql, maxRows } = options;
  if (sql.length > MAX_SQL_LENGTH) {
    return err({
      code: 'QUERY_TOO_LONG',
      rule: `a query is at most ${MAX_SQL_LENGTH} characters`,
      reason: `this one has ${sql.length}`,
    });
  }
  if (sql.includes('\0')) {
    return err({
      code: 'SYNTAX_ERROR',
      rule: 'the SQL may not contain a NUL character',
      reason: 'SQLite stops reading at a NUL, so what follows it would be ignored',
    });
  }
  const all = tokenize(sql);
  const illegal = all.find((token) => token.type === 'illegal');
  if (illegal) {
    return err({
      code: 'SYNTAX_ERROR',
      rule: 'the SQL must be valid SQLite',
      reason:
        `unrecognized token: "${illegal.text}" at character ${illegal.start + 1} (unterminated quote, a ` +
        `stray character such as "!" or "\\", or a number glued to letters)`,
    });
  }
  const tokens = all.filter((token) => token.type !== 'space' && token.type !== 'comment');
  if (tokens.length === 0 || tokens.every((token) => isOp(token, ';'))) {
    return err({
      code: 'EMPTY_QUERY',
      rule: 'send exactly one SELECT statement',
      reason: 'the SQL is empty (only whitespace, comments or ";")',
    });
  }
  // exactly one statement: after the first ';' only more ';' may follow
  const firstSemi = tokens.findIndex((token) => isOp(token, ';'));
  if (firstSemi !== -1 && tokens.slice(firstSemi).some((token) => !isOp(token, ';'))) {
    return err({
      code: 'MULTIPLE_STATEMENTS',
      rule: 'exactly one statement per call',
      reason: `a second statement follows the ";" at character ${tokens[firstSemi]!.start + 1}`,
      example: firstSemi > 0 ? sql.slice(tokens[0]!.start, tokens[firstSemi - 1]!.end) : undefined,
    });
  }
  const body = firstSemi === -1 ? tokens : tokens.slice(0, firstSemi);

  for (let index = 0; index < body.length; index++) {
    const token = body[index]!;
    if (token.type === 'word' && WRITE_KEYWORDS.has(token.upper)) {
      if (token.upper === 'REPLACE' && isOp(body[index + 1], '(')) continue; // replace(x, y, z), the string function
      return err({
        code: 'NOT_READ_ONLY',
        rule:
          'read-only: only SELECT (or WITH … SELECT) may run; no ' +
          'INSERT/UPDATE/DELETE/REPLACE/CREATE/DROP/ALTER/ATTACH/DETACH/PRAGMA/VACUUM/ANALYZE/REINDEX or ' +
          'transactions',
        reason:
          `"${token.text}" at character ${token.start + 1} is a write or administration keyword (if it is ` +
          `a column name, put it in double quotes: "${token.text.toLowerCase()}")`,
      });
    }
    const name = token.type === 'string' && !stringIsName(body, index) ? undefined : resolvedName(token);
    if (name !== undefined && isForbiddenName(name)) {
      return err({
        code: 'FORBIDDEN_FUNCTION',
        rule: 'no functions or virtual tables that reach outside the plant data (load_extension, readfile, writefile, pragma_*, sqlite_dbpage, …)',
        reason: `"${token.text}" at character ${token.start + 1} is not allowed${
          token.type === 'string' ? ' (SQLite reads a quoted name where a table or function belongs as that name)' : ''
        }; to learn tables and columns call describe_schema`,
      });
    }
  }
  const first = body[0]!;
  if (!isWord(first, 'SELECT') && !isWord(first, 'WITH')) {
    return err({
      code: 'NOT_A_SELECT',
      rule: 'the statement must start with SELECT or WITH',
      reason: `it starts with "${first.text}"${nonAsciiNote(first)}`,
    });
  }

  const depths: number[] = [];
  let depth = 0;
  for (const token of body) {
    if (isOp(token, '(')) {
      depths.push(depth);
      depth++;
    } else if (isOp(token, ')')) {
      depth--;
      if (depth < 0)
        return err({
          code: 'SYNTAX_ERROR',
          rule: 'parentheses must balance',
          reason: `unexpected ")" at character ${token.start + 1}`,
        });
      depths.push(depth);
    } else depths.push(depth);
  }
  if (depth !== 0)
    return err({ code: 'SYNTAX_ERROR', rule: 'parentheses must balance', reason: `${depth} "(" never closed` });

  const mainStart = isWord(first, 'WITH') ? skipCteList(body) : 0;
  if (typeof mainStart !== 'number') return err(mainStart);
  const main = body[mainStart];
  if (!isWord(main, 'SELECT')) {
    return err({
      code: 'NOT_A_SELECT',
      rule: 'after WITH … AS (…) the main statement must be a SELECT',
      reason: main ? `the main statement starts with "${main.text}"` : 'there is no main statement after the WITH list',
    });
  }

  for (let index = 1; index < body.length; index++) {
    const token = body[index]!;
    if (!isOp(token, '*')) continue;
    const previous = body[index - 1]!;
    if (
      isWord(previous, 'SELECT') ||
      isWord(previous, 'DISTINCT') ||
      isWord(previous, 'ALL') ||
      isOp(previous, ',') ||
      isOp(previous, '.')
    ) {
      return err({
        code: 'STAR_PROJECTION',
        rule: 'name the columns you need: no SELECT * and no table.* (count(*) is fine)',
        reason: `"${isOp(previous, '.') ? `${body[index - 2]?.text ?? ''}.*` : '*'}" at character ${token.start + 1} selects every column`,
      });
    }
  }

  return checkLimit({ sql, maxRows, body, depths, mainStart });
}

/**
 * The name SQLite may resolve a token to: words and "…", `…`, […] identifiers,
 * and also '…' strings — SQLite takes a string literal where a table or
 * function name belongs (`FROM 'pragma_database_list'`), so a string spelling a
 * forbidden name is refused wherever it stands. ASCII case-folding, as SQLite.
 */
function resolvedName(token: Token): string | undefined {
  if (token.type === 'word' || token.type === 'id') return asciiLower(identifierName(token));
  if (token.type === 'string') return asciiLower(token.text.slice(1, -1).replaceAll("''", "'"));
  return undefined;
}

const FROM_ENDS = new Set([
  'SELECT',
  'WHERE',
  'GROUP',
  'HAVING',
  'WINDOW',
  'ORDER',
  'LIMIT',
  'VALUES',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'RETURNING',
]);

/**
 * Whether SQLite reads the '…' string at `index` as a name (its grammar's
 * `nm`): a table or table-valued function in a FROM clause (after FROM, JOIN
 * or a FROM-list comma) or either side of a schema dot. Elsewhere it is a
 * text value — `WHERE action = 'edit'` is not the edit() function.
 */
function stringIsName(body: Token[], index: number): boolean {
  const previous = body[index - 1];
  if (isOp(body[index + 1], '.') || isOp(previous, '.')) return true;
  if (isWord(previous, 'FROM') || isWord(previous, 'JOIN')) return true;
  if (!isOp(previous, ',')) return false;
  // a comma: is it in a FROM list? walk back at the same depth to the clause keyword
  let depth = 0;
  for (let back = index - 2; back >= 0; back--) {
    const token = body[back]!;
    if (isOp(token, ')')) depth++;
    else if (isOp(token, '(')) {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && token.type === 'word') {
      if (token.upper === 'FROM') return true;
      if (FROM_ENDS.has(token.upper)) return false;
    }
  }
  return false;
}

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());

function isForbiddenName(name: string): boolean {
  return FORBIDDEN_NAMES.has(name) || name.startsWith('pragma_');
}

/** Explain a word that looks like a keyword but holds a character SQLite does not treat as a space (e.g. U+3000). */
function nonAsciiNote(token: Token): string {
  for (const character of token.text) {
    const code = character.codePointAt(0)!;
    if (code >= 0x80) {
      const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      return ` — it contains ${name}, which SQLite does not treat as a space, so the whole run is one name; use ordinary spaces`;
    }
  }
  return '';
}

/** Index of the main statement after `WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (…), …`. */
function skipCteList(body: Token[]): number | GuardRefusal {
  const syntax = (reason: string): GuardRefusal => ({
    code: 'SYNTAX_ERROR',
    rule: 'WITH name AS (SELECT …) SELECT … LIMIT n',
    reason,
  });
  const skipGroup = (open: number): number => {
    let depth = 0;
    for (let index = open; index < body.length; index++) {
      if (isOp(body[index], '(')) depth++;
      else if (isOp(body[index], ')') && --depth === 0) return index + 1;
    }
    return body.length;
  };
  let index = 1;
  if (isWord(body[index], 'RECURSIVE')) index++;
  for (;;) {
    const name = body[index];
    if (!name || !(name.type === 'word' || name.type === 'id' || name.type === 'string'))
      return syntax('a common table expression needs a name after WITH');
    index++;
    if (isOp(body[index], '(')) index = skipGroup(index);
    if (!isWord(body[index], 'AS')) return syntax(`expected AS after the name "${name.text}"`);
    index++;
    if (isWord(body[index], 'NOT')) index++;
    if (isWord(body[index], 'MATERIALIZED')) index++;
    if (!isOp(body[index], '(')) return syntax(`expected "(" with a SELECT after "${name.text} AS"`);
    index = skipGroup(index);
    if (!isOp(body[index], ',')) return index;
    index++;
  }
}

function checkLimit(options: {
  sql: string;
  maxRows: number;
  body: Token[];
  depths: number[];
  mainStart: number;
}): Result<GuardAccepted, GuardRefusal> {
  const { sql, maxRows, body, depths, mainStart } = options;
  let limitIndex = -1;
  for (let index = body.length - 1; index >= mainStart; index--) {
    if (depths[index] === 0 && isWord(body[index], 'LIMIT')) {
      limitIndex = index;
      break;
    }
  }
  const rule = `the outermost query must end in LIMIT n with n a plain number from 1 to ${maxRows} (page on with OFFSET)`;
  if (limitIndex === -1)
    return err({ code: 'LIMIT_MISSING', rule, reason: 'the query has no LIMIT at its outermost level' });
  const tail = body.slice(limitIndex + 1);
  let countToken: Token | undefined;
  let offsetToken: Token | undefined;
  if (tail.length === 1 && isPlainInteger(tail[0])) countToken = tail[0];
  else if (tail.length === 3 && isPlainInteger(tail[0]) && isWord(tail[1], 'OFFSET') && isPlainInteger(tail[2])) {
    countToken = tail[0];
    offsetToken = tail[2];
  } else if (tail.length === 3 && isPlainInteger(tail[0]) && isOp(tail[1], ',') && isPlainInteger(tail[2])) {
    offsetToken = tail[0];
    countToken = tail[2];
  }
  if (!countToken) {
    const written = sql.slice(body[limitIndex]!.start, body[body.length - 1]!.end);
    return err({
      code: 'LIMIT_NOT_LITERAL',
      rule,
      reason:
        `"${written}" is not "LIMIT n", "LIMIT n OFFSET m" or "LIMIT m, n" with plain decimal numbers ` +
        `(no expressions, signs, parameters, hex or exponents), or it is not at the very end`,
    });
  }
  const count = countToken.text.length > 15 ? Number.POSITIVE_INFINITY : Number(countToken.text);
  if (count > maxRows) {
    return err({
      code: 'LIMIT_TOO_LARGE',
      rule,
      reason: `LIMIT ${countToken.text} asks for more than ${maxRows} rows; fetch ${maxRows} at a time and page with OFFSET`,
    });
  }
  if (count < 1) return err({ code: 'LIMIT_INVALID', rule, reason: `LIMIT ${countToken.text} returns no rows` });
  if (offsetToken && offsetToken.text.length > 15) {
    return err({ code: 'LIMIT_INVALID', rule, reason: `OFFSET ${offsetToken.text} is beyond any table` });
  }
  const offset = offsetToken ? Number(offsetToken.text) : 0;
  const normalized = body.map((token) => (token.keyword ? token.upper : token.text)).join(' ');
  const cacheable = !body.some(
    (token) =>
      (token.type === 'word' && VOLATILE.has(token.upper)) || (token.type === 'string' && /^'now'$/i.test(token.text)),
  );
  return ok({
    normalized,
    limit: count,
    offset,
    probeSql: `${sql.slice(0, countToken.start)}${count + 1}${sql.slice(countToken.end)}`,
    cacheable,
  });
}

/** A corrected example: the caller's SQL with the broken rules fixed one after the other. */
function suggest(options: GuardOptions, refusal: GuardRefusal): string {
  let sql = options.sql;
  let current: GuardRefusal | undefined = refusal;
  for (let step = 0; step < 6 && current; step++) {
    const fixed = fixOnce(sql, current, options);
    if (fixed === undefined || fixed === sql) break;
    sql = fixed;
    const again = analyse({ ...options, sql });
    current = again.ok ? undefined : again.error;
  }
  return current && current.code !== 'LIMIT_MISSING' && sql === options.sql ? GENERIC_EXAMPLE : sql.trim();
}

function fixOnce(sql: string, refusal: GuardRefusal, options: GuardOptions): string | undefined {
  const tokens = tokenize(sql).filter((token) => token.type !== 'space' && token.type !== 'comment');
  const semi = tokens.findIndex((token) => isOp(token, ';'));
  const body = semi === -1 ? tokens : tokens.slice(0, semi);
  const last = body[body.length - 1];
  if (!last) return undefined;
  const statement = sql.slice(body[0]!.start, last.end);
  const shift = body[0]!.start;
  switch (refusal.code) {
    case 'MULTIPLE_STATEMENTS':
      return refusal.example;
    case 'LIMIT_MISSING':
      return `${statement} LIMIT ${options.maxRows}`;
    case 'LIMIT_TOO_LARGE':
    case 'LIMIT_NOT_LITERAL':
    case 'LIMIT_INVALID': {
      let depth = 0;
      let limitAt = -1;
      body.forEach((token, index) => {
        if (isOp(token, '(')) depth++;
        else if (isOp(token, ')')) depth--;
        else if (depth === 0 && isWord(token, 'LIMIT')) limitAt = index;
      });
      if (limitAt === -1) return undefined;
      return `${sql.slice(shift, body[limitAt]!.start)}LIMIT ${options.maxRows}`;
    }
    case 'STAR_PROJECTION':
      return fixStar(body, sql, options) ?? undefined;
    default:
      return undefined;
  }
}

/** Replace the first `*` / `t.*` projection by the table's columns (or placeholders). */
function fixStar(body: Token[], sql: string, options: GuardOptions): string | undefined {
  for (let index = 1; index < body.length; index++) {
    if (!isOp(body[index], '*')) continue;
    const previous = body[index - 1]!;
    const qualified = isOp(previous, '.');
    if (!(
      qualified ||
      isOp(previous, ',') ||
      isWord(previous, 'SELECT') ||
      isWord(previous, 'DISTINCT') ||
      isWord(previous, 'ALL')
    ))
      continue;
    const qualifier = qualified ? body[index - 2] : undefined;
    let table: string | undefined;
    for (let next = index + 1, depth = 0; next < body.length; next++) {
      if (isOp(body[next], '(')) depth++;
      else if (isOp(body[next], ')') && --depth < 0) break;
      else if (depth === 0 && isWord(body[next], 'FROM')) {
        const name = body[next + 1];
        if (name && (name.type === 'word' || name.type === 'id')) table = identifierName(name);
        break;
      }
    }
    const columns = (qualifier ? findTable(options.tables, identifierName(qualifier)) : undefined) ??
      (table !== undefined ? findTable(options.tables, table) : undefined) ?? ['column1', 'column2'];
    const prefix = qualifier ? `${qualifier.text}.` : '';
    const start = qualifier ? qualifier.start : body[index]!.start;
    return `${sql.slice(body[0]!.start, start)}${columns.map((column) => `${prefix}${column}`).join(', ')}${sql.slice(body[index]!.end)}`;
  }
  return undefined;
}

function findTable(tables: GuardOptions['tables'], name: string): readonly string[] | undefined {
  if (!tables) return undefined;
  const lower = name.toLowerCase();
  for (const [table, columns] of tables) if (table.toLowerCase() === lower) return columns;
  return undefined;
}

/**
 * The names a query's plan may use for known tables: each table's own name and
 * every alias given to it (`quality_data q`, `quality_data AS q`). Keys and
 * values ASCII lower-case; `tables` holds lower-case names.
 */
export function tableAliases(sql: string, tables: ReadonlySet<string>): Map<string, string> {
  const aliases = new Map<string, string>();
  const tokens = tokenize(sql).filter((token) => token.type !== 'space' && token.type !== 'comment');
  for (let index = 0; index < tokens.length; index++) {
    const name = resolvedName(tokens[index]!);
    if (name === undefined || !tables.has(name)) continue;
    aliases.set(name, name);
    let next = tokens[index + 1];
    if (isWord(next, 'AS')) next = tokens[index + 2];
    const alias =
      next && (next.type === 'id' || next.type === 'string' || (next.type === 'word' && !next.keyword))
        ? resolvedName(next)
        : undefined;
    if (alias !== undefined && !aliases.has(alias)) aliases.set(alias, name);
  }
  return aliases;
}
