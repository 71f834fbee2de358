/**
 * Issue 16 in Debian's Chromium against the real service (seeded plant, the
 * shipped MCP servers, createAgent): an operator asks for a maintenance
 * script that needs approval, an admin approves it in the page, the script
 * really runs (a harmless "restart" of an allow-listed test unit), the answer
 * shows the run's card, and the admin's script-run audit shows who asked and
 * who approved. Then a hand-over: the operator hands an answer to an
 * engineer, the admin answers it from the engineer queue, and the operator
 * sees the answer in the same conversation; a question the agent cannot
 * finish marks the hand-over as suggested and shows what the engineer will
 * see as tried; a critical step is not run: the page says it was handed over
 * (no second hand-over offered) and it is in the queue; the operator marks an answer
 * wrong with a correction and the admin sees it for review.
 *
 * Without /usr/bin/chromium this test FAILS; it skips only when AIRGAP_SKIP_BROWSER=1.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, OPERATOR, restartTestManifest, writeCriticalStopScript } from './testing/helpers.js';
import { ask, browserSkip, launchBrowser, logIn, pageErrors } from './testing/browser.js';
import { startLiveService, type LiveService } from './testing/live.js';

const skip = browserSkip('the browser test of scripts, hand-over and feedback');

const RESTART_MANIFEST = restartTestManifest(
  ['harmless-test'],
  `  - text: 重启测试服务
    args: { service: harmless-test }
  - text: restart the test service
    args: { service: harmless-test }
`,
);

describe('maintenance scripts, hand-over and feedback in the page', { skip }, () => {
  let live: LiveService;
  let dir: string;
  let url: string;
  before(async () => {
    live = await startLiveService({
      config: (folder) => {
        const scripts = path.join(folder, 'scripts');
        mkdirSync(path.join(scripts, 'restart_test_unit'), { recursive: true });
        writeFileSync(path.join(scripts, 'restart_test_unit', 'manifest.yaml'), RESTART_MANIFEST);
        // harmless: says what it would restart and leaves a mark that it really ran
        writeFileSync(
          path.join(scripts, 'restart_test_unit', 'run'),
          `#!/bin/sh\necho "restarting \${1#--service=}.service"\ndate > "$AIRGAP_REPORTS_DIR/../restarted"\necho "\${1#--service=}.service is active"\n`,
        );
        chmodSync(path.join(scripts, 'restart_test_unit', 'run'), 0o755);
        writeCriticalStopScript(scripts);
        mkdirSync(path.join(folder, 'reports'));
        return { scripts: { dir: scripts, sandbox: 'none' }, reports: { dir: path.join(folder, 'reports') } };
      },
    });
    dir = live.dir;
    url = live.url;
  });
  after(async () => live?.close());

  test('operator asks, admin approves in the page, the script runs, the card and the audit show both', async () => {
    const operator = await launchBrowser();
    const admin = await launchBrowser();
    try {
      const opPage = await operator.context.newPage();
      const adminPage = await admin.context.newPage();
      const errors: string[] = [];
      pageErrors(opPage, { into: errors });
      pageErrors(adminPage, { into: errors });
      await logIn(opPage, url, OPERATOR);
      await logIn(adminPage, url, ADMIN);

      await ask(opPage, 'restart the test service');
      const asked = opPage.locator('article.a').last();
      await asked.locator('.approval-box').waitFor({ timeout: 20_000 });
      assert.equal(existsSync(path.join(dir, 'restarted')), false, 'nothing runs before the approval');

      const pending = adminPage.locator('#approval-list li[data-approval]');
      await pending.first().waitFor({ timeout: 15_000 });
      assert.match((await pending.first().textContent()) ?? '', /restart_test_unit.*otto.*harmless-test/s);
      await pending.first().locator('button', { hasText: 'Approve' }).click();

      const card = asked.locator('.script-card');
      await card.waitFor({ timeout: 20_000 });
      assert.match((await card.textContent()) ?? '', /restart_test_unit/);
      assert.match((await card.locator('.requested-by').textContent()) ?? '', /otto/);
      assert.match((await card.locator('.approved-by').textContent()) ?? '', /ada/);
      assert.match((await asked.locator('.answer').textContent()) ?? '', /harmless-test\.service is active/);
      assert.equal(existsSync(path.join(dir, 'restarted')), true, 'the script really ran');

      const run = adminPage.locator('#script-runs li[data-run]').first();
      await run.waitFor({ timeout: 15_000 });
      assert.match((await run.locator('.requested-by').textContent()) ?? '', /otto/);
      assert.match((await run.locator('.approved-by').textContent()) ?? '', /ada/);
      assert.match((await run.textContent()) ?? '', /restart_test_unit · success · exit 0/);

      // the answer saved as a self-contained HTML report, listed for download
      await asked.locator('.save-report .save-html').click();
      const saved = asked.locator('.saved-report');
      await saved.waitFor({ timeout: 10_000 });
      const href = await saved.getAttribute('href');
      assert.match(href ?? '', /^\/api\/reports\/restart%20the%20test%20service%20\d{4}-\d{2}-\d{2}\.html$/);
      await opPage.locator('#reports-panel a', { hasText: 'restart the test service' }).waitFor({ timeout: 10_000 });
      const download = await opPage.evaluate(async (url) => {
        const response = await fetch(url!);
        return {
          type: response.headers.get('content-type'),
          disposition: response.headers.get('content-disposition'),
          body: await response.text(),
        };
      }, href);
      assert.match(download.disposition ?? '', /^attachment/);
      assert.match(download.body, /<h1>restart the test service<\/h1>/);

      // hand-over: the operator hands an answer to an engineer; the admin answers from the queue
      await ask(opPage, 'why did line C stop at night?');
      const unanswered = opPage.locator('article.a').last();
      // no rule and no model: the hand-over is offered (marked), and the form shows what the engineer will see
      await unanswered.locator('.feedback .hand-over.suggested').waitFor({ timeout: 20_000 });
      await unanswered.locator('.feedback .hand-over').click();
      assert.match((await unanswered.locator('.handover-tried').textContent()) ?? '', /what was tried|tried/i);
      assert.equal(await unanswered.locator('.handover-tried').isVisible(), true);
      await unanswered.locator('.feedback textarea').fill('it stopped twice this week');
      await unanswered.locator('.feedback .send-feedback').click();
      await unanswered.locator('.feedback-done').waitFor();
      const queued = adminPage.locator('#handover-queue li[data-handover]').first();
      await queued.waitFor({ timeout: 15_000 });
      assert.match((await queued.textContent()) ?? '', /why did line C stop at night\?.*it stopped twice this week/s);
      await queued
        .locator('.handover-answer')
        .fill('The conveyor sensor on line C trips when the hall cools down; reset it and clean the lens.');
      await queued.locator('.handover-action').fill('cleaned the lens, WO-1234');
      await queued.locator('.send-answer').click();
      const reply = opPage.locator('article.engineer-answer');
      await reply.waitFor({ timeout: 15_000 });
      assert.match((await reply.textContent()) ?? '', /Engineer ada answered.*conveyor sensor.*cleaned the lens/s);

      // a critical step: not run; the page says it was handed over (no second hand-over offered) and it is queued
      await ask(opPage, 'stop line B now');
      const critical = opPage.locator('article.a').last();
      await critical.locator('.progress .handover-opened').waitFor({ timeout: 20_000 });
      const openedText = (await critical.locator('.progress .handover-opened').textContent()) ?? '';
      const openedId = /#(\d+)/.exec(openedText)?.[1];
      assert.match(openedText, /stop_line is a critical step: not run, handed over to an engineer \(#\d+\)/);
      await critical.locator('.feedback .handover-done').waitFor({ timeout: 10_000 });
      assert.match(
        (await critical.locator('.feedback .handover-done').textContent()) ?? '',
        new RegExp(`#${openedId}\\)`),
      );
      assert.equal(await critical.locator('.feedback .hand-over').count(), 0, 'no second hand-over offered');
      assert.equal(existsSync(path.join(dir, 'stopped')), false, 'the critical step never ran');
      const criticalQueued = adminPage.locator(`#handover-queue li[data-handover="${openedId}"]`);
      await criticalQueued.waitFor({ timeout: 15_000 }); // the admin's queue refreshes by itself
      assert.match((await criticalQueued.textContent()) ?? '', /stop line B now/);

      // feedback: the first answer marked wrong, with a correction, lands in the admin's review
      await opPage.locator('article.a').first().locator('.feedback .mark-wrong').click();
      await opPage
        .locator('article.a')
        .first()
        .locator('.feedback textarea')
        .fill('it should name the unit it restarted first');
      await opPage.locator('article.a').first().locator('.feedback .send-feedback').click();
      await opPage.locator('article.a').first().locator('.feedback-done').waitFor();
      const review = adminPage.locator('#feedback-review li[data-feedback]', { hasText: 'it should name the unit' });
      await review.waitFor({ timeout: 15_000 });
      assert.match((await review.textContent()) ?? '', /wrong · restart the test service/);
      assert.deepEqual(errors, []);
    } finally {
      await operator.close();
      await admin.close();
    }
  });
});
