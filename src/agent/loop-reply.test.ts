import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatResponse } from '../llm/client.js';
import { cleanAnswer, mergeKnown, readReply } from './loop-reply.js';

const reply = (content: string, toolCalls: ChatResponse['toolCalls'] = []): ChatResponse => ({
  content,
  toolCalls,
  finishReason: 'stop',
  ms: 1,
});
const options = () => {
  let n = 0;
  return { knownTools: ['query_database', 'count_records'], nextId: () => `text_${++n}` };
};

test('a plain reply is the final answer, reasoning blocks removed', () => {
  assert.deepEqual(readReply(reply('<think>hm</think> Line A: 1.2%'), options()), {
    kind: 'answer',
    text: 'Line A: 1.2%',
  });
  assert.equal(cleanAnswer('<think>unterminated'), '');
});

test("a raw gpt-oss reply's answer is its final channel; other families' reasoning is removed", () => {
  const harmony =
    '<|channel|>analysis<|message|>The query returned 1.55%.<|end|>' +
    '<|start|>assistant<|channel|>final<|message|>Line A: 1.55%<|return|>';
  assert.deepEqual(readReply(reply(harmony), { ...options(), format: 'harmony' }), {
    kind: 'answer',
    text: 'Line A: 1.55%',
  });
  assert.equal(cleanAnswer('<|channel|>analysis<|message|>thinking only<|end|>'), '');
  assert.equal(cleanAnswer('<seed:think>plan</seed:think>Line B: 2%'), 'Line B: 2%');
  assert.equal(cleanAnswer('[THINK]plan[/THINK]Line C: 3%'), 'Line C: 3%');
  assert.equal(cleanAnswer('<|START_THINKING|>plan<|END_THINKING|>Line D: 4%'), 'Line D: 4%');
  assert.equal(cleanAnswer('x <|channel|> y'), 'x y', 'a lone token is scaffolding, the text is kept');
});

test('a GLM call cut off inside an argument is refused as cut off, even when a whole call ran before it', () => {
  const text =
    '<tool_call>count_records\n<arg_key>line</arg_key>\n<arg_value>A</arg_value>\n</tool_call>\n' +
    '<tool_call>query_database\n<arg_key>sql</arg_key>\n<arg_value>SELECT SUM(defect_qty) FROM qual';
  const read = readReply(reply(text), { ...options(), format: 'glm45' });
  assert.equal(read.kind, 'calls');
  if (read.kind !== 'calls') return;
  assert.deepEqual(
    read.calls.map((call) => [call.name, call.args ?? null, call.problem?.code ?? null]),
    [
      ['count_records', { line: 'A' }, null],
      ['query_database', null, 'PARSE_FAILED'],
    ],
  );
  assert.match(read.calls[1]!.problem!.message, /cut off/);
});

test('native calls keep their ids; unreadable arguments are a PARSE_FAILED problem of that call', () => {
  const read = readReply(
    reply('', [
      { id: 'c1', name: 'count_records', arguments: '{"line":"A","days":1}' },
      { id: 'c2', name: 'query_database', arguments: 'select the defect rate' },
    ]),
    options(),
  );
  assert.equal(read.kind, 'calls');
  if (read.kind !== 'calls') return;
  assert.equal(read.problem, undefined);
  const [first, second] = read.calls;
  assert.deepEqual(
    [first?.id, first?.name, first?.native, first?.args, first?.problem],
    ['c1', 'count_records', true, { line: 'A', days: 1 }, undefined],
  );
  assert.equal(first?.repairs, undefined, 'valid JSON needs no repair');
  assert.deepEqual([second?.id, second?.problem?.code], ['c2', 'PARSE_FAILED']);
  assert.match(second?.problem?.message ?? '', /the arguments of query_database are not valid JSON/);
});

test('a call written in the text gets a text_N id and says how it was read', () => {
  const read = readReply(reply('{"name": "count_records", "arguments": {"line": "B", "days": 7}}'), options());
  assert.equal(read.kind, 'calls');
  if (read.kind !== 'calls') return;
  assert.equal(read.calls[0]?.id, 'text_1');
  assert.equal(read.calls[0]?.native, false);
  assert.deepEqual(read.calls[0]?.args, { line: 'B', days: 7 });
  assert.match(read.calls[0]?.repairs?.[0] ?? '', /^read from the reply text \(/);
});

test('an empty reply and a call only described in words are problems, not answers', () => {
  const empty = readReply(reply('  <think>x</think> '), options());
  assert.equal(empty.kind, 'calls');
  assert.match(empty.kind === 'calls' ? (empty.problem?.message ?? '') : '', /your reply was empty/);
  const prose = readReply(reply('I will call query_database to get the defect rate.'), options());
  assert.equal(prose.kind, 'calls');
  assert.match(prose.kind === 'calls' ? (prose.problem?.message ?? '') : '', /described a tool call in words/);
});

test('mergeKnown: later values win, nulls and cut-off arguments never erase a known one', () => {
  const first = mergeKnown(undefined, { args: { line: 'A', period: 'this week' } });
  assert.deepEqual(mergeKnown(first, { args: { line: 'B', period: null } }), { line: 'B', period: 'this week' });
  assert.deepEqual(mergeKnown(first, { args: { period: 'yest' }, cutOff: ['period'] }), first);
});

test('text calls refused by the safety rules are problems of their own, never run', () => {
  const read = readReply(
    reply(
      '<tool_call>{"name": "count_records", "arguments": {"line": "A", "days": 7}}</tool_call>\n' +
        '<tool_call>{"name": "drop_table", "arguments": {}}</tool_call>\n' +
        '<tool_call>{"name": "query_database", "arguments": {"sql": "SELECT 1", "since": today()}}</tool_call>\n' +
        '<tool_call>{"name": "count_records", "arguments": {"line": "B", "da',
    ),
    options(),
  );
  assert.equal(read.kind, 'calls');
  if (read.kind !== 'calls') return;
  assert.deepEqual(
    read.calls.map((call) => [call.name, call.problem?.code, call.args !== undefined]),
    [
      ['count_records', undefined, true],
      ['drop_table', 'TOOL_NOT_FOUND', false],
      ['query_database', 'TOOL_ARGUMENTS_INVALID', false],
      ['count_records', 'PARSE_FAILED', false],
    ],
  );
  assert.match(read.calls[3]!.problem!.message, /count_records was cut off .*Send the whole call again/);
  assert.match(read.calls[2]!.problem!.message, /today\(\).*call that tool first/);
});
