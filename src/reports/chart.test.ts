import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChartSeries } from '../types/answer.js';
import { answerReport } from './answer-report.js';
import { chartSvg, chartsOf } from './chart.js';

const BAR: ChartSeries = {
  title: 'Defects per line <b>W48</b>',
  kind: 'bar',
  x: ['A', 'B', 'C'],
  series: [
    { name: 'defects', values: [3, 5, null] },
    { name: 'rework', values: [1, 2, 4], unit: 'pcs' },
  ],
};
const LINE: ChartSeries = {
  title: '不良率 趋势',
  kind: 'line',
  x: ['11-23', '11-24', '11-25', '11-26', '11-27'],
  series: [{ name: '不良率', values: [2.1, 2.4, null, 1.9, 2.2], unit: '%' }],
};
const OPTIONS = {
  question: 'line A last week',
  answer: '## Line A\n\n**Defect rate** 2.1%',
  askedAt: '2026-11-25T02:00:00Z',
  by: 'otto',
  traceId: 't-1',
  plant: 'Demo plant',
};

test('HTML report: each chart is an inline SVG drawn from its series, nothing external, text escaped', () => {
  const html = answerReport('html', { ...OPTIONS, charts: [BAR, LINE] });
  const svgs = html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];
  assert.equal(svgs.length, 2);
  // bars: one per non-null value, each with the value in its tooltip
  assert.equal((svgs[0]!.match(/<rect [^>]*fill="#[0-9a-f]{6}"><title>/g) ?? []).length, 5);
  assert.match(svgs[0]!, /<title>rework \(pcs\) · C: 4<\/title>/);
  assert.match(svgs[0]!, /Defects per line &lt;b&gt;W48&lt;\/b&gt;/);
  assert.doesNotMatch(html, /<b>W48/);
  // a null is a gap: the line is drawn in two pieces, one marker per value
  assert.equal((svgs[1]!.match(/<polyline /g) ?? []).length, 2);
  assert.equal((svgs[1]!.match(/<circle /g) ?? []).length, 4);
  assert.match(svgs[1]!, /不良率 \(%\)/);
  // self-contained: no script, no link, no external URL (the SVG namespace is a name, not a fetch)
  const withoutNamespace = html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '');
  assert.doesNotMatch(withoutNamespace, /<script|href=|src=|url\(|https?:|@import/i);
});

test('bars grow from the zero line: taller for larger values, negative ones below it', () => {
  const svg = chartSvg({
    title: 'delta',
    kind: 'bar',
    x: ['a', 'b', 'c'],
    series: [{ name: 'd', values: [2, 4, -2] }],
  });
  const bars = [
    ...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="#\w+"><title>/g),
  ].map((match) => ({ y: Number(match[1]), h: Number(match[2]) }));
  assert.equal(bars.length, 3);
  assert.ok(Math.abs(bars[1]!.h - 2 * bars[0]!.h) < 0.5, JSON.stringify(bars));
  assert.ok(
    Math.abs(bars[0]!.y + bars[0]!.h - bars[2]!.y) < 0.2,
    'the negative bar starts where the positive ones end: at zero',
  );
  assert.ok(bars[2]!.y > bars[1]!.y, 'below the positive bars');
});

test('Markdown report: each chart as a table of its series; CSV takes the series when the answer has no table', () => {
  const md = answerReport('md', { ...OPTIONS, charts: [BAR] });
  assert.ok(md.startsWith('# line A last week\n'));
  assert.match(
    md,
    /\| Chart: Defects per line <b>W48<\/b> \| defects \| rework \(pcs\) \|\n\|---\|---:\|---:\|\n\| A \| 3 \| 1 \|\n\| B \| 5 \| 2 \|\n\| C \| – \| 4 \|\n$/,
  );
  const csv = answerReport('csv', { ...OPTIONS, charts: [BAR] });
  assert.equal(csv, '\uFEFFDefects per line <b>W48</b>,defects,rework (pcs)\r\nA,3,1\r\nB,5,2\r\nC,,4\r\n');
  assert.throws(() => answerReport('csv', OPTIONS), /no table to save as CSV/);
  // an answer without charts is saved as before
  assert.doesNotMatch(answerReport('html', OPTIONS), /<svg/);
  assert.equal(answerReport('md', OPTIONS), answerReport('md', { ...OPTIONS, charts: null }));
});

test('stored chart series are checked before drawing: malformed entries dropped, non-numbers are gaps', () => {
  const read = chartsOf([
    null,
    'x',
    { title: 't', kind: 'pie', x: ['a', 'b'], series: [{ name: 'n', values: [1, 'two', Infinity] }, { name: 'bad' }] },
    { title: 'empty', x: [], series: [] },
  ]);
  assert.deepEqual(read, [{ title: 't', kind: 'bar', x: ['a', 'b'], series: [{ name: 'n', values: [1, null] }] }]);
  assert.deepEqual(chartsOf({ not: 'an array' }), []);
});

const CHROMIUM = '/usr/bin/chromium';
test(
  'the HTML report renders its charts in Chromium with every request blocked',
  { skip: process.env.AIRGAP_SKIP_BROWSER === '1' ? 'AIRGAP_SKIP_BROWSER=1' : false },
  async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or AIRGAP_SKIP_BROWSER=1)`);
    const { chromium } = await import('playwright-core');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chart-report-'));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const file = path.join(dir, 'report.html');
      writeFileSync(file, answerReport('html', { ...OPTIONS, charts: [BAR, LINE] }));
      const page = await browser.newPage();
      const requests: string[] = [];
      await page.route('**/*', (route) => {
        if (route.request().url() !== pathToFileURL(file).href) requests.push(route.request().url());
        return route.request().url() === pathToFileURL(file).href ? route.continue() : route.abort();
      });
      await page.goto(pathToFileURL(file).href);
      const drawn = await page.evaluate(() =>
        Array.from(document.querySelectorAll('svg')).map((svg) => ({
          bars: svg.querySelectorAll('rect title').length,
          points: svg.querySelectorAll('circle').length,
          width: svg.getBoundingClientRect().width,
        })),
      );
      assert.deepEqual(
        drawn.map(({ bars, points }) => ({ bars, points })),
        [
          { bars: 5, points: 0 },
          { bars: 0, points: 4 },
        ],
      );
      assert.ok(
        drawn.every((svg) => svg.width > 100),
        JSON.stringify(drawn),
      );
      assert.deepEqual(requests, [], 'the report fetched nothing');
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
