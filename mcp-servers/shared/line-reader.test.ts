/**
 * The shipped servers' stdin reader: the fast path takes only requests the
 * SDK's JSONRPCMessageSchema accepts unchanged, everything else gets the
 * SDK's verdict; lines are split as the SDK's ReadBuffer splits them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { LineReader, isPlainRequest, parseLine } from './line-reader.js';

const call = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'query_database', arguments: { sql: 'SELECT 1 LIMIT 1', purpose: 'test' } },
  ...extra,
});

const MESSAGES: Array<{ name: string; value: unknown; plain: boolean }> = [
  { name: 'a tools/call', value: call(), plain: true },
  { name: 'a string id', value: call({ id: 'abc' }), plain: true },
  { name: 'no params', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, plain: true },
  {
    name: 'trace ids in _meta',
    value: call({ params: { name: 'x', arguments: {}, _meta: { trace_id: 't', session_id: 's' } } }),
    plain: true,
  },
  { name: 'a progress token', value: call({ params: { name: 'x', _meta: { progressToken: 3 } } }), plain: false },
  {
    name: 'a bad progress token',
    value: call({ params: { name: 'x', _meta: { progressToken: { no: 1 } } } }),
    plain: false,
  },
  {
    name: 'task metadata',
    value: call({ params: { _meta: { 'io.modelcontextprotocol/related-task': { taskId: 5 } } } }),
    plain: false,
  },
  { name: '_meta not an object', value: call({ params: { _meta: 'x' } }), plain: false },
  { name: 'a notification', value: { jsonrpc: '2.0', method: 'notifications/initialized' }, plain: false },
  { name: 'a result', value: { jsonrpc: '2.0', id: 1, result: {} }, plain: false },
  { name: 'an error', value: { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } }, plain: false },
  { name: 'JSON-RPC 1.0', value: call({ jsonrpc: '1.0' }), plain: false },
  { name: 'a fractional id', value: call({ id: 1.5 }), plain: false },
  { name: 'an unsafe integer id', value: call({ id: 2 ** 60 }), plain: false },
  { name: 'a null id', value: call({ id: null }), plain: false },
  { name: 'an extra key', value: call({ extra: true }), plain: false },
  { name: 'params an array', value: call({ params: [1, 2] }), plain: false },
  { name: 'params null', value: call({ params: null }), plain: false },
  { name: 'method not a string', value: call({ method: 5 }), plain: false },
  { name: 'an array', value: [call()], plain: false },
  { name: 'null', value: null, plain: false },
];

test('the fast path takes exactly the plain requests, each as the SDK would have parsed it', () => {
  for (const { name, value, plain } of MESSAGES) {
    assert.equal(isPlainRequest(value), plain, name);
    const sdk = JSONRPCMessageSchema.safeParse(value);
    const line = JSON.stringify(value);
    if (plain) {
      assert.ok(sdk.success, `${name}: the SDK accepts it too`);
      assert.deepEqual(parseLine(line), sdk.data, name);
    } else if (sdk.success) {
      assert.deepEqual(parseLine(line), sdk.data, `${name}: the SDK's own parse`);
    } else {
      assert.throws(() => parseLine(line), `${name}: refused as the SDK refuses it`);
    }
  }
  assert.throws(() => parseLine('{not json'), SyntaxError);
  assert.throws(() => parseLine(''), SyntaxError);
});

test('lines are split across chunks (a character cut in two included), CR LF trimmed, the size capped', () => {
  const reader = new LineReader(64);
  const text = Buffer.from('{"a":"线"}\r\n{"b":2}\n{"c":');
  const cut = text.indexOf(Buffer.from('线')) + 1;
  assert.deepEqual(reader.push(text.subarray(0, cut)), []);
  assert.deepEqual(reader.push(text.subarray(cut)), ['{"a":"线"}', '{"b":2}']);
  assert.deepEqual(reader.push(Buffer.from('3}\n')), ['{"c":3}']);
  assert.deepEqual(reader.push(Buffer.from('x'.repeat(60))), []);
  assert.throws(() => reader.push(Buffer.from('y'.repeat(10))), /exceeded maximum size of 64 bytes/);
  assert.deepEqual(reader.push(Buffer.from('{"d":4}\n')), ['{"d":4}'], 'a fresh start after the overflow');
});
