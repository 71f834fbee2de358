/**
 * SQLite's own tokenizer, ported to TypeScript: `sqlite3GetToken` from
 * tokenize.c (SQLite 3.51, the version inside better-sqlite3 12.x) with its
 * character-class table. The guard must see SQL exactly as SQLite does, so
 * this is a faithful port, not a regex:
 * - whitespace is only what SQLite's table calls space (\t \n \f \r and ' ' to
 *   start a run; a run continues through \v too). U+3000 and every other
 *   non-ASCII character is an identifier character, never whitespace;
 * - a UTF-8 byte-order mark (U+FEFF) at the start of a token is whitespace
 *   (CC_BOM); inside an identifier it is part of the identifier;
 * - `--` comments run to the end of the line, `/* … *\/` comments may be
 *   unterminated (they run to the end of the input); `/*` as the last two
 *   characters is a slash and a star, as in SQLite;
 * - '…' strings with '' escapes; "…", `…` and […] identifiers;
 * - numbers incl. hex, exponents and `_` digit separators (TK_QNUMBER);
 * - variables ?NNN :a @a $a #a (better-sqlite3 builds with
 *   SQLITE_OMIT_TCL_VARIABLE, so no `$a(…)` / `$a::b` forms);
 * - a NUL character ends the input (SQLite stops there).
 *
 * SQLite works on UTF-8 bytes; this port works on UTF-16 code units. That is
 * equivalent because SQLite gives every byte >= 0x80 the same treatment
 * (identifier character), except the BOM sequence EF BB BF at the start of a
 * token, which here is the single code unit U+FEFF.
 */

export type TokenType =
  | 'space'
  | 'comment'
  /** an unquoted identifier or keyword (see `keyword`) */
  | 'word'
  /** a quoted identifier: "…", `…` or […] */
  | 'id'
  | 'string'
  | 'blob'
  | 'integer'
  | 'float'
  /** a number with `_` digit separators */
  | 'qnumber'
  | 'variable'
  /** an operator or punctuation; `text` says which */
  | 'op'
  | 'illegal';

export interface Token {
  type: TokenType;
  /** UTF-16 offsets into the SQL text */
  start: number;
  end: number;
  text: string;
  /** for words: the text upper-cased in ASCII only, as SQLite compares keywords ('ſ' stays 'ſ') */
  upper: string;
  /** for words: true when SQLite's keyword table knows it */
  keyword: boolean;
}

/** SQLite 3.51's 147 keywords (decoded from keywordhash.h). */
export const SQLITE_KEYWORDS: ReadonlySet<string> = new Set(
  (
    'ABORT ACTION ADD AFTER ALL ALTER ALWAYS ANALYZE AND AS ASC ATTACH AUTOINCREMENT BEFORE BEGIN BETWEEN BY CASCADE ' +
    'CASE CAST CHECK COLLATE COLUMN COMMIT CONFLICT CONSTRAINT CREATE CROSS CURRENT CURRENT_DATE CURRENT_TIME ' +
    'CURRENT_TIMESTAMP DATABASE DEFAULT DEFERRABLE DEFERRED DELETE DESC DETACH DISTINCT DO DROP EACH ELSE END ESCAPE ' +
    'EXCEPT EXCLUDE EXCLUSIVE EXISTS EXPLAIN FAIL FILTER FIRST FOLLOWING FOR FOREIGN FROM FULL GENERATED GLOB GROUP ' +
    'GROUPS HAVING IF IGNORE IMMEDIATE IN INDEX INDEXED INITIALLY INNER INSERT INSTEAD INTERSECT INTO IS ISNULL JOIN ' +
    'KEY LAST LEFT LIKE LIMIT MATCH MATERIALIZED NATURAL NO NOT NOTHING NOTNULL NULL NULLS OF OFFSET ON OR ORDER ' +
    'OTHERS OUTER OVER PARTITION PLAN PRAGMA PRECEDING PRIMARY QUERY RAISE RANGE RECURSIVE REFERENCES REGEXP REINDEX ' +
    'RELEASE RENAME REPLACE RESTRICT RETURNING RIGHT ROLLBACK ROW ROWS SAVEPOINT SELECT SET TABLE TEMP TEMPORARY THEN ' +
    'TIES TO TRANSACTION TRIGGER UNBOUNDED UNION UNIQUE UPDATE USING VACUUM VALUES VIEW VIRTUAL WHEN WHERE WINDOW ' +
    'WITH WITHOUT'
  ).split(' '),
);

