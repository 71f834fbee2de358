/**
 * `airgap-agent ask` as a real process: the shipped MCP servers over stdio,
 * the real skills engine, a seeded demo plant, and the scripted model server
 * in this test process. Pins: stdout carries only the answer; SIGTERM during a
 * model call exits promptly and cleanly.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPlant } from '../../seed/build.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../../agent-test/scripted-llm-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');
const NOW = '2026-11-25T10:00:00+08:00';

function runCli(args: string[], options: { onStderr?: (text: string, child: ReturnType<typeof spawn>) => void } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    options.onStderr?.(stderr, child);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('ask as a process', () => {
  let dir: string;
  let llm: ScriptedLlmServer;
  let configFile: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ask-process-'));
    seedPlant({ db: path.join(dir, 'plant.db'), rows: 3000, today: '2026-11-25' });
    mkdirSync(path.join(dir, 'docs'));
    llm = await startScriptedLlmServer();
    configFile = path.join(dir, 'config.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        plant: { db: path.join(dir, 'plant.db') },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        docs: { root: path.join(dir, 'docs') },
        llm: { base_url: llm.url, model: 'scripted', timeout_ms: 20000 },
        log: { level: 'info', dir: path.join(dir, 'log') },
        skills: { watch: false },
      }),
    );
  });
  after(async () => {
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('stdout holds only the answer, through the shipped query server and the real engine', async () => {
    llm.push(
      turn.call('query_database', {
        sql: "SELECT COUNT(record_id) AS batches FROM quality_data WHERE line_id = 'C' AND record_date = '2026-11-24' LIMIT 1",
        purpose: 'batches inspected on line C yesterday',
      }),
      turn.text('Line C inspected the batches shown yesterday.'),
    );
    const result = await runCli(['--config', configFile, '--now', NOW, 'ask', 'How many batches did we inspect on line C yesterday, roughly?']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Line C inspected the batches shown yesterday.\n');
    assert.match(result.stderr, /\[mode\] model/);
    assert.match(result.stderr, /→ query_database purpose: batches inspected on line C yesterday \| sql: SELECT COUNT\(record_id\)/);
    assert.match(result.stderr, /← query_database ok .*1 rows \[batches\]/);
    const second = llm.chatRequests().at(-1)!;
    assert.match(String(second.messages.find((message) => message.role === 'tool')?.content), /^batches\n\d+\n\(1 row\)/);
  });

  test('the process exits once answered, not when the model server\'s keep-alive connection times out', async () => {
    // the start-up probe leaves an idle keep-alive connection to the model server (Node closes it after 5 s)
    let doneAt = 0;
    const result = await runCli(['--config', configFile, '--now', NOW, 'ask', "What was line A's defect rate yesterday?"], {
      onStderr: (text) => {
        if (doneAt === 0 && /^\[done\]/m.test(text)) doneAt = performance.now();
      },
    });
    const lingered = performance.now() - doneAt;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /\[mode\] rules/);
    assert.ok(doneAt > 0 && lingered < 3500, `exited ${Math.round(lingered)} ms after [done]`);
  });

  test('SIGTERM during a model call cancels the question and exits promptly', async () => {
    llm.push(turn.text('too late', { delayMs: 15000 }));
    let sent = false;
    const started = performance.now();
    const result = await runCli(['--config', configFile, '--now', NOW, 'ask', 'Tell me something the rules do not know about'], {
      onStderr: (text, child) => {
        if (!sent && text.includes('[step 1]')) {
          sent = true;
          child.kill('SIGTERM');
        }
      },
    });
    assert.ok(sent, result.stderr);
    assert.equal(result.code, 130, result.stderr);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /\[SIGTERM\] cancelling and shutting down/);
    assert.ok(performance.now() - started < 14000, 'did not wait for the model');
  });
});
