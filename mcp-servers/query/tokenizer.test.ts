/**
 * The tokenizer port against SQLite's real behaviour (better-sqlite3's
 * SQLite 3.51): wherever our tokens say "this is whitespace / one literal /
 * an unrecognized token", SQLite must agree — checked through prepare, the
 * result column's name (SQLite names an unaliased column by its source text)
 * and SQLite's own "unrecognized token" messages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { tokenize, SQLITE_KEYWORDS, type Token } from './tokenizer.js';

const db = new Database(':memory:');
db.exec('CREATE TABLE t (a INTEGER, b TEXT)');

type Outcome = { ok: true; column: string | undefined; value: unknown } | { ok: false; message: string };

function sqlite(sql: string): Outcome {
  try {
    const statement = db.prepare(sql);
    const row = statement.raw(true).get() as unknown[] | undefined;
    return { ok: true, column: statement.columns()[0]?.name, value: row?.[0] };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

const significant = (sql: string): Token[] =>
  tokenize(sql).filter((token) => token.type !== 'space' && token.type !== 'comment');
const ch = (code: number): string => String.fromCodePoint(code);

test('whitespace is exactly what SQLite treats as whitespace (every ASCII character and Unicode spaces)', () => {
  const candidates = [
    ...Array.from({ length: 127 }, (_, index) => index + 1),
    0x85,
    0xa0,
    0x1680,
    0x2000,
    0x2028,
    0x2029,
    0x202f,
    0x3000,
    0xfeff,
    0xfffe,
  ];
  for (const code of candidates) {
    for (const template of [
      (c: string) => `SELECT${c}1`,
      (c: string) => `SELECT ${c}1`,
      (c: string) => `SELECT 1${c}`,
    ]) {
      const sql = template(ch(code));
      if (sql === 'SELECT 1;') continue; // a trailing ';' is fine, not whitespace
      const ours = significant(sql);
      const weSayClean =
        ours.length === 2 && ours[0]!.upper === 'SELECT' && ours[1]!.type === 'integer' && ours[1]!.text === '1';
      const actual = sqlite(sql);
      const sqliteSaysClean = actual.ok && actual.column === '1' && actual.value === 1;
      assert.equal(
        weSayClean,
        sqliteSaysClean,
        `U+${code.toString(16)} in ${JSON.stringify(sql)}: ours ${JSON.stringify(ours.map((token) => token.text))}, SQLite ${JSON.stringify(actual)}`,
      );
    }
  }
});

test('U+3000 is an identifier character and a BOM is whitespace only where a token starts', () => {
  assert.deepEqual(
    significant('SELECT\u3000a').map((token) => [token.type, token.text]),
    [['word', 'SELECT\u3000a']],
  );
  assert.equal(significant('SELECT\u3000a')[0]!.keyword, false);
  assert.deepEqual(
    tokenize('\uFEFFSELECT').map((token) => token.type),
    ['space', 'word'],
  );
  assert.equal(sqlite('\uFEFFSELECT 1').ok, true);
  assert.equal(sqlite('\uFEFF\uFEFFSELECT 1').ok, true);
  assert.deepEqual(
    significant('\uFEFF\uFEFFSELECT 1').map((token) => token.text),
    ['SELECT', '1'],
  );
  // inside a token the BOM is an identifier character: SQLite names the bad token exactly as we cut it
  const glued = significant('SELECT 1\uFEFF');
  assert.equal(glued[1]!.type, 'illegal');
  assert.deepEqual(sqlite('SELECT 1\uFEFF'), { ok: false, message: `unrecognized token: "${glued[1]!.text}"` });
});

test('literals: one token where SQLite reads one, and SQLite names our illegal tokens exactly', () => {
  const literals = [
    '1',
    '0',
    '123',
    '1.5',
    '.5',
    '1.',
    '1e5',
    '1E+5',
    '1e-5',
    '1.5e3',
    '1.e5',
    '0x1F',
    '0Xff',
    '0x',
    '0x1g',
    '1x',
    '1e',
    '1e+',
    '1_000',
    '1__0',
    '1_',
    '0x1_F',
    '1.5_5',
    '1e1_0',
    '12abc',
    "'a'",
    "'it''s'",
    "'a''",
    "''",
    "x'41'",
    "X'4142'",
    "x'4'",
    "x'zz'",
    "x'",
    '"a"',
    '"a""b"',
    '[a b]',
    '`a``b`',
    '[a',
    '"a',
    '`a',
    "'a",
    '?',
    '?12',
    ':a',
    '@a',
    '$a',
    '#a',
    ':',
    '@',
    '$',
    '#',
    '$a::b',
    'abc',
    '_a',
    'a$b',
    'a1',
    'xyz',
    'x',
    'SELECT',
    'séléct',
    '产线',
    'a\u3000b',
    '!',
    '\\',
    '{',
    '}',
    '^',
  ];
  for (const literal of literals) {
    const sql = `SELECT ${literal}`;
    const ours = significant(sql).slice(1);
    const actual = sqlite(sql);
    const illegal = ours.find((token) => token.type === 'illegal');
    if (illegal) {
      assert.equal(actual.ok, false, `${literal}: SQLite accepted what we call illegal`);
      if (!actual.ok) assert.equal(actual.message, `unrecognized token: "${illegal.text}"`, literal);
    } else if (ours.length === 1 && ['integer', 'float', 'qnumber', 'string', 'blob'].includes(ours[0]!.type)) {
      // a single literal: SQLite accepts it (or rejects a bad digit separator) and the column is named by its text
      if (actual.ok) assert.equal(actual.column, literal, literal);
      else assert.equal(ours[0]!.type, 'qnumber', `${literal}: ${actual.message}`);
    }
  }
});

test('numbers, strings and identifiers split where SQLite splits them (column names show the span)', () => {
  // an expression's column name is its exact source text; compare token texts we produce with what SQLite spans
  const expressions = [
    '1+2',
    '1-2',
    '1- -2',
    '1/*c*/+2',
    '1/2',
    "'a'||'b'",
    '1<<2',
    '1>>1',
    '1<=2',
    '1<>2',
    '1==1',
    '1!=2',
    "a->>'$'",
  ];
  for (const expression of expressions) {
    const sql = `SELECT ${expression}\nFROM t`;
    const actual = sqlite(sql);
    const ours = significant(sql);
    const fromIndex = ours.findIndex((token) => token.upper === 'FROM');
    if (!actual.ok) {
      assert.ok(
        ours.some((token) => token.type === 'illegal') ||
          fromIndex === -1 ||
          /syntax|no such|malformed|unrecognized/.test(actual.message),
        `${expression}: ${actual.message}`,
      );
      continue;
    }
    const last = ours[fromIndex - 1]!;
    assert.equal(actual.column, sql.slice(ours[1]!.start, last.end), expression);
  }
  // comments: -- to end of line, /* */ possibly unterminated; a trailing "/*" is slash + star
  assert.deepEqual(
    tokenize('1 -- x\n2').map((token) => token.type),
    ['integer', 'space', 'comment', 'space', 'integer'],
  );
  assert.deepEqual(
    tokenize('1 /* x').map((token) => token.type),
    ['integer', 'space', 'comment'],
  );
  assert.deepEqual(
    tokenize('a/*').map((token) => token.text),
    ['a', '/', '*'],
  );
  assert.equal(sqlite('SELECT 1 /* x').ok, true);
  assert.deepEqual(
    significant('SELECT 1--2').map((token) => token.text),
    ['SELECT', '1'],
  );
  assert.equal((sqlite('SELECT 1--2') as { value: unknown }).value, 1); // the rest is a comment to SQLite too
  assert.equal(sqlite('SELECT 2/*').ok, false);
});