// Character classes (tokenize.c CC_*)
const CC_X = 0;
const CC_KYWD0 = 1;
const CC_KYWD = 2;
const CC_DIGIT = 3;
const CC_DOLLAR = 4;
const CC_VARALPHA = 5;
const CC_VARNUM = 6;
const CC_SPACE = 7;
const CC_QUOTE = 8;
const CC_QUOTE2 = 9;
const CC_PIPE = 10;
const CC_MINUS = 11;
const CC_LT = 12;
const CC_GT = 13;
const CC_EQ = 14;
const CC_BANG = 15;
const CC_SLASH = 16;
const CC_LP = 17;
const CC_RP = 18;
const CC_SEMI = 19;
const CC_PLUS = 20;
const CC_STAR = 21;
const CC_PERCENT = 22;
const CC_COMMA = 23;
const CC_AND = 24;
const CC_TILDA = 25;
const CC_DOT = 26;
const CC_ID = 27;
const CC_NUL = 29;
const CC_BOM = 30;

/** aiClass[] for 0x00..0x7f (SQLITE_ASCII); every byte >= 0x80 is CC_ID (0xEF: CC_BOM). */
// prettier-ignore
const AI_CLASS = new Uint8Array([
/* 0x */ 29, 28, 28, 28, 28, 28, 28, 28, 28,  7,  7, 28,  7,  7, 28, 28,
/* 1x */ 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
/* 2x */  7, 15,  8,  5,  4, 22, 24,  8, 17, 18, 21, 20, 23, 11, 26, 16,
/* 3x */  3,  3,  3,  3,  3,  3,  3,  3,  3,  3,  5, 19, 12, 14, 13,  6,
/* 4x */  5,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,
/* 5x */  1,  1,  1,  1,  1,  1,  1,  1,  0,  2,  2,  9, 28, 28, 28,  2,
/* 6x */  8,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,
/* 7x */  1,  1,  1,  1,  1,  1,  1,  1,  0,  2,  2, 28, 10, 28, 25, 28,
]);

/** sqlite3CtypeMap[] bits for 0x00..0x7f: 0x01 space, 0x02 alpha, 0x04 digit, 0x08 xdigit, 0x40 other id char. */
const CTYPE = new Uint8Array(128);
for (const code of [9, 10, 11, 12, 13, 32]) CTYPE[code] = 0x01;
for (let code = 0x30; code <= 0x39; code++) CTYPE[code] = 0x0c;
for (let code = 0x41; code <= 0x5a; code++) CTYPE[code] = code <= 0x46 ? 0x0a : 0x02;
for (let code = 0x61; code <= 0x7a; code++) CTYPE[code] = code <= 0x66 ? 0x0a : 0x02;
CTYPE[0x24] = 0x40; // $
CTYPE[0x5f] = 0x40; // _

const BOM = 0xfeff;

function charClass(code: number): number {
  if (code < 0x80) return AI_CLASS[code]!;
  return code === BOM ? CC_BOM : CC_ID;
}
const isSpace = (code: number): boolean => code < 0x80 && (CTYPE[code]! & 0x01) !== 0;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isXdigit = (code: number): boolean => code < 0x80 && (CTYPE[code]! & 0x08) !== 0;
const isIdChar = (code: number): boolean => code >= 0x80 || (CTYPE[code]! & 0x46) !== 0;
const DIGIT_SEPARATOR = 0x5f; // '_'

/**
 * Length and type of the token starting at `start` (sqlite3GetToken).
 * Returns length 0 at the end of the input or at a NUL character.
 */
