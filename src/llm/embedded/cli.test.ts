/**
 * `airgap-agent llm serve` as a process (selfCommand): it refuses a model
 * whose checksum does not match the manifest, and otherwise prints its URL
 * once ready (port 0 → a free port), answers the openai SDK, survives bad
 * requests, and stops cleanly on SIGTERM.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { selfCommand } from '../../runtime/self.js';
import { writeTinyModel } from './test-fixture.js';

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

function start(dir: string, args: string[]): Run {
  const config = path.join(dir, 'config.yaml');
  writeFileSync(
    config,
    JSON.stringify({ log: { dir: path.join(dir, 'log'), level: 'info' }, llm: { model: 'plant-model' } }),
  );
  const command = selfCommand(['--config', config, 'llm', 'serve', ...args]);
  const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stdout!.on('data', (data: Buffer) => (run.stdout += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (run.stderr += data.toString()));
  return run;
}

async function readyUrl(run: Run): Promise<string> {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    const match = /listening on (http:\/\/\S+\/v1)/.exec(run.stdout);
    if (match) return match[1]!;
    if (run.child.exitCode !== null) assert.fail(`llm serve exited ${run.child.exitCode}: ${run.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return assert.fail(`llm serve printed no URL: ${run.stdout} ${run.stderr}`);
}

describe('airgap-agent llm serve (process)', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  after(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a checksum mismatch refuses to start, naming the file and both hashes', async () => {
    const { dir, file, entry } = writeTinyModel();
    dirs.push(dir);
    const wrong = '0'.repeat(64);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ models: [{ ...entry, sha256: wrong }] }));
    const run = start(dir, ['--model', file, '--port', '0', '--threads', '1']);
    children.push(run.child);
    assert.equal(await run.exited, 1);
    assert.match(
      run.stderr,
      new RegExp(
        `error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: sha256 ${entry.sha256} does not match the manifest's ${wrong}`,
      ),
    );
    assert.match(run.stderr, /fix: .*copy the model again/);
    assert.equal(run.stdout, '');
  });

  test('serves on a free port, answers the SDK and bad requests, stops cleanly on SIGTERM', async () => {
    const { dir, file } = writeTinyModel();
    dirs.push(dir);
    const run = start(dir, [
      '--model',
      file,
      '--port',
      '0',
      '--threads',
      '1',
      '--context-size',
      '2048',
      '--parallel',
      '1',
    ]);
    children.push(run.child);
    const url = await readyUrl(run);
    assert.match(run.stdout, /model tiny-test, 1 thread\(s\), context 2048 × 1, chat template ChatML/);
    const client = new OpenAI({ baseURL: url, apiKey: 'unused', maxRetries: 0 });
    // the configured llm.model is accepted as an alias of the served model
    const models = await client.models.list();
    assert.deepEqual(
      models.data.map((model) => model.id),
      ['tiny-test'],
    );
    const bad = await fetch(`${url}/chat/completions`, { method: 'POST', body: 'not json' });
    assert.equal(bad.status, 400);
    const answer = await client.chat.completions.create({
      model: 'plant-model',
      messages: [{ role: 'user', content: 'Which line?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'pick_line',
            parameters: {
              type: 'object',
              properties: { line: { type: 'string', enum: ['A', 'B'] } },
              required: ['line'],
            },
          },
        },
      ],
      tool_choice: 'required',
      parallel_tool_calls: false,
      max_tokens: 400,
    });
    assert.equal(answer.choices[0]!.finish_reason, 'tool_calls', JSON.stringify(answer));
    assert.equal(answer.choices[0]!.message.tool_calls!.length, 1);
    const call = answer.choices[0]!.message.tool_calls![0]!;
    assert.ok(call.type === 'function' && ['{"line":"A"}', '{"line":"B"}'].includes(call.function.arguments));
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0);
    assert.match(run.stderr, /"msg":"llm-serve-stopped"/);
    // the rotating log file got the same lines
    const logText = readFileSync(path.join(dir, 'log', 'llm.current.log'), 'utf8');
    assert.match(logText, /chat-completion-end/);
  });
});
