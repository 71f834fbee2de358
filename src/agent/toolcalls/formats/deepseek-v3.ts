/**
 * DeepSeek V3 / R1 and V3.1 (deepseek-ai chat templates; vLLM
 * `deepseek_v3` / `deepseek_v31`, SGLang deepseekv3/v31 detectors, llama.cpp
 * DeepSeek R1 / V3.1, Ollama deepseek3):
 *
 *   V3/R1  <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *   V3.1   <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 *
 * Both share the tokens, so one parser reads both; ASCII-bar variants
 * (<|tool▁sep|>, <|tool_sep|>) too. The arguments are JSON: a call closes
 * with its braces.
 */
import { resolveToolName } from '../normalize.js';
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

const DS = (word: string) => `<[｜|]\\s*${word.split(' ').join('[▁_ ]')}\\s*[｜|]>`;
const DS_ANY = new RegExp(
  `${DS('tool calls begin')}|${DS('tool call begin')}|${DS('tool sep')}|${DS('tool call end')}|${DS('tool calls end')}`,
  'g',
);
const DS_SEP = new RegExp(`^${DS('tool sep')}$`);
const DS_CALL_BEGIN = new RegExp(`^${DS('tool call begin')}$`);

function stripArgumentsFence(raw: string): string {
  const fenced = /^\s*```[ \t]*(?:json)?[ \t]*\n?(?:json[ \t]*\n)?([\s\S]*?)(?:```\s*)?$/.exec(raw);
  return fenced ? fenced[1]! : raw;
}

function read(state: Extraction): void {
  const tokens = [...state.work.matchAll(DS_ANY)];
  if (tokens.length === 0) return;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!DS_SEP.test(token[0])) continue;
    const prior = index > 0 ? tokens[index - 1]! : undefined;
    const segmentStart = prior
      ? prior.index! + prior[0].length
      : Math.max(0, state.work.lastIndexOf('\n', token.index!) + 1);
    const next = tokens[index + 1];
    const afterStart = token.index! + token[0].length;
    const afterEnd = next ? next.index! : state.work.length;
    const head = state.work.slice(segmentStart, token.index!).trim();
    const tail = state.work.slice(afterStart, afterEnd);
    let rawName: string;
    let rawArguments: string;
    if (head === '' || head === 'function') {
      const line = /^\s*([^\n`{]*)/.exec(tail)![1]!;
      rawName = line.trim();
      rawArguments = tail.slice(tail.indexOf(line) + line.length);
    } else {
      rawName = head.split(/\s+/).pop()!;
      rawArguments = tail;
    }
    const name = resolveToolName(rawName, state.knownTools);
    if (name === '') {
      state.errors.push('<｜tool▁sep｜>: no tool name before the arguments');
      continue;
    }
    const closedByEnd = next !== undefined && !DS_CALL_BEGIN.test(next[0]);
    if (rawArguments.trim() === '' && !closedByEnd) {
      // "function<｜tool▁sep｜>bad<｜tool▁call▁begin｜>…": no arguments and no <｜tool▁call▁end｜>
      state.add(
        segmentStart,
        { name, arguments: {}, repaired: false, closed: false, openAt: '<｜tool▁call▁end｜>' },
        'deepseek',
      );
      state.blank(segmentStart, afterEnd);
      continue;
    }
    const repairs: string[] = [];
    if (/<\|/.test(token[0])) repairs.push('DeepSeek tokens in ASCII form');
    if (/^\s*```[ \t]*\n\s*json/.test(rawArguments)) repairs.push('"json" split from its fence');
    state.addJson({
      position: segmentStart,
      name,
      raw: stripArgumentsFence(rawArguments),
      format: 'deepseek',
      label: `DeepSeek call to ${name}`,
      repairs,
    });
    state.blank(segmentStart, afterEnd);
  }
  for (const token of tokens) state.blank(token.index!, token.index! + token[0].length);
}

export const deepseekV3: FormatParser = {
  ids: ['deepseek_v3', 'deepseek_v31'],
  marker: /<[｜|]\s*tool[▁_ ]sep\s*[｜|]>/,
  read,
};
