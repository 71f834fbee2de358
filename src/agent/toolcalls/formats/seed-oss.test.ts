import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseToolCalls } from '../extract.js';

function args(body: string): unknown {
  const text = `<seed:tool_call>\n<function=edit>\n${body}</function>\n</seed:tool_call>`;
  const outcome = parseToolCalls(text, { knownTools: ['edit'] });
  assert.equal(outcome.calls.length, 1, JSON.stringify(outcome));
  return outcome.calls[0]!.arguments;
}

describe('Seed-OSS parameter values', () => {
  test('a value wrapped in a newline on each side loses those two (llama.cpp test-seed-oss.cpp)', () => {
    assert.deepEqual(args('<parameter=input>\ntest\n</parameter>\n<parameter=format>\njson\n</parameter>\n'), {
      input: 'test',
      format: 'json',
    });
    assert.deepEqual(args('<parameter=count>\n42\n</parameter>\n'), { count: 42 });
  });

  test('only one newline on each side is the wrapping; the rest is the value', () => {
    assert.deepEqual(args('<parameter=text>\n\nindented\n\n</parameter>\n'), { text: '\nindented\n' });
  });

  test('a value written inline keeps a trailing newline of its own (llama.cpp test-chat.cpp inside_quotes)', () => {
    assert.deepEqual(args('<parameter=newString>def foo():\n    pass\n</parameter>\n'), {
      newString: 'def foo():\n    pass\n',
    });
    assert.deepEqual(args('<parameter=lead>\nstarts with a newline</parameter>\n'), {
      lead: '\nstarts with a newline',
    });
  });
});
