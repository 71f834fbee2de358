/**
 * Python-call syntax as models write it: `get_weather(city="Paris", days=3)`,
 * `brave_search.call(query="x")`, with Python literals (True/False/None,
 * lists, tuples, dicts, strings with escapes, triple quotes). A small
 * recursive-descent reader: it accepts exactly literal values, nothing that
 * would need evaluating.
 */

export interface PythonCall {
  /** as written, without a trailing `.call` */
  name: string;
  /** true for `name.call(...)` (Llama 3.1 built-in tool form) */
  dotCall: boolean;
  keywords: Record<string, unknown>;
  positional: unknown[];
  start: number;
  /** exclusive */
  end: number;
  /** what had to be read leniently (a raw newline or an unescaped quote in a string) */
  repairs: string[];
  /** argument values that are call expressions (`date=get_date()`): never run */
  callValues: string[];
}

class Fail extends Error {}

class Reader {
  position: number;
  readonly repairs = new Set<string>();
  readonly callValues: string[] = [];
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.position = start;
  }

  peek(): string {
    return this.text[this.position] ?? '';
  }

  skipSpace(): void {
    while (/\s/.test(this.peek())) this.position++;
  }

  expect(char: string): void {
    this.skipSpace();
    if (this.peek() !== char) throw new Fail(`expected "${char}" at ${this.position}`);
    this.position++;
  }

  identifier(): string | undefined {
    const match = /^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*/.exec(this.text.slice(this.position, this.position + 200));
    if (!match) return undefined;
    this.position += match[0].length;
    return match[0];
  }

  value(depth = 0): unknown {
    if (depth > 32) throw new Fail('nested too deeply');
    this.skipSpace();
    const char = this.peek();
    if (char === '"' || char === "'") return this.string(false);
    const prefix = /^[rRuUbBfF]{1,2}(?=["'])/.exec(this.text.slice(this.position, this.position + 3));
    if (prefix) {
      // bytes and f-strings are not literal text: b'…' has no JSON form, f'…' needs evaluating
      if (/[bf]/i.test(prefix[0])) throw new Fail(`a ${prefix[0]}'…' string is not a literal`);
      this.position += prefix[0].length;
      return this.string(/r/i.test(prefix[0]));
    }
    if (char === '[') return this.sequence('[', ']', depth);
    if (char === '(') return this.sequence('(', ')', depth);
    if (char === '{') return this.dict(depth);
    if (/[-+.\d]/.test(char)) return this.number();
    const word = this.identifier();
    if (word === undefined) throw new Fail(`unexpected "${char}" at ${this.position}`);
    if (word === 'True' || word === 'true') return true;
    if (word === 'False' || word === 'false') return false;
    if (word === 'None' || word === 'null') return null;
    this.skipSpace();
    if (this.peek() === '(') {
      // a call as a value (date=get_date()): recorded, so the call it belongs to never runs
      const from = this.position;
      this.skipBalanced();
      this.callValues.push(`${word}()`);
      return `${word}${this.text.slice(from, this.position)}`;
    }
    // a bare word where a string was meant: line=A
    return word;
  }

  /** Past a parenthesised group starting at "(", strings inside included. */
  skipBalanced(): void {
    let depth = 0;
    while (this.position < this.text.length) {
      const char = this.text[this.position]!;
      if (char === '"' || char === "'") {
        this.string(false);
        continue;
      }
      this.position++;
      if (char === '(') depth++;
      else if (char === ')' && --depth === 0) return;
    }
    throw new Fail('unterminated call');
  }

  /**
   * Where a single-quoted string's quote closes it: the quote is followed by
   * what can follow a value (`,` then another argument, `)`, `]`, `}`, `:`,
   * the end); any other quote of the same kind is part of the text
   * (`command='sed -n '360,450p' file'`).
   */
  closes(after: number): boolean {
    const rest = this.text.slice(after, after + 80);
    const next = /^\s*([\s\S]?)/.exec(rest)![1]!;
    if (next === '' || next === ']' || next === '}' || next === ':') return true;
    // `)` ends the call only when what follows can follow a call (`'\,'))"'` is inside the string)
    if (next === ')') return !/^\s*\)\s*(?:["']|\)+\s*["'])/.test(rest);
    if (next !== ',') return false;
    return /^\s*,\s*(?:[A-Za-z_]\w*\s*=(?!=)|["'\[{(\d-]|(?:True|False|None|true|false|null)\b|[rRuU]["']|[)\]}]|$)/.test(
      rest,
    );
  }

  string(raw: boolean): string {
    const quote = this.peek();
    const triple = this.text.startsWith(quote.repeat(3), this.position);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.position += delimiter.length;
    let out = '';
    while (this.position < this.text.length) {
      if (this.text.startsWith(delimiter, this.position)) {
        if (triple || this.closes(this.position + 1)) {
          this.position += delimiter.length;
          return out;
        }
        this.repairs.add('unescaped quote in a string');
        out += quote;
        this.position++;
        continue;
      }
      const char = this.text[this.position]!;
      if (char === '\n' && !triple) this.repairs.add('raw newline in a string');
      if (char === '\\' && !raw) {
        const next = this.text[this.position + 1] ?? '';
        this.position += 2;
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '0': '\0',
          b: '\b',
          f: '\f',
          '\n': '',
        };
        if (next in simple) out += simple[next];
        else if (next === 'u' || next === 'x' || next === 'U') {
          const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
          const hex = this.text.slice(this.position, this.position + length);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) throw new Fail('bad escape');
          out += String.fromCodePoint(parseInt(hex, 16));
          this.position += length;
        } else out += `\\${next}`;
        continue;
      }
      out += char;
      this.position++;
    }
    throw new Fail('unterminated string');
  }

  number(): number {
    const match = /^[-+]?(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][-+]?\d+)?/.exec(
      this.text.slice(this.position, this.position + 64),
    );
    if (!match) throw new Fail(`bad number at ${this.position}`);
    this.position += match[0].length;
    const value = Number(match[0].replace(/_/g, ''));
    if (!Number.isFinite(value)) throw new Fail('bad number');
    return value;
  }

  sequence(open: string, close: string, depth: number): unknown[] {
    this.expect(open);
    const items: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === close) {
        this.position++;
        return items;
      }
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.peek() === ',') this.position++;
      else if (this.peek() !== close) throw new Fail(`expected "," or "${close}" at ${this.position}`);
    }
  }

  dict(depth: number): Record<string, unknown> | unknown[] {
    this.expect('{');
    const out: Record<string, unknown> = {};
    const set: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === '}') {
        this.position++;
        return set.length > 0 ? set : out;
      }
      const key = this.value(depth + 1);
      this.skipSpace();
      if (this.peek() === ':') {
        this.position++;
        out[String(key)] = this.value(depth + 1);
      } else set.push(key);
      this.skipSpace();
      if (this.peek() === ',') this.position++;
      else if (this.peek() !== '}') throw new Fail(`expected "," or "}" at ${this.position}`);
    }
  }
}

