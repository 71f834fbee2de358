/**
 * The chat page as people meet it (issue 30), in Debian's Chromium against the
 * real service on the seeded demo plant:
 * - a kiosk with NO CJK font (the machine's fonts hidden from Chromium by a
 *   fontconfig that offers DejaVu only): Chinese draws from the appliance's own
 *   Noto Sans SC, never as empty boxes, and the thumbs are drawn icons;
 * - a phone (390×844) and a 1280×800 monitor: the weekly report's chart keeps
 *   readable type, every table cell is one line, nothing scrolls sideways, and
 *   the header's failed-import warning is on screen;
 * - cancelling a question that runs a dozen queries shows one line, not a wall
 *   of red cards;
 * - large figures with thousands separators, SQL cards closed until opened,
 *   session times in the plant's 24-hour time whatever the browser's zone.
 * Screenshots go to test-artifacts/ (gitignored) for a person to look at.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { lastUserText } from '../agent-test/scripted-llm-server.js';
import { openSqlite } from '../store/sqlite.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { ask, browserSkip, fontsWithoutCjk, launchBrowser, logIn, pageErrors } from './testing/browser.js';
import { LIVE_NOW, startLiveService, type LiveService } from './testing/live.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const skip = browserSkip('the browser test of the chat page as people meet it');

/** A query that runs for seconds (the query server's timeout stops it at 5 s). */
const SLOW_SQL =
  'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 400000000) SELECT count(*) AS c FROM n LIMIT 1';

/** Canvas drawings of text in a font, as data URLs: equal drawings mean equal glyphs. */
async function drawings(page: Page): Promise<Record<'system' | 'tofu' | 'shipped' | 'blank', string>> {
  await page.evaluate(() => document.fonts.load('40px "Noto Sans SC"', '中文质量周报'));
  // no named functions inside: the test runner's transform would add a helper the page does not have
  return page.evaluate(() =>
    Object.fromEntries(
      [
        ['system', '中文', '40px sans-serif'],
        // two private-use characters: no font has them, both draw as the missing-glyph box
        ['tofu', '\uE000\uE001', '40px sans-serif'],
        ['shipped', '中文', '40px "Noto Sans SC"'],
        ['blank', '', '40px sans-serif'],
      ].map(([name, text, font]) => {
        const canvas = document.createElement('canvas');
        canvas.width = 200;
        canvas.height = 60;
        const context = canvas.getContext('2d')!;
        context.font = font!;
        context.fillStyle = '#000';
        context.fillText(text!, 4, 44);
        return [name, canvas.toDataURL()];
      }),
    ),
  ) as Promise<Record<'system' | 'tofu' | 'shipped' | 'blank', string>>;
}

