/**
 * Repairs jsonrepair cannot make, for arguments strings real models send
 * (issue 14): a literal backslash-n between tokens (`"view_range": \n[1, 2]`),
 * unescaped quotes inside a string (`"content": "env.get("KEY")"`), Windows
 * paths with raw backslashes (`"C:\Users\me"`), Python triple-quoted strings.
 * Each fix is named, so the trace and the audit row can say what was repaired.
 * Only used when the text is not valid JSON as it is.
 */

export interface HandRepair {
  text: string;
  fixes: string[];
}

const VALID_ESCAPE = /["\\/bfnrtu]/;

/** Python """…""" / '''…''' strings as JSON strings. */
function tripleQuoted(text: string): string {
  return text.replace(/("""|''')([\s\S]*?)\1/g, (_, _quote: string, body: string) => JSON.stringify(body));
}

/** Outside strings: a two-character \n, \t or \r is whitespace the model meant. */
function literalEscapesOutsideStrings(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++index] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if (char === '\\' && /[ntr]/.test(text[index + 1] ?? '')) {
      out += ' ';
      index++;
      continue;
    }
    out += char;
  }
  return out;
}

/**
 * Inside strings: a quote is the closing one only when what follows can come
 * after a string (`,` then a key or a value, `:`, `}`, `]`, the end); any other
 * quote is escaped. A string holding an escape JSON does not have (`\U`, `\m`)
 * was written with raw backslashes: all its backslashes are kept literally.
 */
function stringsRepaired(text: string): string {
  let out = '';
  const stack: Array<'{' | '['> = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '{' || char === '[') stack.push(char);
    else if (char === '}' || char === ']') stack.pop();
    if (char !== '"') {
      out += char;
      index++;
      continue;
    }
    // read a string body up to its plausible closing quote
    let body = '';
    let cursor = index + 1;
    let closed = false;
    while (cursor < text.length) {
      const inner = text[cursor]!;
      if (inner === '\\') {
        body += inner + (text[cursor + 1] ?? '');
        cursor += 2;
        continue;
      }
      if (inner === '"' && closesString(text, cursor + 1, stack[stack.length - 1])) {
        closed = true;
        break;
      }
      body += inner === '"' ? '\\"' : inner;
      cursor++;
    }
    // \' is not a JSON escape: the quote the model meant
    body = body.replace(/(?<!\\)\\'/g, "'");
    if (/\\(?!["\\/bfnrtu])/.test(body.replace(/\\\\/g, ''))) body = body.replace(/\\(?!")/g, '\\\\');
    out += `"${body}${closed ? '"' : ''}`;
    index = closed ? cursor + 1 : cursor;
  }
  return out;
}

function closesString(text: string, after: number, context: '{' | '[' | undefined): boolean {
  const rest = text.slice(after);
  const next = /^\s*([\s\S]?)/.exec(rest)![1]!;
  if (next === '' || next === ':' || next === '}' || next === ']') return true;
  if (next !== ',') return false;
  const following = rest.slice(rest.indexOf(',') + 1);
  // a trailing comma before the closing bracket
  if (/^\s*[}\]]/.test(following)) return true;
  if (context === '[') return /^\s*(?:"|-?\d|\{|\[|true\b|false\b|null\b|$)/.test(following);
  return /^\s*(?:"(?:[^"\\]|\\.)*"\s*:|$)/.test(following) || /^\s*[A-Za-z_]\w*\s*:/.test(following);
}

export function repairByHand(text: string): HandRepair {
  const fixes: string[] = [];
  let current = text;
  const triple = tripleQuoted(current);
  if (triple !== current) fixes.push('triple-quoted string');
  current = triple;
  const escapes = literalEscapesOutsideStrings(current);
  if (escapes !== current) fixes.push('literal \\n between tokens');
  current = escapes;
  // a Python dict ({'sql': "… 'C' …"}): its double-quoted values hold single quotes, not stray double ones —
  // jsonrepair reads Python quoting as written (issue 31, the weak-model replay)
  const pythonQuoted = /[{,]\s*'[^'"\n]*'\s*:/.test(current);
  const strings = pythonQuoted ? current : stringsRepaired(current);
  if (strings !== current)
    fixes.push(
      /\\\\/.test(strings) && !/\\\\/.test(current)
        ? 'raw backslashes in a string'
        : /\\'/.test(current) && !/\\'/.test(strings)
          ? "\\' in a string"
          : 'unescaped quotes in a string',
    );
  current = strings;
  return { text: current, fixes };
}

void VALID_ESCAPE;
