/**
 * The safety rules, stated once and applied after every parser (the wire
 * formats and the generic cascade alike) to every call read from a reply:
 *
 *  1. A call runs only when its structure closed: every bracket, tag and
 *     string. A call cut off anywhere (mid-key, after `"parameters": {`,
 *     inside a value, before its closing tag) is refused, never repaired
 *     into a call, and the model is told to send it again.
 *  2. A value that is a call expression (`"date": get_current_date()`) is
 *     not data: the call it belongs to is refused and the model is told to
 *     call that tool first.
 *  3. A call the reply shows as an example ("for example…", "e.g.", "例如")
 *     or says it will not run ("do not execute it yet", "先不要执行") never
 *     runs; the reply counts as one that only describes a call.
 *  4. A call to a tool the request did not offer does not run; the model
 *     hears which tools exist.
 *
 * A refused call never appears under ParseOutcome.calls; the loop turns it
 * into the corrective message (loop-reply.ts).
 */
import { findJsonEnd } from './json-lenient.js';
import type { FoundCall } from './state.js';
import type { ParsedCall, RefusedCall } from './types.js';

/** "For example, you could call …", "e.g. `get_weather(…)`", "calls like <tool_call>…</tool_call>": shown, not made. */
const EXAMPLE_BEFORE = new RegExp(
  [
    String.raw`(?:\bfor (?:example|instance)\b|\be\.g\.|\bsuch as\b|\blike this\b|`,
    String.raw`\bsomething like\b|\b(?:could|would|might|can) (?:use|call|write|`,
    String.raw`run|invoke)\b|\bwould look like\b|\b(?:a|the|an) (?:tool |function )`,
    String.raw`?call like\b|\bcalls? (?:look )?like\b|\bwraps? calls? like\b|`,
    String.raw`\ban example\b|\bexample call\b|\bthe format is\b|\bformat(?:ted)? (?:like|as)\b|`,
    String.raw`例如|比如|举例|示例|譬如|格式(?:是|为|如下))[^.!?。！？\n]*$`,
  ].join(''),
  'i',
);
const EXAMPLE_AFTER = /^[^.!?。！？\n]{0,160}?(?:,|，)?\s*(?:for example|for instance|e\.g\.)/i;

/** "do not execute it yet", "I won't run this", "先不要执行", "暂不调用": the call is not to be made. */
const REFUSAL = new RegExp(
  [
    String.raw`\b(?:do not|don't|dont|won't|will not|shall not|should not|shouldn't|must not|not going to|never)\s+`,
    String.raw`(?:\w+\s+)?(?:run|execute|call|invoke|send|make|use)\b|\bnot\s+(?:run|execute|call|invoke)\s+`,
    String.raw`(?:it|this|that|them)?\s*(?:yet|now|until)\b|\bwithout\s+(?:running|executing|calling)\b|`,
    String.raw`\b(?:hold off|wait before)\b|(?:先)?不要(?:去)?(?:执行|运行|调用)|暂(?:时)?(?:不|别|勿)(?:要)?(?:执行|运行|调用)|`,
    String.raw`不会(?:去)?(?:执行|运行|调用)|请勿(?:执行|运行|调用)|别(?:执行|运行|调用)|先别|无需(?:执行|调用)`,
  ].join(''),
  'i',
);

/** After the call, only a refusal that points back at it: "do not run it yet", "先不要执行". */
const REFUSAL_AFTER = new RegExp(
  [
    String.raw`\b(?:do not|don't|dont|won't|will not|not)\s+(?:\w+\s+)?(?:run|execute|call|invoke|send)\s+`,
    String.raw`(?:it|this|that|them|these|the call)\b|\bnot\s+(?:to\s+)?(?:be\s+)?(?:run|executed|called)\s+yet\b|`,
    String.raw`(?:先)?不要(?:执行|运行|调用)|暂(?:时)?(?:不|别|勿)(?:要)?(?:执行|运行|调用)|先别|请勿(?:执行|运行|调用)`,
  ].join(''),
  'i',
);

