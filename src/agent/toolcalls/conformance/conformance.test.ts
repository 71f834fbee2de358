import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { TOOL_FORMAT_IDS } from '../../../types/tool-formats.js';
import { parserFor } from '../formats/index.js';
import { canonical, runFixture } from './fixture.js';
import { FORMAT_ROWS, renderLeftOut, renderTable, rowResults } from './rows.js';
import { allFixtures } from './sources.js';

const fixtures = allFixtures();

describe('conformance with the serving engines (docs/tool-call-formats.md)', () => {
  test('at least 400 engine fixtures across at least 40 formats, each sourced', () => {
    assert.ok(fixtures.length >= 400, `${fixtures.length} fixtures`);
    const formats = new Set(fixtures.map(({ fixture }) => fixture.format));
    assert.ok(formats.size >= 40, `${formats.size} formats`);
    for (const { fixture } of fixtures) {
      assert.ok(fixture.source.trim() !== '', `${fixture.name} names its test file`);
      if (fixture.differs) assert.ok(fixture.differs.reason.length > 20, `${fixture.name}: a difference says why`);
    }
  });

  test('every format has one row, and every row a parser (or the generic cascade)', () => {
    assert.deepEqual([...FORMAT_ROWS.map((row) => row.id)].sort(), [...TOOL_FORMAT_IDS].sort());
    for (const row of FORMAT_ROWS) {
      if (row.parser === 'generic cascade') continue;
      assert.ok(parserFor(row.id), `${row.id} has a parser`);
    }
  });

  test('the table in the doc is the one the fixtures give', () => {
    const doc = readFileSync(path.join(process.cwd(), 'docs', 'tool-call-formats.md'), 'utf8');
    const table = /<!-- conformance-table:start -->\n([\s\S]*?)\n<!-- conformance-table:end -->/.exec(doc)?.[1];
    const leftOut = /<!-- left-out:start -->\n([\s\S]*?)\n<!-- left-out:end -->/.exec(doc)?.[1];
    const results = rowResults();
    assert.equal(
      table,
      renderTable(results),
      'docs/tool-call-formats.md is stale: node --import tsx scripts/tool-formats-table.ts --write',
    );
    assert.equal(leftOut, renderLeftOut());
  });

  test('no call runs that must not be: every fixture passes or reads as its listed difference', () => {
    const runs = fixtures.map(({ engine, fixture }) => runFixture(engine, fixture));
    const extra = runs
      .filter((run) => run.ranExtra)
      .map((run) => `${run.engine} ${run.fixture.format} ${run.fixture.name}`);
    assert.deepEqual(extra, [], 'a call ran where the engine test runs none');
    const neither = runs
      .filter((run) => (run.fixture.differs ? !run.listed : !run.passes))
      .map((run) => `${run.engine} ${run.fixture.format} ${run.fixture.name}: got ${canonical(run.got)}`);
    assert.deepEqual(neither, []);
  });
});
