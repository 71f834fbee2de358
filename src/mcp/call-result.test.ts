import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { fromCallError, fromCallResult } from './call-result.js';

test('error codes are read from { error: { code } }, a flat error_code or code, else TOOL_FAILED', () => {
  const nested = fromCallResult(
    {
      content: [{ type: 'text', text: 'Error (QUERY_REJECTED): no WHERE' }],
      structuredContent: { error: { code: 'QUERY_REJECTED', message: 'no WHERE' } },
      isError: true,
    },
    1,
  );
  assert.deepEqual(
    [nested.ok, nested.errorCode, nested.text],
    [false, 'QUERY_REJECTED', 'Error (QUERY_REJECTED): no WHERE'],
  );
  assert.equal(
    fromCallResult({ content: [], structuredContent: { error_code: 'X_FLAT' }, isError: true }, 1).errorCode,
    'X_FLAT',
  );
  assert.equal(
    fromCallResult({ content: [{ type: 'text', text: '{"error":"boom"}' }], isError: true }, 1).errorCode,
    'TOOL_FAILED',
  );
  const silent = fromCallResult({ content: [], isError: true }, 1);
  assert.match(silent.text, /without a message/);
});

test('text parts are joined, other content named, structured-only results shown as JSON', () => {
  const mixed = fromCallResult(
    {
      content: [
        { type: 'text', text: 'a' },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
        { type: 'text', text: 'b' },
      ],
    },
    2,
  );
  assert.equal(mixed.text, 'a\n[image content omitted]\nb');
  const structuredOnly = fromCallResult({ content: [], structuredContent: { rows: [[1]], cached: false } }, 2);
  assert.equal(structuredOnly.text, '{"rows":[[1]],"cached":false}');
  assert.equal(structuredOnly.cached, false);
  assert.equal(structuredOnly.ok, true);
  assert.equal(structuredOnly.errorCode, undefined);
});

test('SDK errors map to codes a model and an admin can read', () => {
  const context = { tool: 'query_database', server: 'query', ms: 3, exitText: () => 'exit code 1' };
  const exited = fromCallError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), context);
  assert.equal(exited.errorCode, 'MCP_SERVER_EXITED');
  assert.match(exited.text, /"query" tool server stopped while running query_database \(exit code 1\)/);
  assert.equal(
    fromCallError(new McpError(ErrorCode.InvalidParams, 'limit must be <= 100'), context).errorCode,
    'TOOL_ARGUMENTS_INVALID',
  );
  assert.equal(
    fromCallError(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), context).errorCode,
    'TOOL_TIMEOUT',
  );
  assert.equal(
    fromCallError(new McpError(ErrorCode.MethodNotFound, 'no such tool'), context).errorCode,
    'TOOL_NOT_FOUND',
  );
  assert.equal(fromCallError(new Error('Not connected'), context).errorCode, 'MCP_SERVER_EXITED');
  const other = fromCallError(new Error('weird'), context);
  assert.deepEqual(
    [other.ok, other.errorCode, other.text],
    [false, 'TOOL_FAILED', 'Tool query_database failed: weird'],
  );
});
