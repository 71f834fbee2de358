/**
 * A safe arithmetic evaluator: a tokenizer and a recursive-descent parser,
 * no eval, no Function, no identifiers but a few named functions.
 *
 *   expression := sum
 *   sum        := product (('+' | '-') product)*
 *   product    := unary (('*' | '/' | '%') unary)*        '%' here = remainder
 *   unary      := ('-' | '+') unary | power
 *   power      := postfix ('^' unary)?                     right-associative; -2^2 = -4
 *   postfix    := primary '%'*                             '%' after a value with no operand next = percent (÷100)
 *   primary    := number | '(' sum ')' | name '(' sum (',' sum)* ')' | pi | e
 */
import { err, ok, type Result } from '../../src/errors.js';

export const MAX_EXPRESSION_LENGTH = 500;
const MAX_DEPTH = 64;

export interface CalcError {
  message: string;
  hint: string;
}

type Token =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'name'; value: string; position: number }
  | { kind: 'op'; value: string; position: number }
  | { kind: 'end'; value: ''; position: number };

const FUNCTIONS: Record<string, { min: number; max: number; apply: (args: number[]) => number }> = {
  round: {
    min: 1,
    max: 2,
    apply: ([x, digits]) => {
      const places = digits ?? 0;
      if (!Number.isInteger(places) || places < 0 || places > 12)
        throw new CalcFailure('round(x, digits): digits must be a whole number 0..12');
      // decimal shifting via the string form avoids 1.005 → 1.00 (binary 1.00499…)
      const magnitude = String(Math.abs(x!));
      const shifted = magnitude.includes('e') ? Math.abs(x!) * 10 ** places : Number(`${magnitude}e${places}`);
      return Math.sign(x!) * (Math.round(shifted) / 10 ** places);
    },
  },
  min: { min: 1, max: 100, apply: (args) => Math.min(...args) },
  max: { min: 1, max: 100, apply: (args) => Math.max(...args) },
  abs: { min: 1, max: 1, apply: ([x]) => Math.abs(x!) },
  sqrt: {
    min: 1,
    max: 1,
    apply: ([x]) => {
      if (x! < 0) throw new CalcFailure(`sqrt of a negative number (${x}) is not a real number`);
      return Math.sqrt(x!);
    },
  },
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

class CalcFailure extends Error {
  constructor(
    message: string,
    readonly hint = 'write plain arithmetic such as (120 - 3) / 120 * 100, 3.5% * 2000 or round(2/3, 2)',
  ) {
    super(message);
  }
}

/** Normalise full-width digits/operators (１２３＋（）), × ÷ and ** before tokenizing. */
function normalise(text: string): string {
  return text.normalize('NFKC').replace(/×/g, '*').replace(/÷/g, '/').replace(/\*\*/g, '^').replace(/，/g, ',');
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(index));
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), position: index });
      index += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z_0-9]*/.exec(text.slice(index));
    if (name) {
      tokens.push({ kind: 'name', value: name[0].toLowerCase(), position: index });
      index += name[0].length;
      continue;
    }
    if ('+-*/%^(),'.includes(char)) {
      tokens.push({ kind: 'op', value: char, position: index });
      index++;
      continue;
    }
    throw new CalcFailure(`unexpected character "${char}" at position ${index + 1}`);
  }
  tokens.push({ kind: 'end', value: '', position: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index]!;
  }
  private next(): Token {
    return this.tokens[this.index++]!;
  }
  private isOp(token: Token, value: string): boolean {
    return token.kind === 'op' && token.value === value;
  }
  private describe(token: Token): string {
    return token.kind === 'end' ? 'the end of the expression' : `"${token.value}" at position ${token.position + 1}`;
  }

  parse(): number {
    const value = this.sum();
    const token = this.peek();
    if (token.kind !== 'end') {
      if (this.isOp(token, ')'))
        throw new CalcFailure(`unbalanced parentheses: an extra ")" at position ${token.position + 1}`);
      throw new CalcFailure(`unexpected ${this.describe(token)}: an operator is missing before it`);
    }
    return value;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new CalcFailure(`the expression nests deeper than ${MAX_DEPTH} levels`);
  }

  private sum(): number {
    this.enter();
    let value = this.product();
    while (this.isOp(this.peek(), '+') || this.isOp(this.peek(), '-')) {
      const op = this.next().value;
      const right = this.product();
      value = op === '+' ? value + right : value - right;
    }
    this.depth--;
    return value;
  }

  private product(): number {
    let value = this.unary();
    for (;;) {
      const token = this.peek();
      if (!(this.isOp(token, '*') || this.isOp(token, '/') || this.isOp(token, '%'))) return value;
      this.next();
      const right = this.unary();
      if (token.value === '*') value *= right;
      else if (right === 0) {
        throw new CalcFailure(
          token.value === '/'
            ? `division by zero at position ${token.position + 1}`
            : `remainder (%) by zero at position ${token.position + 1}`,
          'check the divisor; a rate with zero inspected pieces has no value',
        );
      } else value = token.value === '/' ? value / right : value % right;
    }
  }

  private unary(): number {
    const token = this.peek();
    if (this.isOp(token, '-') || this.isOp(token, '+')) {
      this.next();
      this.enter();
      const value = this.unary();
      this.depth--;
      return token.value === '-' ? -value : value;
    }
    return this.power();
  }

  private power(): number {
    const base = this.postfix();
    if (this.isOp(this.peek(), '^')) {
      this.next();
      this.enter();
      const exponent = this.unary();
      this.depth--;
      return base ** exponent;
    }
    return base;
  }

  /** '%' right after a value is a percent when no operand follows it (3.5%, 50% * 2); otherwise it is the remainder. */
  private postfix(): number {
    let value = this.primary();
    while (this.isOp(this.peek(), '%')) {
      const after = this.tokens[this.index + 1]!;
      const operandFollows = after.kind === 'number' || after.kind === 'name' || this.isOp(after, '(');
      if (operandFollows) break;
      this.next();
      value /= 100;
    }
    return value;
  }

  private primary(): number {
    const token = this.next();
    if (token.kind === 'number') return token.value;
    if (this.isOp(token, '(')) {
      const value = this.sum();
      const close = this.next();
      if (!this.isOp(close, ')'))
        throw new CalcFailure(`unbalanced parentheses: expected ")" but found ${this.describe(close)}`);
      return value;
    }
    if (token.kind === 'name') {
      // own properties only: "constructor" or "__proto__" must not reach Object.prototype
      const fn = Object.hasOwn(FUNCTIONS, token.value) ? FUNCTIONS[token.value] : undefined;
      if (fn) {
        const open = this.next();
        if (!this.isOp(open, '(')) throw new CalcFailure(`${token.value} needs parentheses, e.g. ${token.value}(2.5)`);
        const args = [this.sum()];
        while (this.isOp(this.peek(), ',')) {
          this.next();
          args.push(this.sum());
        }
        const close = this.next();
        if (!this.isOp(close, ')'))
          throw new CalcFailure(
            `unbalanced parentheses: expected ")" after the arguments of ${token.value} but found ${this.describe(close)}`,
          );
        if (args.length < fn.min || args.length > fn.max) {
          throw new CalcFailure(
            `${token.value} takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} argument(s), got ${args.length}`,
          );
        }
        return fn.apply(args);
      }
      const constant = Object.hasOwn(CONSTANTS, token.value) ? CONSTANTS[token.value] : undefined;
      if (constant !== undefined) return constant;
      throw new CalcFailure(
        `unknown name "${token.value}" at position ${token.position + 1}`,
        `only numbers, + - * / % ^ ( ) and the functions ${Object.keys(FUNCTIONS).join(', ')} (and pi, e) are allowed; replace words by their numbers`,
      );
    }
    if (token.kind === 'end') throw new CalcFailure('the expression ends too early: a number is missing at the end');
    throw new CalcFailure(`unexpected ${this.describe(token)}: a number or "(" was expected there`);
  }
}

/** Evaluate an arithmetic expression; failures are values with a message and a fix. */
export function evaluate(expression: string): Result<{ value: number; normalised: string }, CalcError> {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    return err({
      message: `the expression is too long (${expression.length} characters, at most ${MAX_EXPRESSION_LENGTH})`,
      hint: 'split the calculation into smaller steps',
    });
  }
  const text = normalise(expression).trim();
  if (text === '')
    return err({ message: 'the expression is empty', hint: 'give an arithmetic expression such as 12 * (3 + 4)' });
  try {
    const value = new Parser(tokenize(text)).parse();
    if (!Number.isFinite(value)) {
      return err({
        message: `the result is not a finite number (${value})`,
        hint: 'the numbers are too large or the operation is undefined; check the expression',
      });
    }
    return ok({ value, normalised: text });
  } catch (error) {
    if (error instanceof CalcFailure) return err({ message: error.message, hint: error.hint });
    return err({ message: String(error), hint: 'write plain arithmetic such as (120 - 3) / 120 * 100' });
  }
}

/** Hide binary floating-point noise: 0.1 + 0.2 → 0.3 (12 significant digits). */
export function tidy(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return Object.is(rounded, -0) ? 0 : rounded;
}