describe('the chat page as people meet it', { skip }, () => {
  let live: LiveService;
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    live = await startLiveService({
      model: true,
      turns: [
        {
          match: (request) => /every check at once/i.test(lastUserText(request)),
          repeat: true,
          toolCalls: Array.from({ length: 12 }, (_, index) => ({
            name: 'query_database',
            arguments: { sql: SLOW_SQL, purpose: `check ${index + 1}` },
          })),
        },
      ],
    });
    // a file the import refused: the header warns about it
    const failed = path.join(live.dir, 'var', 'inbox', 'failed');
    mkdirSync(failed, { recursive: true });
    writeFileSync(path.join(failed, '20261129T0600-mes-export.csv'), 'not,a,contract\n');
  });
  after(async () => live?.close());

  test('no CJK font on the machine: Chinese draws from the shipped font, the thumbs are icons', async () => {
    const fonts = fontsWithoutCjk();
    const browser = await launchBrowser({ locale: 'zh-CN', viewport: { width: 1280, height: 800 }, env: fonts.env });
    try {
      const page = await browser.context.newPage();
      const errors = pageErrors(page, { console: true });
      const fontResponses: Array<{ url: string; status: number; type: string | null }> = [];
      page.on('response', (response) => {
        if (response.url().includes('/assets/fonts/'))
          fontResponses.push({
            url: response.url(),
            status: response.status(),
            type: response.headers()['content-type'] ?? null,
          });
      });
      const home = await page.goto(live.url);
      assert.match(home?.headers()['content-security-policy'] ?? '', /font-src 'self'/);
      await page.locator('#login-form').waitFor();
      assert.equal(await page.textContent('#login-button'), '登录');

      // the machine has no CJK font (the hiding works): '中文' in the system's sans-serif is two missing-glyph boxes
      const before = await drawings(page);
      assert.equal(before.system, before.tofu, 'Chromium still sees a system CJK font: the fontconfig did not hide it');
      // the appliance's own font draws real glyphs
      assert.notEqual(before.shipped, before.tofu, 'the shipped Noto Sans SC draws 中文 as boxes');
      assert.notEqual(before.shipped, before.blank);

      await logIn(page, live.url, OPERATOR);
      await ask(page, '本周质量周报');
      const report = page.locator('article.a').last();
      await report.locator('.badge.success').waitFor({ timeout: 30_000 });
      assert.equal(await report.locator('.badge').textContent(), '完成');
      // the page's Chinese came from the appliance: woff2 slices, from this origin, and in use
      assert.ok(fontResponses.length > 0, 'no font file was fetched');
      for (const response of fontResponses) {
        assert.equal(response.status, 200, response.url);
        assert.equal(response.type, 'font/woff2', response.url);
        assert.ok(response.url.startsWith(`${live.url}/assets/fonts/noto-sans-sc-`), response.url);
      }
      const loaded = await page.evaluate(
        () =>
          Array.from(document.fonts as unknown as Iterable<FontFace>).filter(
            (face) => face.family.replace(/"/g, '') === 'Noto Sans SC' && face.status === 'loaded',
          ).length,
      );
      assert.ok(loaded > 0, 'no slice of Noto Sans SC is in use');
      // the feedback thumbs are drawn (SVG), not emoji a kiosk cannot show
      const thumb = await report.locator('.mark-right svg.icon-thumb').boundingBox();
      assert.ok(thumb && thumb.width >= 10 && thumb.height >= 10, JSON.stringify(thumb));
      await page.screenshot({ path: path.join(ARTIFACTS, 'no-cjk-font-zh-1280.png') });
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      fonts.close();
    }
  });

  for (const { width, height, locale, question } of [
    { width: 390, height: 844, locale: 'zh-CN', question: '本周质量周报' },
    { width: 1280, height: 800, locale: 'en-US', question: "This week's quality report" },
  ]) {
    test(`${width}×${height}: readable charts, one-line table cells, the header's warning on screen`, async () => {
      const browser = await launchBrowser({ locale, viewport: { width, height } });
      try {
        const page = await browser.context.newPage();
        const errors = pageErrors(page, { console: true });
        await logIn(page, live.url, ADMIN);
        await ask(page, question);
        const report = page.locator('article.a').last();
        await report.locator('.badge.success').waitFor({ timeout: 30_000 });
        await report.locator('figure.chart svg').first().waitFor();
        const layout = await page.evaluate(() => {
          const article = Array.from(document.querySelectorAll('article.a')).at(-1)!;
          const charts = Array.from(article.querySelectorAll('figure.chart svg')).map((chart) => {
            const texts = Array.from(chart.querySelectorAll('text')).filter(
              (text) => (text.textContent ?? '').trim() !== '',
            );
            return {
              width: chart.getBoundingClientRect().width,
              smallestText: Math.min(...texts.map((text) => text.getBoundingClientRect().height)),
            };
          });
          // a cell's text on one line: all its text boxes share one top
          const cells = Array.from(article.querySelectorAll('.answer table th, .answer table td')).map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
            return { text: cell.textContent ?? '', lines: tops.size };
          });
          const failed = document.querySelector('.data-failed');
          const box = failed?.getBoundingClientRect();
          return {
            charts,
            cells,
            scrollWidth: document.documentElement.scrollWidth,
            failed:
              box && failed
                ? { text: failed.textContent, right: box.right, bottom: box.bottom, height: box.height }
                : null,
          };
        });
        assert.ok(layout.charts.length >= 2, JSON.stringify(layout.charts));
        for (const chart of layout.charts) {
          assert.ok(chart.width >= Math.min(320, width - 60), `a chart ${chart.width}px wide at ${width}px`);
          assert.ok(
            chart.smallestText >= 11,
            `chart text ${chart.smallestText.toFixed(1)}px high at ${width}px: unreadable`,
          );
        }
        assert.ok(layout.cells.length > 10, 'the report has its table');
        for (const cell of layout.cells) assert.equal(cell.lines, 1, `"${cell.text}" wraps at ${width}px`);
        assert.ok(layout.scrollWidth <= width, `the page scrolls sideways (${layout.scrollWidth}px) at ${width}px`);
        // the failed import is said, on screen, not cut off
        assert.ok(layout.failed, 'no failed-import warning in the header');
        assert.match(
          layout.failed.text ?? '',
          locale === 'zh-CN' ? /1 个文件导入失败/ : /1 file\(s\) failed to import/,
        );
        assert.ok(layout.failed.height > 0 && layout.failed.right <= width, JSON.stringify(layout.failed));
        if (locale === 'zh-CN') assert.doesNotMatch((await page.textContent('#data-status')) ?? '', /data up to/);
        await report.locator('figure.chart').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(ARTIFACTS, `weekly-report-${width}x${height}.png`) });
        assert.deepEqual(errors, []);
      } finally {
        await browser.close();
      }
    });
  }

  test('cancel (Esc) while a dozen queries run: one line says so, no wall of red cards', async () => {
    const browser = await launchBrowser({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    try {
      const page = await browser.context.newPage();
      const errors = pageErrors(page, { console: true });
      await logIn(page, live.url, OPERATOR);
      await ask(page, 'run every check at once, please');
      const task = page.locator('article.a').last();
      await task.locator('details.tool').first().waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await task.locator('.badge.cancelled').waitFor({ timeout: 30_000 });
      const notes = task.locator('.cancelled-note');
      assert.equal(await notes.count(), 1);
      assert.match((await notes.textContent()) ?? '', /^Cancelled(\.|: \d+ steps stopped\.)$/);
      assert.equal(await task.locator('details.tool.failed').count(), 0, 'failed cards of the cancelled steps');
      assert.equal(await task.locator('.task-error').count(), 0);
      const box = await notes.boundingBox();
      assert.ok(
        box && box.y >= 0 && box.y + box.height <= 800,
        `the cancel line is off screen: ${JSON.stringify(box)}`,
      );
      await page.screenshot({ path: path.join(ARTIFACTS, 'cancelled-one-line-1280.png') });
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  test('figures grouped by thousands, SQL cards closed until opened, session times plant-local 24-hour', async () => {
    // a browser in Los Angeles, with a 12-hour locale: the plant (Asia/Shanghai) is 16 hours ahead
    const browser = await launchBrowser({
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
      viewport: { width: 1280, height: 800 },
    });
    const plant = openSqlite(path.join(live.dir, 'plant.db'), { readonly: true });
    try {
      // this week's pieces inspected, line by line, as the weekly report's table shows them
      const inspected = plant
        .prepare(
          "SELECT line_id, SUM(inspected_qty) AS n FROM quality_data WHERE record_date BETWEEN '2026-11-23' AND '2026-11-29' GROUP BY line_id",
        )
        .all() as Array<{ line_id: string; n: number }>;
      const large = inspected.filter((row) => row.n >= 10_000);
      assert.ok(large.length > 0, `no line inspected 10,000 pieces this week: ${JSON.stringify(inspected)}`);

      const page = await browser.context.newPage();
      const errors = pageErrors(page, { console: true });
      await logIn(page, live.url, OPERATOR);
      await ask(page, "This week's quality report");
      const report = page.locator('article.a').last();
      await report.locator('.badge.success').waitFor({ timeout: 30_000 });

      // thousands separators: each large figure of the SQL is shown grouped, never as a bare run of digits
      // each cell and paragraph on a line of its own (textContent runs the table's cells together)
      const answer = (
        await report
          .locator('.answer')
          .evaluate((box) =>
            Array.from(box.querySelectorAll('th, td, p, li, h3, h4')).map((block) => block.textContent ?? ''),
          )
      ).join('\n');
      for (const row of large) {
        const grouped = row.n.toLocaleString('en-US');
        assert.match(grouped, /,/);
        assert.ok(answer.includes(grouped), `line ${row.line_id}: ${grouped} is not in the answer`);
        assert.doesNotMatch(answer, new RegExp(`(?<![\\d,])${row.n}(?!\\d)`), `${row.n} without separators`);
      }
      assert.doesNotMatch(answer, /(?<![\d.,-])\d{5,}(?![\d-])/, 'a figure of five or more digits without separators');

      // the SQL cards: there, closed, their SQL hidden until a card is opened
      const cards = report.locator('details.tool');
      assert.ok((await cards.count()) > 0, 'no SQL card');
      const open = await cards.evaluateAll((all) => all.filter((card) => (card as HTMLDetailsElement).open).length);
      assert.equal(open, 0, 'SQL cards open by default');
      const first = cards.first();
      const sql = first.locator('pre, code').first();
      assert.equal(await sql.isVisible(), false, 'the SQL shows in a closed card');
      await first.locator('summary').click();
      assert.equal(await first.evaluate((card) => (card as HTMLDetailsElement).open), true);
      await sql.waitFor({ state: 'visible' });
      assert.match((await first.textContent()) ?? '', /SELECT/);

      // the session list: the plant's clock (LIVE_NOW, 10:00 in Shanghai), 24-hour — not Los Angeles' 18:00 or 6:00 PM
      const expected = LIVE_NOW.slice(5, 10) + ' ' + LIVE_NOW.slice(11, 16); // '11-29 10:00'
      const sessions = page.locator('#session-list button');
      await sessions.first().waitFor();
      const labels = await sessions.allTextContents();
      assert.ok(labels.length > 0);
      for (const label of labels) {
        assert.match(label, new RegExp(` · (?:${expected}|${expected.slice(6)})$`), label);
        assert.doesNotMatch(label, /AM|PM|18:00|11-28/, label);
      }
      await page.screenshot({ path: path.join(ARTIFACTS, 'figures-cards-sessions-1280.png') });
      assert.deepEqual(errors, []);
    } finally {
      plant.close();
      await browser.close();
    }
  });
});
