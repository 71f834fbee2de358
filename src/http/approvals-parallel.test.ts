/**
 * Two approval-gated calls the model makes at once (seen in the installed
 * guest: a small model asked for two restarts in one reply). A task waits for
 * one decision at a time: the second call asks for its approval once the first
 * is decided, both run, and the task ends. Before, the second call failed with
 * "task … is waiting_input; it cannot become waiting_input" and the task stayed
 * waiting_input. The real service, the scripted model, real fetch and SSE.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordedRequest } from '../agent-test/scripted-llm-server.js';
import { ADMIN, OPERATOR, restartTestManifest } from './testing/helpers.js';
import { liveCookie, startLiveService, type LiveService } from './testing/live.js';
import { dataOf, readSse, type SseEvent } from './testing/sse-client.js';

const MANIFEST = restartTestManifest(['harmless-a', 'harmless-b']);

const QUESTION = 'Restart both harmless test units, they hang';
const asked = (request: RecordedRequest): boolean =>
  request.messages.some((message) => message.role === 'user' && String(message.content).includes('they hang'));
const answered = (request: RecordedRequest): boolean => request.messages.some((message) => message.role === 'tool');

describe('approval-gated calls the model makes at once', () => {
  let live: LiveService;
  let operator: string;
  let admin: string;
  before(async () => {
    live = await startLiveService({
      model: true,
      turns: [
        {
          match: (request) => asked(request) && !answered(request),
          toolCalls: [
            { name: 'restart_test_unit', arguments: { service: 'harmless-a' } },
            { name: 'restart_test_unit', arguments: { service: 'harmless-b' } },
          ],
        },
        { match: (request) => asked(request) && answered(request), repeat: true, content: 'Both units restarted.' },
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
    operator = await liveCookie(live.url, OPERATOR);
    admin = await liveCookie(live.url, ADMIN);
  });
  after(async () => live?.close());

  test('the second asks once the first is decided; both run; the task ends', async () => {
    const response = await fetch(`${live.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: operator },
      body: JSON.stringify({ question: QUESTION }),
    });
    assert.equal(response.status, 202, await response.clone().text());
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    const stream = await fetch(`${live.url}/api/tasks/${taskId}/events`, {
      headers: { Cookie: operator, Accept: 'text/event-stream' },
      signal: AbortSignal.timeout(30_000),
    });
    const events: SseEvent[] = [];
    const reading = readSse(stream, (event) => {
      events.push(event);
      return event.event !== 'done';
    });
    const waitFor = async (name: string, count: number): Promise<SseEvent> => {
      for (let i = 0; i < 300; i++) {
        const found = events.filter((event) => event.event === name);
        if (found.length >= count) return found[count - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${name} #${count}: ${events.map((event) => event.event).join(' ')}`);
    };
    const approve = async (event: SseEvent): Promise<void> => {
      const decided = await fetch(`${live.url}/api/approvals/${String(dataOf(event).approval_id)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: admin, Origin: live.url },
        body: JSON.stringify({ decision: 'approve' }),
      });
      assert.equal(decided.status, 200, await decided.clone().text());
    };

    const first = await waitFor('approval-required', 1);
    assert.deepEqual(dataOf(first).arguments, { service: 'harmless-a' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(events.filter((event) => event.event === 'approval-required').length, 1, 'one decision at a time');
    await approve(first);
    const second = await waitFor('approval-required', 2);
    assert.deepEqual(dataOf(second).arguments, { service: 'harmless-b' });
    await approve(second);
    await reading;
    const done = events.at(-1)!;
    assert.equal(done.event, 'done');
    assert.equal(dataOf(done).state, 'success', events.map((event) => `${event.event} ${event.data}`).join('\n'));
    const runs = live.runtime.db
      .prepare("SELECT arguments, state FROM script_runs WHERE script = 'restart_test_unit'")
      .all() as Array<{ arguments: string; state: string }>;
    assert.deepEqual(runs.map((run) => [JSON.parse(run.arguments).service, run.state]).sort(), [
      ['harmless-a', 'success'],
      ['harmless-b', 'success'],
    ]);
  });
});
