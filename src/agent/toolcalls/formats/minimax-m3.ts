/**
 * MiniMax-M3 (vLLM `minimax_m3`): every tag carries the namespace marker
 * `]<]minimax[>[`, and arguments are nested elements, not parameters:
 *
 *   ]<]minimax[>[<tool_call>
 *   ]<]minimax[>[<invoke name="NAME">]<]minimax[>[<KEY>value]<]minimax[>[</KEY>…]<]minimax[>[</invoke>
 *   ]<]minimax[>[</tool_call>
 *
 * An element holding elements is an object (a repeated tag an array), a
 * leaf is text or JSON. An invoke closes with </invoke>.
 */
import { resolveToolName } from '../normalize.js';
import { markerRegions, type Extraction } from '../state.js';
import type { FormatParser } from './types.js';
import { tagValue } from './values.js';

const NAMESPACE = ']<]minimax[>[';

/** The children of an element body: an object of its elements, or its text when it has none. */
function elementValue(body: string, repairs: string[]): unknown {
  const child = /<([A-Za-z_][\w.-]*)>([\s\S]*?)<\/\1>/y;
  const out: Record<string, unknown> = {};
  let index = 0;
  let any = false;
  for (;;) {
    while (/\s/.test(body[index] ?? '')) index++;
    if (index >= body.length) break;
    child.lastIndex = index;
    const match = child.exec(body);
    if (!match) return any ? undefined : tagValue(body, repairs);
    any = true;
    const value = elementValue(match[2]!, repairs);
    if (value === undefined) return undefined;
    const key = match[1]!;
    if (key in out) out[key] = Array.isArray(out[key]) ? [...(out[key] as unknown[]), value] : [out[key], value];
    else out[key] = value;
    index = child.lastIndex;
  }
  return any ? out : tagValue(body, repairs);
}

function read(state: Extraction): void {
  if (!state.work.includes(NAMESPACE)) return;
  state.work = state.work.split(NAMESPACE).join(' '.repeat(NAMESPACE.length));
  for (const region of markerRegions(state.work, /<invoke\s+name\s*=\s*"([^"]+)"\s*>/, /<\/invoke>/)) {
    const repairs: string[] = [];
    // the markers left spaces between tags; a leaf's text ends where its marker was
    const body = state.work
      .slice(region.start, region.end)
      .replace(/ {13}(?=<\/)/g, '')
      .replace(/> {13}</g, '><');
    const value = elementValue(body.trim(), repairs);
    const name = resolveToolName(region.match[1]!, state.knownTools);
    if (value === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (body.trim() === '') {
        state.add(
          region.outer,
          { name, arguments: {}, repaired: false, closed: region.closed, openAt: '</invoke>' },
          'minimax_m3',
        );
      } else state.errors.push(`MiniMax-M3 call to ${name}: its arguments are not well-formed elements`);
    } else {
      state.add(
        region.outer,
        {
          name,
          arguments: value as Record<string, unknown>,
          repaired: repairs.length > 0,
          repairs,
          closed: region.closed,
          openAt: '</invoke>',
        },
        'minimax_m3',
      );
    }
    state.blank(region.outer, region.outerEnd);
  }
  state.work = state.work.replace(/<\/?tool_call>/g, (tag) => ' '.repeat(tag.length));
}

export const minimaxM3: FormatParser = { ids: ['minimax_m3'], marker: /\]<\]minimax\[>\[/, read };
