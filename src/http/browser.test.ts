/**
 * The chat page in Debian's Chromium (playwright-core, headless), against the
 * real service on the seeded demo plant: log in, ask a rule-routed question
 * and watch the stream, see the SQL card, ask for the weekly report and see
 * its chart, cancel a slow (scripted) model answer with Esc, switch language,
 * pick the language from the browser, and look at it on a phone. Screenshots
 * go to test-artifacts/ (gitignored).
 *
 * Without /usr/bin/chromium this test FAILS (install: apt-get install -y
 * chromium fonts-noto-cjk); it skips only when AIRGAP_SKIP_BROWSER=1.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { ask, browserSkip, launchBrowser, logIn, pageErrors } from './testing/browser.js';
import { startLiveService, type LiveService } from './testing/live.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const skip = browserSkip('the browser test of the chat page');

describe('the chat page in Chromium', { skip }, () => {
  let live: LiveService;
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    live = await startLiveService({ model: true });
  });
  after(async () => live?.close());

  test('log in, ask, watch the stream, the SQL card, the weekly chart, cancel with Esc, switch language, phone layout', async () => {
    const browser = await launchBrowser({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    try {
      const page = await browser.context.newPage();
      const errors = pageErrors(page, { console: true });
      await logIn(page, live.url, OPERATOR);
      assert.equal(await page.textContent('#who'), 'otto (operator)');
      assert.equal(await page.textContent('#send'), 'Send');
      // how fresh the plant's data is, beside the title (/api/status, src/import/freshness.ts)
      await page
        .locator('#data-status')
        .filter({ hasText: /^data up to \d{4}-\d\d-\d\d \d\d:\d\d/ })
        .waitFor();

      // a rule-routed question: the SQL card with purpose, rows and timing, then the answer
      await ask(page, "What was line A's defect rate last Wednesday?");
      const first = page.locator('article.a').last();
      await first.locator('.badge.success').waitFor({ timeout: 20_000 });
      const sql = await first.locator('details.tool pre.sql').allTextContents();
      // the seeded plant has the rollups: quality figures are read from quality_daily (9cfd192)
      assert.ok(
        sql.some((text) => /FROM quality_daily\b/.test(text)),
        sql.join('\n'),
      );
      assert.ok((await first.locator('details.tool .purpose').count()) > 0);
      assert.match((await first.locator('details.tool summary').first().textContent()) ?? '', /\d+ rows · \d+ ms/);
      assert.match((await first.locator('.answer').textContent()) ?? '', /Line A.*defect rate/s);
      assert.equal((await first.locator('.answer strong').count()) > 0, true, 'Markdown bold rendered');

      // the weekly report: a chart drawn as inline SVG with a legend
      await ask(page, "This week's quality report");
      const report = page.locator('article.a').last();
      await report.locator('.badge.success').waitFor({ timeout: 20_000 });
      await report.locator('figure.chart svg').first().waitFor();
      assert.ok((await report.locator('figure.chart svg path, figure.chart svg rect').count()) > 2);
      assert.ok((await report.locator('.answer table tr').count()) > 2, 'the report table is rendered');
      await report.locator('figure.chart').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, 'chat-weekly-report-en.png'), fullPage: false });

      // a slow model answer: tokens stream, Esc cancels
      await ask(page, 'slow analysis of every line, please');
      const slow = page.locator('article.a').last();
      await page.waitForFunction(() => {
        const articles = document.querySelectorAll('article.a');
        const last = articles[articles.length - 1];
        return !!last && (last.querySelector('.answer.streaming')?.textContent ?? '').length > 10;
      });
      assert.equal(await page.isEnabled('#cancel'), true);
      await page.keyboard.press('Escape');
      await slow.locator('.badge.cancelled').waitFor({ timeout: 10_000 });
      assert.equal(await page.isEnabled('#send'), true);
      await page.screenshot({ path: path.join(ARTIFACTS, 'chat-cancelled-en.png') });

      // switch to Chinese
      await page.click('#lang-toggle');
      assert.equal(await page.textContent('#send'), '发送');
      assert.equal(await page.title(), '工厂助手');
      assert.equal(await slow.locator('.badge').textContent(), '已取消');
      assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
      await ask(page, 'B线最近7天的主要缺陷类型');
      await page.locator('article.a').last().locator('.badge.success').waitFor({ timeout: 20_000 });
      await page.screenshot({ path: path.join(ARTIFACTS, 'chat-zh.png') });

      // the session list holds this conversation; opening it replays the history
      await page.locator('#session-list button').first().waitFor();
      await page.click('#new-session');
      assert.equal(await page.locator('article.a').count(), 0);
      await page.locator('#session-list button').first().click();
      await page.locator('article.a').nth(3).waitFor();
      assert.ok((await page.locator('figure.chart svg').count()) >= 1, 'history shows the chart again');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  test('the language follows the browser; a phone gets the one-column layout; admins see the approvals panel', async () => {
    const browser = await launchBrowser({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    try {
      const page = await browser.context.newPage();
      await page.goto(live.url);
      await page.locator('#login-form').waitFor();
      assert.equal(await page.textContent('#login-button'), '登录');
      await logIn(page, live.url, ADMIN);
      assert.equal(await page.isVisible('#sidebar'), false, 'the session list folds away on a phone');
      await page.click('#menu-toggle');
      assert.equal(await page.isVisible('#sidebar'), true);
      await page.locator('#approvals').waitFor();
      assert.match((await page.textContent('#approval-list')) ?? '', /没有待审批的操作/);
      await page.keyboard.press('Escape');
      await ask(page, '本周各产线的产量和良率');
      await page.locator('article.a .badge.success').waitFor({ timeout: 20_000 });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);
      await page.screenshot({ path: path.join(ARTIFACTS, 'chat-phone-zh.png'), fullPage: false });
    } finally {
      await browser.close();
    }
  });
});
