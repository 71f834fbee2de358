import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolResultText } from './tool-result-text.js';

test('a cut tool result ends with how to get the rest from the tool that gave it', () => {
  const long = 'x'.repeat(5000);
  const schema = toolResultText({ ok: true, text: long, ms: 1 }, { tool: 'describe_schema' });
  assert.match(schema, /\[… 1000 more characters not shown: call describe_schema with one table, e\.g\. \{"table": /);

  const header = '[sop/lockout.md — UTF-8 — characters 100..8100 of 9000. TRUNCATED]';
  const content = 'y'.repeat(8000);
  const document = toolResultText(
    { ok: true, text: `${header}\n${content}`, structured: { path: 'sop/lockout.md', offset: 100, content }, ms: 1 },
    { tool: 'read_document' },
  );
  // the model saw 4000 - (header + newline) characters of the content, from offset 100
  const next = 100 + 4000 - header.length - 1;
  assert.ok(document.endsWith(`call read_document with {"path": "sop/lockout.md", "offset": ${next}} to read on]`));
  assert.equal(document.split('\n')[1]!.length, next - 100);

  const search = toolResultText({ ok: true, text: long, ms: 1 }, { tool: 'search_documents' });
  assert.match(search, /call search_documents again with a narrower keyword/);
  const other = toolResultText({ ok: true, text: long, ms: 1 }, { tool: 'search_work_orders' });
  assert.match(other, /call search_work_orders again with narrower arguments/);
  const short = toolResultText({ ok: true, text: 'short', ms: 1 }, { tool: 'describe_schema' });
  assert.equal(short, 'short');
});
