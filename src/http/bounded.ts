/**
 * Sizes on the wire and in agent.db: an answer small enough to store and to
 * stream, strings cut on a UTF-8 boundary saying how long they were.
 */
import type { AgentAnswer } from '../types/answer.js';
import type { WireAnswer } from '../types/wire.js';

/** The serialised size of a value, in bytes. */
export function bytesOf(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value ?? null) ?? 'null', 'utf8');
}

/** `text` at most `maxBytes` (on a character boundary), saying how long it was. */
export function cutString(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8')
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${cut}… [cut: ${Buffer.byteLength(text, 'utf8')} bytes in all]`;
}

/**
 * An answer's JSON, made once: the same answer object is measured for the event stream, streamed, measured
 * for the stored result and stored — four serialisations of the largest object of a question before. Only
 * for answers, which nobody changes once made (a bounded copy is a new object).
 */
const answerJson = new WeakMap<object, string>();
export function jsonOfAnswer(answer: AgentAnswer | WireAnswer): string {
  let json = answerJson.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    answerJson.set(answer, json);
  }
  return json;
}

/**
 * An answer small enough to store and stream: past `maxBytes` the data behind
 * it, the charts and the tool results are left out (the tool calls themselves
 * stay, and the audit log has them), then the text is cut. It says what was
 * left out in `truncated`.
 */
export function boundedAnswer(answer: AgentAnswer, maxBytes: number): WireAnswer {
  const bytes = Buffer.byteLength(jsonOfAnswer(answer), 'utf8');
  if (bytes <= maxBytes) return answer;
  const note =
    `the full result (${bytes} bytes) is over the ${Math.round(maxBytes / 1024)} KiB kept per task: ` +
    `data, charts and tool results are left out; ask a narrower question to see them`;
  const reduced: WireAnswer = {
    ...answer,
    data: undefined,
    charts: undefined,
    tool_calls: answer.tool_calls.map((call) => ({
      ...call,
      result: undefined,
      arguments: bytesOf(call.arguments) > 4096 ? { truncated: true } : call.arguments,
      error: call.error ? cutString(call.error, 1024) : call.error,
    })),
    truncated: { bytes, note },
  };
  if (bytesOf(reduced) > maxBytes) reduced.answer = cutString(answer.answer, Math.floor(maxBytes / 2));
  if (bytesOf(reduced) > maxBytes) reduced.tool_calls = [];
  return reduced;
}
