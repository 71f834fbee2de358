/**
 * `ask` and `chat` end to end in-process: a real config file, the real
 * createAgent (McpManager over stdio with the agent's fixture server, the
 * openai SDK against the scripted server); only the skills engine is the
 * agent's fake one (src/agent/fixtures).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setFixedNow } from '../../clock.js';
import { openAgentDb } from '../../store/agent-db.js';
import { createAgent } from '../../agent/create.js';
import { FakeSkillEngine } from '../../agent/fixtures/fake-skill-engine.js';
import { Collector, writeConfigFile } from '../../agent/fixtures/harness.js';
import {
  lastUserText,
  startScriptedLlmServer,
  turn,
  type ScriptedLlmServer,
} from '../../agent-test/scripted-llm-server.js';
import type { LoadedConfig } from '../../config/load.js';
import { askCommand } from './ask.js';
import { chatCommand } from './chat.js';

const create = (loaded: LoadedConfig) =>
  createAgent({ config: loaded.config, configFile: loaded.file, createSkills: async () => new FakeSkillEngine() });

describe('ask and chat', () => {
  let dir: string;
  let llm: ScriptedLlmServer;
  let configFile: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ask-test-'));
    llm = await startScriptedLlmServer();
    configFile = writeConfigFile({ dir, baseUrl: llm.url });
  });
  after(async () => {
    await llm?.close();
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  async function ask(args: string[]) {
    const stdout = new Collector();
    const stderr = new Collector();
    const code = await askCommand({
      context: { globals: { config: configFile, now: '2026-11-25T10:00:00+08:00' }, args, command: 'ask' },
      create,
      io: { stdout, stderr },
    });
    return { code, stdout: stdout.text, stderr: stderr.text };
  }

  test('stdout holds only the answer; stderr traces the mode, each tool with its arguments, a result preview and the time', async () => {
    llm.push(turn.call('count_records', { line: 'C', days: 7 }), turn.text('Line C has 7 records in the last 7 days.'));
    const result = await ask(['How many records does line C have over 7 days?']);
    assert.equal(result.code, 0);
    assert.equal(result.stdout, 'Line C has 7 records in the last 7 days.\n');
    assert.match(result.stderr, /^\[mode\] model — no rule matches$/m);
    assert.match(result.stderr, /^\[step 1\]$/m);
    assert.match(result.stderr, /^ {2}→ count_records \{"line":"C","days":7\}$/m);
    assert.match(
      result.stderr,
      /^ {2}← count_records ok (?:\d+ ms|\d+(?:\.\d)? s): line C: 7 records in the last 7 days$/m,
    );
    assert.match(result.stderr, /^\[done\] model, 1 tool call\(s\), session [0-9a-f-]{36}$/m);
  });

  test('--json prints {answer, mode, skill, tool_calls: [{name, arguments, ok, ms}], data, session, trace_id}', async () => {
    const result = await ask(["What is line A's output this week?", '--json', '--session', 'cli-json-1']);
    assert.equal(result.code, 0);
    assert.equal(result.stdout.trim().split('\n').length, 1, 'one line of JSON');
    const parsed = JSON.parse(result.stdout) as Record<string, any>;
    assert.deepEqual(Object.keys(parsed), ['answer', 'mode', 'skill', 'tool_calls', 'data', 'session', 'trace_id']);
    assert.match(parsed.trace_id, /^[0-9a-f-]{36}$/);
    assert.equal(parsed.mode, 'rules');
    assert.equal(parsed.skill, 'quality_metrics');
    assert.equal(parsed.session, 'cli-json-1');
    assert.match(parsed.answer, /Output 2026-11-23 to 2026-11-25: line A: \d+ pcs/);
    assert.deepEqual(Object.keys(parsed.tool_calls[0]), ['name', 'arguments', 'ok', 'ms']);
    assert.equal(parsed.tool_calls[0].name, 'query_database');
    assert.match(parsed.tool_calls[0].arguments.sql, /SELECT line_id, SUM\(inspected_qty\)/);
    assert.equal(parsed.tool_calls[0].ok, true);
    assert.deepEqual(parsed.data.period, { from: '2026-11-23', to: '2026-11-25', label: 'this week' });
    // the audit log holds the tool call; agent.db was closed and flushed on exit
    const db = openAgentDb(path.join(dir, 'agent.db'));
    try {
      const rows = db
        .prepare("SELECT tool_name, success FROM tool_call_log WHERE session_id = 'cli-json-1' ORDER BY id")
        .all();
      // the trace id printed is the one the audit rows carry (the admin guide follows it)
      const traces = db
        .prepare("SELECT DISTINCT trace_id FROM tool_call_log WHERE session_id = 'cli-json-1'")
        .all() as Array<{ trace_id: string }>;
      assert.deepEqual(
        traces.map((row) => row.trace_id),
        [parsed.trace_id],
      );
      assert.deepEqual(rows, [
        { tool_name: 'query_database', success: 1 },
        { tool_name: 'quality_metrics', success: 1 },
      ]);
    } finally {
      db.close();
    }
  });

  test('an honest failure exits 1 and still prints the answer; --quiet silences the trace', async () => {
    llm.push(...Array.from({ length: 4 }, () => turn.call('count_records', { line: 'Z', days: 7 })));
    const result = await ask(['records of line Z?', '--quiet', '--json']);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, '');
    const parsed = JSON.parse(result.stdout) as Record<string, any>;
    assert.equal(parsed.error.code, 'TOOL_ARGUMENTS_INVALID');
    assert.match(parsed.answer, /could not complete/);
  });

  test('no question is a usage error that names agent.default_question', async () => {
    await assert.rejects(ask(['--json']), /no question given, and the config sets no default question/);
  });

  test("no question with agent.default_question: the plant's usual first question is asked", async () => {
    const other = mkdtempSync(path.join(dir, 'default-'));
    const file = writeConfigFile({
      dir: other,
      baseUrl: llm.url,
      agent: { default_question: 'How many records does line C have over 7 days?' },
    });
    llm.push(turn.text('Line C has 7 records.'));
    const stdout = new Collector();
    const stderr = new Collector();
    const code = await askCommand({
      context: { globals: { config: file, now: '2026-11-25T10:00:00+08:00' }, args: [], command: 'ask' },
      create,
      io: { stdout, stderr },
    });
    assert.equal(code, 0, stderr.text);
    assert.equal(stdout.text, 'Line C has 7 records.\n');
    assert.match(
      stderr.text,
      /^\[question\] How many records does line C have over 7 days\? {3}\(agent\.default_question\)$/m,
    );
    assert.equal(lastUserText(llm.chatRequests().at(-1)!), 'How many records does line C have over 7 days?');
  });

  test('chat: one session across questions, streamed answers, /reset starts a new session, /exit leaves', async () => {
    llm.push(turn.text('Hello, operator.'), turn.text('Still here.'), turn.text('A new start.'));
    const stdin = new PassThrough();
    const stdout = new Collector();
    const stderr = new Collector();
    const done = chatCommand({
      context: { globals: { config: configFile }, args: [], command: 'chat' },
      create,
      io: { stdin, stdout, stderr },
    });
    stdin.end('hello there\nare you there?\n/reset\nagain\n/exit\nnever asked\n');
    assert.equal(await done, 0);
    assert.equal(stdout.text, 'Hello, operator.\nStill here.\nA new start.\n');
    assert.match(stderr.text, /\(new session\)/);
    const requests = llm.chatRequests().slice(-3);
    assert.deepEqual(
      requests.map((request) => request.messages.length),
      [2, 4, 2],
      'the second question carries the first exchange; after /reset the history is empty',
    );
    assert.ok(requests.every((request) => request.stream));
  });

  test('chat: "exit" and "quit" leave (they are commands, never questions)', async () => {
    for (const word of ['exit', 'quit', 'QUIT', '退出']) {
      const before = llm.chatRequests().length;
      const stdin = new PassThrough();
      const stdout = new Collector();
      const done = chatCommand({
        context: { globals: { config: configFile }, args: [], command: 'chat' },
        create,
        io: { stdin, stdout, stderr: new Collector() },
      });
      stdin.end(`${word}\nnever asked\n`);
      assert.equal(await done, 0);
      assert.equal(stdout.text, '', word);
      assert.equal(llm.chatRequests().length, before, `${word} reached no model`);
    }
  });
});