function getToken(sql: string, start: number): { length: number; type: TokenType } {
  const at = (offset: number): number => {
    const index = start + offset;
    return index < sql.length ? sql.charCodeAt(index) : 0;
  };
  const first = at(0);
  let i: number;
  let c: number;
  switch (charClass(first)) {
    case CC_SPACE:
      for (i = 1; isSpace(at(i)); i++);
      return { length: i, type: 'space' };
    case CC_MINUS:
      if (at(1) === 0x2d) {
        for (i = 2; (c = at(i)) !== 0 && c !== 0x0a; i++);
        return { length: i, type: 'comment' };
      }
      if (at(1) === 0x3e) return { length: 2 + (at(2) === 0x3e ? 1 : 0), type: 'op' };
      return { length: 1, type: 'op' };
    case CC_LP:
    case CC_RP:
    case CC_SEMI:
    case CC_PLUS:
    case CC_STAR:
    case CC_PERCENT:
    case CC_COMMA:
    case CC_AND:
    case CC_TILDA:
      return { length: 1, type: 'op' };
    case CC_SLASH:
      if (at(1) !== 0x2a || at(2) === 0) return { length: 1, type: 'op' };
      for (i = 3, c = at(2); (c !== 0x2a || at(i) !== 0x2f) && (c = at(i)) !== 0; i++);
      if (c) i++;
      return { length: i, type: 'comment' };
    case CC_EQ:
      return { length: 1 + (at(1) === 0x3d ? 1 : 0), type: 'op' };
    case CC_LT:
      c = at(1);
      return { length: c === 0x3d || c === 0x3e || c === 0x3c ? 2 : 1, type: 'op' };
    case CC_GT:
      c = at(1);
      return { length: c === 0x3d || c === 0x3e ? 2 : 1, type: 'op' };
    case CC_BANG:
      return at(1) === 0x3d ? { length: 2, type: 'op' } : { length: 1, type: 'illegal' };
    case CC_PIPE:
      return { length: at(1) === 0x7c ? 2 : 1, type: 'op' };
    case CC_QUOTE: {
      const delimiter = first;
      for (i = 1; (c = at(i)) !== 0; i++) {
        if (c === delimiter) {
          if (at(i + 1) === delimiter) i++;
          else break;
        }
      }
      if (c === 0x27) return { length: i + 1, type: 'string' };
      if (c !== 0) return { length: i + 1, type: 'id' };
      return { length: i, type: 'illegal' };
    }
    case CC_DOT:
      if (!isDigit(at(1))) return { length: 1, type: 'op' };
      return getNumber(at);
    case CC_DIGIT:
      return getNumber(at);
    case CC_QUOTE2:
      for (i = 1, c = first; c !== 0x5d && (c = at(i)) !== 0; i++);
      return { length: i, type: c === 0x5d ? 'id' : 'illegal' };
    case CC_VARNUM:
      for (i = 1; isDigit(at(i)); i++);
      return { length: i, type: 'variable' };
    case CC_DOLLAR:
    case CC_VARALPHA: {
      let n = 0;
      for (i = 1; (c = at(i)) !== 0; i++) {
        if (isIdChar(c)) n++;
        else break;
      }
      return { length: i, type: n === 0 ? 'illegal' : 'variable' };
    }
    case CC_KYWD0:
      if (charClass(at(1)) > CC_KYWD) {
        i = 1;
        break;
      }
      for (i = 2; charClass(at(i)) <= CC_KYWD; i++);
      if (isIdChar(at(i))) {
        i++;
        break;
      }
      return { length: i, type: 'word' };
    case CC_X:
      if (at(1) === 0x27) {
        let type: TokenType = 'blob';
        for (i = 2; isXdigit(at(i)); i++);
        if (at(i) !== 0x27 || i % 2) {
          type = 'illegal';
          while (at(i) && at(i) !== 0x27) i++;
        }
        if (at(i)) i++;
        return { length: i, type };
      }
      i = 1;
      break;
    case CC_KYWD:
    case CC_ID:
      i = 1;
      break;
    case CC_BOM:
      // U+FEFF is the whole UTF-8 sequence EF BB BF: whitespace at the start of a token
      return { length: 1, type: 'space' };
    case CC_NUL:
      return { length: 0, type: 'illegal' };
    default:
      return { length: 1, type: 'illegal' };
  }
  while (isIdChar(at(i))) i++;
  return { length: i, type: 'word' };
}

function getNumber(at: (offset: number) => number): { length: number; type: TokenType } {
  let type: TokenType = 'integer';
  let i: number;
  const digitRun = (from: number, test: (code: number) => boolean): number => {
    let index = from;
    for (;;) {
      const code = at(index);
      if (test(code)) index++;
      else if (code === DIGIT_SEPARATOR) {
        type = 'qnumber';
        index++;
      } else return index;
    }
  };
  if (at(0) === 0x30 && (at(1) === 0x78 || at(1) === 0x58) && isXdigit(at(2))) {
    i = digitRun(3, isXdigit);
  } else {
    i = digitRun(0, isDigit);
    if (at(i) === 0x2e) {
      if (type === 'integer') type = 'float';
      i = digitRun(i + 1, isDigit);
    }
    const e = at(i);
    if (
      (e === 0x65 || e === 0x45) &&
      (isDigit(at(i + 1)) || ((at(i + 1) === 0x2b || at(i + 1) === 0x2d) && isDigit(at(i + 2))))
    ) {
      if (type === 'integer') type = 'float';
      i = digitRun(i + 2, isDigit);
    }
  }
  while (isIdChar(at(i))) {
    type = 'illegal';
    i++;
  }
  return { length: i, type };
}

/** Split SQL into SQLite's tokens, whitespace and comments included; stops at a NUL. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < sql.length) {
    const { length, type } = getToken(sql, position);
    if (length === 0) break; // NUL: SQLite's end of input
    const end = position + length;
    const text = sql.slice(position, end);
    const upper = type === 'word' ? asciiUpper(text) : text;
    tokens.push({ type, start: position, end, text, upper, keyword: type === 'word' && SQLITE_KEYWORDS.has(upper) });
    position = end;
  }
  return tokens;
}

/** Upper-case ASCII letters only (JS toUpperCase maps 'ſ' to 'S', SQLite does not). */
export function asciiUpper(text: string): string {
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) >= 0x80) return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  }
  return text.toUpperCase();
}

/** The name an identifier token stands for: quotes removed, doubled quotes undone. */
export function identifierName(token: Token): string {
  if (token.type === 'word') return token.text;
  if (token.type !== 'id') return token.text;
  const open = token.text[0];
  if (open === '[') return token.text.slice(1, -1);
  const body = token.text.slice(1, -1);
  return open === '"' ? body.replaceAll('""', '"') : body.replaceAll('``', '`');
}
