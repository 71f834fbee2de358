/**
 * `airgap-agent ask` as a real process: the shipped MCP servers over stdio,
 * the real skills engine, a seeded demo plant, and the scripted model server
 * in this test process. Pins: stdout carries only the answer; SIGTERM during a
 * model call exits promptly and cleanly.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { turn } from '../../agent-test/scripted-llm-server.js';
import { runCli, startAskWorkspace, type AskWorkspace } from '../../testkit/ask-process.js';

const NOW = '2026-11-25T10:00:00+08:00';

describe('ask as a process', () => {
  let workspace: AskWorkspace;
  let configFile: string;
  before(async () => {
    workspace = await startAskWorkspace({ prefix: 'ask-process-', rows: 3000, today: '2026-11-25' });
    configFile = workspace.configFile;
  });
  after(async () => {
    await workspace?.close();
  });

  test('stdout holds only the answer, through the shipped query server and the real engine', async () => {
    workspace.llm.push(
      turn.call('query_database', {
        sql: "SELECT COUNT(record_id) AS batches FROM quality_data WHERE line_id = 'C' AND record_date = '2026-11-24' LIMIT 1",
        purpose: 'batches inspected on line C yesterday',
      }),
      turn.text('Line C inspected the batches shown yesterday.'),
    );
    const result = await runCli([
      '--config',
      configFile,
      '--now',
      NOW,
      'ask',
      'How many batches did we inspect on line C yesterday, roughly?',
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Line C inspected the batches shown yesterday.\n');
    assert.match(result.stderr, /\[mode\] model/);
    assert.match(
      result.stderr,
      /→ query_database purpose: batches inspected on line C yesterday \| sql: SELECT COUNT\(record_id\)/,
    );
    assert.match(result.stderr, /← query_database ok .*1 rows \[batches\]/);
    const second = workspace.llm.chatRequests().at(-1)!;
    assert.match(
      String(second.messages.find((message) => message.role === 'tool')?.content),
      /^batches\n\d+\n\(1 row\)/,
    );
  });

  test("the process exits once answered, not when the model server's keep-alive connection times out", async () => {
    // the start-up probe leaves an idle keep-alive connection to the model server (Node closes it after 5 s)
    let doneAt = 0;
    const result = await runCli(
      ['--config', configFile, '--now', NOW, 'ask', "What was line A's defect rate yesterday?"],
      {
        onStderr: (text) => {
          if (doneAt === 0 && /^\[done\]/m.test(text)) doneAt = performance.now();
        },
      },
    );
    const lingered = performance.now() - doneAt;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /\[mode\] rules/);
    assert.ok(doneAt > 0 && lingered < 3500, `exited ${Math.round(lingered)} ms after [done]`);
  });

  test('SIGTERM during a model call cancels the question and exits promptly', async () => {
    workspace.llm.push(turn.text('too late', { delayMs: 15000 }));
    let sent = false;
    let sentAt = 0;
    const result = await runCli(
      ['--config', configFile, '--now', NOW, 'ask', 'Tell me something the rules do not know about'],
      {
        onStderr: (text, child) => {
          if (!sent && text.includes('[step 1]')) {
            sent = true;
            sentAt = performance.now();
            child.kill('SIGTERM');
          }
        },
      },
    );
    assert.ok(sent, result.stderr);
    assert.equal(result.code, 130, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /\[SIGTERM\] cancelling and shutting down/);
    // from the signal, not from spawn: start-up on a loaded machine is not the property (the model answers after 15 s)
    assert.ok(performance.now() - sentAt < 14000, 'did not wait for the model');
  });
});
