/**
 * Morph-XML (minpeter/ai-sdk-tool-call-middleware `morphXmlProtocol`; its
 * system prompt, src/core/prompts/morph-xml-prompt.ts, is the specification):
 *
 *   <NAME>
 *     <param_1>value_1</param_1>
 *     <param_2>a value that can span
 *   multiple lines</param_2>
 *   </NAME>
 *
 * "exactly one XML element whose tag name is the function name", "each
 * parameter as a child element"; several calls may follow one another, and
 * a call without arguments is `<NAME/>`. No serving engine reads it (the
 * middleware prompts a model that has no native tool format), so it has no
 * row in the conformance table; it is read only for the tag of an offered
 * tool, spelled as offered, never for an unknown tag.
 *
 * A value is read as the middleware's XML reader (src/rxml) reads it when
 * the schema does not decide: a text value is trimmed, its XML entities
 * decoded, and typed as the other tag formats type theirs (values.ts: JSON
 * scalars, arrays and objects are those, any other text a string); a
 * parameter written twice or more is an array; a value made only of child
 * elements is an object, or an array when its children are all <item>, all
 * one repeated name, or <0>, <1>, … in order; a value mixing text and tags
 * is the text as written. The offered tool's schema types what remains
 * (validate.ts) before the call runs.
 *
 * The call closes with its </NAME>; a parameter that never closes inside it,
 * or a call that runs to the end of the reply, did not close (safety.ts
 * refuses it). A stray closing tag between parameters (`</command>` once too
 * often, the middleware's shell-tool fixture) is dropped and noted.
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

/** an XML element name (the names we can read as tags) */
const XML_NAME = /^[\p{L}_][\p{L}\p{N}_.:-]*$/u;
/**
 * an opening or self-closing tag at the start of the text: name, attributes,
 * "/"; a name may also be an index (<0>, <1>: not XML, but the middleware's
 * reader takes them as a list's positions)
 */
const OPEN_TAG =
  /^<([\p{L}_][\p{L}\p{N}_.:-]*|\d+)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/u;

interface Element {
  name: string;
  value: unknown;
}

type Elements =
  | { kind: 'elements'; elements: Element[]; stray: string[] }
  /** text outside any element: the body is not a sequence of elements */
  | { kind: 'text' }
  /** an element that never closes */
  | { kind: 'open'; name: string; elements: Element[] };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where the element opened just before `from` closes: the index of its `</name>` and past it, or undefined. */
function closingTag(text: string, name: string, from: number): { at: number; end: number } | undefined {
  const tags = new RegExp(`<(/?)${escapeRegExp(name)}(?=[\\s/>])(?:\\s[^<>]*?)?\\s*(/?)>`, 'gu');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(text); tag; tag = tags.exec(text)) {
    if (tag[1] === '/') depth--;
    else if (tag[2] !== '/') depth++;
    if (depth === 0) return { at: tag.index, end: tag.index + tag[0].length };
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[\da-f]+);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The child elements of a body, in order; whitespace and comments between them are not text. */
function readElements(body: string): Elements {
  const elements: Element[] = [];
  const stray: string[] = [];
  let at = 0;
  while (at < body.length) {
    const gap = /^\s*(?:<!--[\s\S]*?-->\s*)*/.exec(body.slice(at))![0];
    at += gap.length;
    if (at >= body.length) break;
    const rest = body.slice(at);
    const close = /^<\/([\p{L}_][\p{L}\p{N}_.:-]*|\d+)\s*>/u.exec(rest);
    if (close) {
      stray.push(`</${close[1]}>`);
      at += close[0].length;
      continue;
    }
    const open = OPEN_TAG.exec(rest);
    if (!open) return { kind: 'text' };
    const name = open[1]!;
    if (open[3] === '/') {
      elements.push({ name, value: '' });
      at += open[0].length;
      continue;
    }
    const innerStart = at + open[0].length;
    const closing = closingTag(body, name, innerStart);
    if (!closing) return { kind: 'open', name, elements };
    const value = readValue(body.slice(innerStart, closing.at));
    if (value === undefined) return { kind: 'open', name, elements };
    elements.push({ name, value });
    at = closing.end;
  }
  return { kind: 'elements', elements, stray };
}

