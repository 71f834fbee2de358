/**
 * An approval covers one run, and never the approver's own request (issue 29,
 * N4 and N18). The real service, the scripted model, a maintenance script
 * that needs approval, real fetch and SSE:
 *
 * - the model calls the gated script three times in one task: the approval
 *   given for the first call runs it once; each further call asks again
 *   (before: one approval let it run three times);
 * - a question routed by the rules to a gated script, asked by an admin: that
 *   admin may not approve it (403), another admin may.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedRequest } from '../agent-test/scripted-llm-server.js';
import { ADMIN, OPERATOR, restartTestManifest } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataOf, readSse, type SseEvent } from './testing/sse-client.js';

const MANIFEST = restartTestManifest(
  ['harmless-a'],
  '  - text: bounce the harmless test unit\n    args: { service: harmless-a }\n',
);
const QUESTION = 'The harmless unit keeps hanging, restart it until it stays up';
const SECOND_ADMIN = { username: 'bea', password: 'second-admin-pass-1' };
const toolResults = (request: RecordedRequest): number =>
  request.messages.filter((message) => message.role === 'tool').length;
const asked = (request: RecordedRequest): boolean =>
  request.messages.some((message) => message.role === 'user' && String(message.content).includes('keeps hanging'));

describe('an approval covers one run, never the asker’s own', () => {
  let live: LiveService;
  let operator: string;
  let admin: string;
  let secondAdmin: string;
  before(async () => {
    live = await startLiveService({
      model: true,
      turns: [
        {
          // the model asks for the same restart again after each result (three times in all)
          match: (request) => asked(request) && toolResults(request) < 3,
          repeat: true,
          toolCalls: [{ name: 'restart_test_unit', arguments: { service: 'harmless-a' } }],
        },
        { match: (request) => asked(request), repeat: true, content: 'Done with the unit.' },
      ],
      config: (folder) => {
        const scripts = path.join(folder, 'scripts', 'restart_test_unit');
        mkdirSync(scripts, { recursive: true });
        writeFileSync(path.join(scripts, 'manifest.yaml'), MANIFEST);
        writeFileSync(
          path.join(scripts, 'run'),
          `#!/bin/sh\necho "\${1#--service=}" >> "$AIRGAP_STATE_DIR/restarted"\necho "\${1#--service=}.service is active"\n`,
        );
        chmodSync(path.join(scripts, 'run'), 0o755);
        return { scripts: { dir: path.join(folder, 'scripts'), sandbox: 'none' } };
      },
    });
    await live.server.http.service.accounts.add({ ...SECOND_ADMIN, role: 'admin' });
    operator = await liveCookie(live.url, OPERATOR);
    admin = await liveCookie(live.url, ADMIN);
    secondAdmin = await liveCookie(live.url, SECOND_ADMIN);
  });
  after(async () => live?.close());

  async function submit(cookie: string, question: string) {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ question }),
    });
    assert.equal(response.status, 202, await response.clone().text());
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    const stream = await fetch(`${live.url}/api/tasks/${taskId}/events`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(60_000),
    });
    const events: SseEvent[] = [];
    const reading = readSse(stream, (event) => {
      events.push(event);
      return event.event !== 'done';
    });
    const waitFor = async (name: string, count: number): Promise<SseEvent> => {
      for (let i = 0; i < 600; i++) {
        const found = events.filter((event) => event.event === name);
        if (found.length >= count) return found[count - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${name} #${count}: ${events.map((event) => event.event).join(' ')}`);
    };
    return { taskId, events, reading, waitFor };
  }

  const decide = (cookie: string, event: SseEvent, decision: 'approve' | 'reject') =>
    fetch(`${live.url}/api/approvals/${String(dataOf(event).approval_id)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: live.url },
      body: JSON.stringify({ decision }),
    });

  const runs = (): number =>
    (
      live.runtime.db.prepare("SELECT count(*) AS n FROM script_runs WHERE script = 'restart_test_unit'").get() as {
        n: number;
      }
    ).n;

  test('the model calls the gated script three times: one approval, one run; each further call asks again (N4)', async () => {
    const before = runs();
    const task = await submit(operator, QUESTION);
    const first = await task.waitFor('approval-required', 1);
    assert.equal((await decide(admin, first, 'approve')).status, 200);
    // the second call of the same script with the same arguments is a new request
    const second = await task.waitFor('approval-required', 2);
    assert.notEqual(dataOf(second).approval_id, dataOf(first).approval_id);
    assert.equal(runs() - before, 1, 'the first approval ran the script once');
    assert.equal((await decide(admin, second, 'reject')).status, 200);
    const third = await task.waitFor('approval-required', 3);
    assert.equal((await decide(admin, third, 'reject')).status, 200);
    await task.reading;
    assert.equal(dataOf(task.events.at(-1)!).state, 'success');
    assert.equal(runs() - before, 1, 'rejected calls never ran');
    const approvals = live.runtime.db
      .prepare('SELECT state FROM approvals WHERE task_id = ? ORDER BY created_at')
      .all(task.taskId) as Array<{ state: string }>;
    assert.deepEqual(
      approvals.map((row) => row.state),
      ['approved', 'rejected', 'rejected'],
    );
  });

  test('an admin cannot approve their own request; another admin can (N18)', async () => {
    const before = runs();
    const task = await submit(admin, 'bounce the harmless test unit');
    const waiting = await task.waitFor('approval-required', 1);
    const own = await decide(admin, waiting, 'approve');
    assert.equal(own.status, 403, await own.clone().text());
    const body = (await own.json()) as { error: { message: string; hint: string } };
    assert.match(body.error.message, /cannot approve (their|your) own request/);
    assert.match(body.error.hint, /another admin/);
    // still pending: the other admin decides
    const other = await decide(secondAdmin, waiting, 'approve');
    assert.equal(other.status, 200, await other.clone().text());
    await task.reading;
    assert.equal(dataOf(task.events.at(-1)!).state, 'success');
    assert.equal(runs() - before, 1);
    const row = live.runtime.db
      .prepare('SELECT approved_by, requested_by FROM script_runs ORDER BY started_at DESC LIMIT 1')
      .get() as { approved_by: string; requested_by: string };
    assert.match(row.approved_by, /bea/);
  });

  test('the asker may still reject (withdraw) their own request', async () => {
    const task = await submit(admin, 'bounce the harmless test unit');
    const waiting = await task.waitFor('approval-required', 1);
    const withdrawn = await decide(admin, waiting, 'reject');
    assert.equal(withdrawn.status, 200, await withdrawn.clone().text());
    await task.reading;
    assert.equal(dataOf(task.events.at(-1)!).state, 'cancelled');
  });
});