function sentenceAround(text: string, position: number): { before: string; after: string } {
  const start = Math.max(0, position - 200);
  const beforeText = text.slice(start, position);
  const cut = Math.max(beforeText.lastIndexOf('\n\n'), -1);
  const before = cut >= 0 ? beforeText.slice(cut + 2) : beforeText;
  const rest = text.slice(position);
  const sentenceEnd = rest.search(/[.!?。！？](?:\s|$)|\n\n/);
  const after = rest.slice(0, sentenceEnd < 0 ? Math.min(rest.length, 400) : sentenceEnd + 1);
  return { before, after };
}

/** The call at `position` is shown as an example, or the reply says it is not to be run. */
export function shownNotMade(text: string, position: number, callEnd: number): boolean {
  const { before, after } = sentenceAround(text, position);
  if (EXAMPLE_BEFORE.test(before)) return true;
  const tail = after.slice(Math.max(0, after.length - 40));
  if (/(?:for example|for instance|e\.g\.)\s*[.!?]?$/i.test(tail)) return true;
  if (EXAMPLE_AFTER.test(after.slice(-60)) && /example|instance/i.test(after.slice(-20))) return true;
  // a refusal in the sentence before the call, or right after it (up to the next sentence)
  const lastSentence = before.split(/[.!?。！？]\s|\n/).pop() ?? '';
  if (REFUSAL.test(lastSentence)) return true;
  const following = text.slice(callEnd, callEnd + 200);
  const next = following.split(/(?<=[.!?。！？])\s|\n\n/)[0] ?? '';
  return REFUSAL_AFTER.test(next);
}

export interface Enforced {
  calls: ParsedCall[];
  refused: RefusedCall[];
  /** a call was shown as an example or said not to be run */
  example: boolean;
}

function describeCutOff(found: FoundCall): string {
  const name = found.call.name;
  const where = found.call.cutOff?.length
    ? found.call.cutOff.map((path) => `argument "${path}" was cut off`).join('; ')
    : `the reply ended before ${found.openAt ?? 'the call closed'}`;
  return `the call to ${name} was cut off (${where}); it was not run. Send the whole call again, every bracket, tag and string closed`;
}

export function enforce(found: FoundCall[], context: { text: string; knownTools: string[] | undefined }): Enforced {
  const calls: ParsedCall[] = [];
  const refused: RefusedCall[] = [];
  let example = false;
  const ordered = [...found].sort((a, b) => a.position - b.position);
  ordered.forEach((entry, index) => {
    const next = ordered[index + 1]?.position ?? context.text.length;
    const callEnd = Math.min(next, endOfCall(context.text, entry.position));
    if (shownNotMade(context.text, entry.position, callEnd)) {
      example = true;
      return;
    }
    const { call } = entry;
    if (!entry.closed || (call.cutOff && call.cutOff.length > 0)) {
      refused.push({ name: call.name, reason: 'cut-off', message: describeCutOff(entry) });
      return;
    }
    if (entry.callValues && entry.callValues.length > 0) {
      refused.push({
        name: call.name,
        reason: 'call-value',
        message:
          `an argument of ${call.name} is the call ${entry.callValues.join(', ')}, not a value; ` +
          'call that tool first, then pass its result',
      });
      return;
    }
    if (context.knownTools && !context.knownTools.includes(call.name)) {
      refused.push({
        name: call.name,
        reason: 'unknown-tool',
        message: `there is no tool named "${call.name}"; the tools are: ${context.knownTools.join(', ')}`,
      });
      return;
    }
    calls.push(call);
  });
  return { calls, refused, example };
}

const CALL_END = new RegExp(
  [
    String.raw`<\/(?:tool_call|function|invoke|tool_calls|function_calls)>`,
    String.raw`<\|(?:call|eom_id|eot_id|tool_call_end|action_end|tools_suffix)\|>|<tool_call\|>|<end_function_call>`,
    String.raw`\`\`\`\s*(?:\n|$)|\)\s*(?:\n|$)|\}\s*(?:\n|$)|\]\s*(?:\n|$)`,
  ].join('|'),
);

/** Where the call's own text ends: the next blank line or closing tag after it, roughly. */
function endOfCall(text: string, position: number): number {
  if (text[position] === '{' || text[position] === '[') {
    const end = findJsonEnd(text, position);
    if (end > 0) return end;
  }
  const rest = text.slice(position);
  const close = rest.search(CALL_END);
  return close < 0 ? text.length : position + close + 1;
}
