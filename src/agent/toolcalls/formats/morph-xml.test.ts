import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { callsThatRun, canonical } from '../conformance/fixture.js';
import { parseToolCalls } from '../extract.js';
import { MORPH_XML_FIXTURES } from './morph-xml.fixtures.js';

describe('morph-XML: the middleware’s own fixtures', () => {
  for (const fixture of MORPH_XML_FIXTURES) {
    test(fixture.name, () => {
      assert.match(fixture.source, /^src\/__tests__\/protocols\/morph-xml-protocol\/\S+\.test\.ts@[0-9a-f]{40}$/);
      const got = callsThatRun(fixture.text, { tools: fixture.tools, schemas: fixture.schemas });
      const expected = fixture.expect === 'none' ? [] : fixture.expect;
      if (fixture.differs) {
        // a listed difference is one: what we read is what it says, and not what the middleware expects
        assert.notEqual(canonical(got), canonical(expected), 'passes now: take its `differs` off');
        assert.equal(canonical(got), canonical(fixture.differs.ours === 'none' ? [] : fixture.differs.ours));
        assert.ok(got.length <= expected.length, 'a listed difference never runs more than the middleware');
      } else {
        assert.equal(canonical(got), canonical(expected));
      }
    });
  }

  test('most of them read as the middleware reads them', () => {
    const listed = MORPH_XML_FIXTURES.filter((fixture) => fixture.differs).length;
    assert.ok(MORPH_XML_FIXTURES.length >= 30);
    assert.ok(listed <= 6, `${listed} listed differences`);
  });
});

describe('morph-XML: only an offered tool’s tag is a call', () => {
  const text = '<get_weather><city>Paris</city></get_weather>';

  test('the tag of an offered tool is read', () => {
    const outcome = parseToolCalls(text, { knownTools: ['get_weather'] });
    assert.deepEqual(
      outcome.calls.map((call) => [call.name, call.arguments, call.format]),
      [['get_weather', { city: 'Paris' }, 'morph-xml']],
    );
  });

  test('an unknown tag is never a call, nor is any tag when no tools were named', () => {
    assert.deepEqual(parseToolCalls(text, { knownTools: ['get_time'] }).calls, []);
    assert.deepEqual(parseToolCalls(text, { knownTools: ['get_time'] }).refused, []);
    assert.deepEqual(parseToolCalls(text).calls, []);
    assert.deepEqual(parseToolCalls('<b>bold</b> and <p><i>x</i></p>', { knownTools: ['get_time'] }).calls, []);
  });

  test('the name is taken as offered: another case is another tag', () => {
    assert.deepEqual(
      parseToolCalls('<Get_Weather><city>Paris</city></Get_Weather>', { knownTools: ['get_weather'] }).calls,
      [],
    );
  });

  test('a tag holding text, not parameter elements, is not a call', () => {
    assert.deepEqual(
      parseToolCalls('Use <get_weather>Paris</get_weather> next time.', { knownTools: ['get_weather'] }).calls,
      [],
    );
  });

  test('a call cut off before its closing tag, or with a parameter left open, is refused', () => {
    for (const cut of [
      '<get_weather><city>Paris</city>',
      '<get_weather><city>Par',
      '<get_weather><city>Paris</get_weather>',
    ]) {
      const outcome = parseToolCalls(cut, { knownTools: ['get_weather'] });
      assert.deepEqual(outcome.calls, [], cut);
      assert.deepEqual(
        outcome.refused.map((call) => [call.name, call.reason]),
        [['get_weather', 'cut-off']],
        cut,
      );
    }
  });

  test('entities are decoded and CDATA kept as written', () => {
    const outcome = parseToolCalls(
      '<run><cmd>a &lt; b &amp;&amp; c</cmd><code><![CDATA[if (a < b) {}]]></code></run>',
      { knownTools: ['run'] },
    );
    assert.deepEqual(outcome.calls[0]?.arguments, { cmd: 'a < b && c', code: 'if (a < b) {}' });
  });

  test('two calls in a row are two calls; a <tool_call> body is left to its own format', () => {
    const two = parseToolCalls('<ping><n>1</n></ping>\n<ping><n>1</n></ping>', { knownTools: ['ping'] });
    assert.deepEqual(
      two.calls.map((call) => call.arguments),
      [{ n: 1 }, { n: 1 }],
    );
    const hermes = parseToolCalls('<tool_call>{"name": "ping", "arguments": {"n": 2}}</tool_call>', {
      knownTools: ['ping', 'tool_call'],
    });
    assert.deepEqual(
      hermes.calls.map((call) => [call.name, call.format]),
      [['ping', 'hermes']],
    );
  });
});
