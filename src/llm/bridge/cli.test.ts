/**
 * `airgap-agent llm bridge` as a process, answered by the scripted responder
 * (scripts/bridge-responder.mjs, another process watching the dir): the
 * agent's LlmClient gets a tool call, then the final text; bad options and a
 * missing dir exit with an error naming the fix.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LlmClient } from '../client.js';
import { selfCommand } from '../../runtime/self.js';

function config(dir: string): string {
  const file = path.join(dir, 'config.yaml');
  writeFileSync(
    file,
    JSON.stringify({ log: { dir: path.join(dir, 'log'), level: 'info' }, llm: { model: 'plant-model' } }),
  );
  return file;
}

describe('airgap-agent llm bridge (process) with a responder script', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  after(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('prints its URL, and a responder process answers the agent client', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bridge-cli-'));
    dirs.push(dir);
    const exchange = path.join(dir, 'exchange');
    spawnSync('mkdir', [exchange]);
    const command = selfCommand(['--config', config(dir), 'llm', 'bridge', '--dir', exchange, '--timeout', '120']);
    const bridge = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(bridge);
    const bridgeExit = new Promise((resolve) => bridge.on('exit', resolve));
    let stdout = '';
    let stderr = '';
    bridge.stdout!.on('data', (data: Buffer) => (stdout += data.toString()));
    bridge.stderr!.on('data', (data: Buffer) => (stderr += data.toString()));
    let url: string | undefined;
    for (let tries = 0; url === undefined; tries++) {
      if (bridge.exitCode !== null || tries > 1200) assert.fail(`llm bridge did not start: ${stdout} ${stderr}`);
      url = /listening on (http:\/\/\S+\/v1)/.exec(stdout)?.[1];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const replies = path.join(dir, 'replies.json');
    writeFileSync(
      replies,
      JSON.stringify([
        { match: '"role":"tool"', content: 'Line B: 1.8 % defective.' },
        { tool_calls: [{ function: { name: 'query', arguments: '{"sql": "SELECT 1"}' } }] },
      ]),
    );
    const responder = spawn(
      process.execPath,
      [path.resolve('scripts/bridge-responder.mjs'), '--dir', exchange, '--replies', replies, '--exit-when-done'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(responder);
    const responderExit = new Promise((resolve) => responder.on('exit', resolve));
    const client = new LlmClient({
      baseUrl: url,
      model: 'plant-model',
      timeoutMs: 120000,
      temperature: 0,
      maxTokens: 200,
    });
    const tools = [{ name: 'query', description: 'SQL', parameters: { type: 'object' } }];
    const first = await client.chat({ messages: [{ role: 'user', content: 'line B?' }], tools, stream: true });
    assert.deepEqual(
      first.toolCalls.map((call) => [call.name, call.arguments]),
      [['query', '{"sql": "SELECT 1"}']],
    );
    const second = await client.chat({
      messages: [
        { role: 'user', content: 'line B?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: first.toolCalls[0]!.id, type: 'function', function: { name: 'query', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: first.toolCalls[0]!.id, content: '1.8' },
      ],
      tools,
    });
    assert.equal(second.content, 'Line B: 1.8 % defective.');
    assert.equal(await responderExit, 0, 'the responder played every reply');
    bridge.kill('SIGTERM');
    assert.equal(await bridgeExit, 0, 'SIGTERM stops the bridge cleanly');
  });

  test('a missing --dir or a dir that does not exist exits non-zero with the fix', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bridge-cli-'));
    dirs.push(dir);
    const none = selfCommand(['--config', config(dir), 'llm', 'bridge']);
    const noDir = spawnSync(none.command, none.args, { encoding: 'utf8' });
    assert.notEqual(noDir.status, 0);
    assert.match(noDir.stderr, /--dir is required/);
    const gone = selfCommand(['--config', config(dir), 'llm', 'bridge', '--dir', path.join(dir, 'nope')]);
    const missing = spawnSync(gone.command, gone.args, { encoding: 'utf8' });
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /does not exist[\s\S]*mkdir -p/);
  });
});
