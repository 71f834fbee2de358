/**
 * Glimmer (Ollama `glimmer` parser and renderer): Harmony-like messages,
 * each addressed by its header (` to=RECIPIENT<|message|>…<|eom|>`); a tool
 * call is an ATEM block,
 *
 *   <atem:function_calls>
 *   <atem:invoke name="NAME">
 *   <atem:parameter name="KEY">value</atem:parameter>
 *   </atem:invoke>
 *   </atem:function_calls>
 *
 * A message to `self` is reasoning. A block alone in its message is a call
 * whatever the recipient says; a block quoted in prose to the user is text.
 * The tool may be addressed through its namespace (`read.read` for `read`).
 * An invoke closes with </atem:invoke>.
 */
import { blanked } from '../arguments.js';
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

const BLOCK = /<atem:function_calls>([\s\S]*?)(<\/atem:function_calls>|$)/g;
const INVOKE =
  /<atem:invoke\s+name="((?:[^"<>]|<\|message\|>)*)(?:"\s*>|(?=<atem:parameter))\s*([\s\S]*?)(<\/atem:invoke>|$)/g;

/** `read.read` or `read.x` names the offered `read` when that is what exists. */
function toolName(written: string, knownTools: string[] | undefined): string {
  const name = resolveToolName(written.replace(/<\|message\|>/g, ''), knownTools);
  if (!knownTools || knownTools.includes(name)) return name;
  const head = name.split('.')[0]!;
  return knownTools.includes(head) ? head : name;
}

function read(state: Extraction): void {
  const messages = [...state.work.matchAll(/(?:<\|start\|>\s*assistant)?\s*(?:to=(\S+?))?\s*<\|message\|>/g)];
  messages.forEach((header, index) => {
    const start = header.index! + header[0].length;
    const nextHeader = messages[index + 1]?.index ?? state.work.length;
    const endToken = state.work.slice(start, nextHeader).search(/<\|eom\|>|<\|eot\|>/);
    const end = endToken < 0 ? nextHeader : start + endToken;
    const recipient = header[1];
    const body = state.work.slice(start, end);
    if (recipient === 'self') {
      state.blank(header.index!, end);
      return;
    }
    for (const block of body.matchAll(BLOCK)) {
      const prose = (body.slice(0, block.index) + body.slice(block.index! + block[0].length)).trim();
      if (recipient === 'user' && prose !== '') continue;
      for (const invoke of block[1]!.matchAll(INVOKE)) {
        const repairs: string[] = [];
        const args: Record<string, unknown> = {};
        for (const parameter of invoke[2]!.matchAll(
          /<atem:parameter\s+name="([^"]+)"\s*>([\s\S]*?)<\/atem:parameter>/g,
        ))
          args[parameter[1]!] = tagValue(parameter[2]!, repairs);
        if (/<\|message\|>/.test(invoke[1]!) || !invoke[0].includes('">'))
          repairs.push('invoke name interrupted by a header token');
        state.add(
          start + block.index! + '<atem:function_calls>'.length + invoke.index!,
          {
            name: toolName(invoke[1]!, state.knownTools),
            arguments: args,
            repaired: repairs.length > 0,
            repairs,
            closed: invoke[3] !== '',
            openAt: '</atem:invoke>',
          },
          'glimmer',
        );
      }
      const at = start + block.index!;
      state.work = state.work.slice(0, at) + blanked(block[0]) + state.work.slice(at + block[0].length);
    }
  });
  state.work = state.work.replace(
    /<\|(?:start|message|eom|eot)\|>|\bto=\S+|\bassistant\b(?=\s*(?:to=|<\|message))/g,
    (token) => ' '.repeat(token.length),
  );
}

export const glimmer: FormatParser = { ids: ['glimmer'], marker: /<atem:function_calls>/, read };