/** Elements to an object; a name written twice or more gathers its values into an array. */
function toObject(elements: Element[]): Record<string, unknown> {
  const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const counts = new Map<string, number>();
  for (const { name } of elements) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const { name, value } of elements) {
    if (counts.get(name)! > 1) ((object[name] ??= []) as unknown[]).push(value);
    else object[name] = value;
  }
  return { ...object };
}

/** A value between a parameter's tags; undefined when an element inside it never closes. */
function readValue(inner: string): unknown {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  if (cdata) return cdata[1]!;
  if (/<[\p{L}_\d]/u.test(inner) && /^\s*</.test(inner)) {
    const read = readElements(inner);
    if (read.kind === 'open') return undefined;
    if (read.kind === 'elements' && read.elements.length > 0) {
      const { elements } = read;
      const names = elements.map((element) => element.name);
      if (names.every((name, index) => name === String(index))) return elements.map((element) => element.value);
      if (names.every((name) => name === names[0]) && (names.length > 1 || names[0] === 'item')) {
        return elements.map((element) => element.value);
      }
      return toObject(elements);
    }
    if (read.kind === 'text') return inner.trim();
  }
  return tagValue(decodeEntities(inner.trim()), []);
}

interface Call {
  args: Record<string, unknown>;
  closed: boolean;
  openAt: string;
  repairs: string[];
}

/** The call whose body is `body`; undefined when the body is not a sequence of parameter elements. */
function readCall(name: string, body: string, closed: boolean): Call | undefined {
  const read = readElements(body);
  if (read.kind === 'text') return undefined;
  if (read.kind === 'open') {
    return { args: toObject(read.elements), closed: false, openAt: `</${read.name}>`, repairs: [] };
  }
  const repairs = read.stray.map((tag) => `stray ${tag} dropped`);
  return { args: toObject(read.elements), closed, openAt: `</${name}>`, repairs };
}

const OPENERS = new Map<string, RegExp>();

/** `<NAME …>` or `<NAME/>` for the offered tools whose names are XML names (cached per tool list). */
function openers(tools: readonly string[]): RegExp | undefined {
  const key = tools.join('\u0000');
  let regex = OPENERS.get(key);
  if (regex === undefined) {
    const names = tools.filter((tool) => XML_NAME.test(tool)).sort((a, b) => b.length - a.length);
    if (names.length === 0) return undefined;
    regex = new RegExp(`<(${names.map(escapeRegExp).join('|')})(?=[\\s/>])(?:\\s[^<>]*?)?\\s*(/?)>`, 'gu');
    if (OPENERS.size >= 64) OPENERS.delete(OPENERS.keys().next().value as string);
    OPENERS.set(key, regex);
  }
  regex.lastIndex = 0;
  return regex;
}

function read(state: Extraction): void {
  const tools = state.knownTools;
  if (!tools || tools.length === 0) return;
  const opener = openers(tools);
  if (!opener) return;
  const text = state.work;
  for (let match = opener.exec(text); match; match = opener.exec(text)) {
    const name = match[1]!;
    const start = match.index;
    const bodyStart = start + match[0].length;
    if (match[2] === '/') {
      state.add(start, { name, arguments: {}, repaired: false, closed: true }, 'morph-xml');
      state.blank(start, bodyStart);
      continue;
    }
    const closing = closingTag(text, name, bodyStart);
    const end = closing ? closing.end : text.length;
    const call = readCall(name, text.slice(bodyStart, closing ? closing.at : text.length), closing !== undefined);
    if (!call) continue;
    state.add(
      start,
      {
        name,
        arguments: call.args,
        closed: call.closed,
        openAt: call.openAt,
        repaired: call.repairs.length > 0,
        repairs: call.repairs,
      },
      'morph-xml',
    );
    state.blank(start, end);
    opener.lastIndex = end;
  }
}

export const morphXml: FormatParser = { ids: [], marker: /<[\p{L}_][\p{L}\p{N}_.:-]*[\s/>]/u, read };
