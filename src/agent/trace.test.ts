import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatEvent } from './trace.js';

test('the trace line of a call says what the parser repaired to read it', () => {
  assert.equal(
    formatEvent({
      type: 'tool-call-start',
      id: 'text_1',
      name: 'search_docs',
      arguments: { query: 'press 3' },
      repairs: ['read from the reply text (gemma)', 'Gemma <|tool_call> marker missing'],
    }),
    '  → search_docs {"query":"press 3"}  [repaired: read from the reply text (gemma); Gemma <|tool_call> marker missing]',
  );
  assert.equal(
    formatEvent({ type: 'tool-call-start', id: 'call_1', name: 'search_docs', arguments: { query: 'press 3' } }),
    '  → search_docs {"query":"press 3"}',
  );
});