/** Reads `name(...)` starting exactly at `start`; undefined when it is not a well-formed literal call. */
export function readPythonCall(text: string, start: number): PythonCall | undefined {
  const reader = new Reader(text, start);
  try {
    let name = reader.identifier();
    if (name === undefined) return undefined;
    let dotCall = false;
    if (name.endsWith('.call')) {
      name = name.slice(0, -'.call'.length);
      dotCall = true;
    }
    reader.expect('(');
    const keywords: Record<string, unknown> = {};
    const positional: unknown[] = [];
    for (;;) {
      reader.skipSpace();
      if (reader.peek() === ')') {
        reader.position++;
        return {
          name,
          dotCall,
          keywords,
          positional,
          start,
          end: reader.position,
          repairs: [...reader.repairs],
          callValues: reader.callValues,
        };
      }
      const mark = reader.position;
      const keyword = /^([A-Za-z_]\w*)\s*=(?!=)/.exec(text.slice(mark, mark + 120));
      if (keyword) {
        reader.position = mark + keyword[0].length;
        keywords[keyword[1]!] = reader.value();
      } else {
        positional.push(reader.value());
      }
      reader.skipSpace();
      if (reader.peek() === ',') reader.position++;
      else if (reader.peek() !== ')') return undefined;
    }
  } catch (error) {
    if (error instanceof Fail) return undefined;
    throw error;
  }
}

/** Every place in `text` where an identifier is followed by "(" (not after `def`, `function`, `class`). */
const WORD = /[\w.]/;

export function pythonCallStarts(text: string): number[] {
  const starts: number[] = [];
  // from each "(" back over the name before it: linear in the number of parentheses, not in the text
  for (let paren = text.indexOf('('); paren >= 0; paren = text.indexOf('(', paren + 1)) {
    let end = paren;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    let index = end;
    while (index > 0 && WORD.test(text[index - 1]!) && end - index < 200) index--;
    if (index === end || (index > 0 && text[index - 1] === '$')) continue;
    const name = text.slice(index, end);
    if (!/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(name)) continue;
    const before = text.slice(Math.max(0, index - 12), index);
    if (/\b(?:def|function|class|fn|func|async)\s+$/.test(before)) continue;
    starts.push(index);
  }
  return starts;
}