test('keywords are case-insensitive in ASCII only; the keyword table is SQLite’s', () => {
  assert.equal(SQLITE_KEYWORDS.size, 147);
  for (const word of ['select', 'SeLeCt', 'DELETE', 'limit']) assert.equal(significant(word)[0]!.keyword, true, word);
  for (const word of ['ſelect', 'selectx', 'select1', 'replace_', 'count'])
    assert.equal(significant(word)[0]!.keyword, false, word);
  // SQLite agrees that 'ſelect' is no keyword: it is a plain (unknown) column name
  assert.match((sqlite('ſelect 1') as { message: string }).message, /syntax error/);
  // each keyword rejected as a bare column name in a reserved position, proving it is a keyword to SQLite too
  for (const keyword of ['SELECT', 'FROM', 'WHERE', 'LIMIT', 'DELETE', 'INSERT', 'DROP']) {
    assert.equal(sqlite(`SELECT 1 AS ${keyword}`).ok, false, keyword);
  }
});

test('a NUL character ends the input, as in SQLite', () => {
  assert.deepEqual(
    tokenize('SELECT 1\0; DROP TABLE t').map((token) => token.text),
    ['SELECT', ' ', '1'],
  );
  const actual = sqlite('SELECT 1\0; DROP TABLE t');
  assert.equal(actual.ok, true); // SQLite silently ignores what follows — the guard refuses such SQL outright
});

test('variables and quoted identifiers follow this build (SQLITE_OMIT_TCL_VARIABLE)', () => {
  assert.deepEqual(
    significant('SELECT $a(x)').map((token) => token.text),
    ['SELECT', '$a', '(', 'x', ')'],
  );
  assert.match((sqlite('SELECT $a(x)') as { message: string }).message, /near "\(": syntax error/);
  assert.deepEqual(
    significant('SELECT [a]]').map((token) => [token.type, token.text]),
    [
      ['word', 'SELECT'],
      ['id', '[a]'],
      ['illegal', ']'],
    ],
  );
  assert.deepEqual(sqlite('SELECT [a]]'), { ok: false, message: 'unrecognized token: "]"' });
});
