/**
 * What an operator reads, in their language and in plain words (issue 30):
 * no model, a measure the data does not record, a missing plant.db and an
 * approved maintenance script that fails — asked in Chinese and in English
 * through the real agent (createAgent: a seeded plant, the shipped MCP
 * servers, no model). The operator's text (the answer and the notices) holds
 * no config key, endpoint, error code or file path; "not recorded" is an
 * answer, not a failure; the cause of each failure is in the answer's error
 * (the log's, the admin's) and, for plant.db, named as such.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFixedNow } from '../clock.js';
import { loadConfig } from '../config/load.js';
import { configSchema } from '../config/schema.js';
import { seedTestPlant } from '../seed/index.js';
import { createAgent, type AgentRuntime } from './create.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';
import type { AgentAnswer, AgentEvent } from './types.js';

/** Every config key, as an admin writes it (`llm.base_url`) and as its last part (`base_url`, `max_steps`). */
function configKeys(): string[] {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string): void => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      if (prefix) keys.add(dotted);
      // only the names an admin would recognise: snake_case or dotted, not everyday words ("name", "dir")
      if (key.includes('_')) keys.add(key);
      if (!(prefix === 'mcp' && key === 'servers')) walk(inner, dotted);
    }
  };
  walk(configSchema.parse({}), '');
  return [...keys];
}

const INTERNALS = [
  /https?:\/\//,
  /\/readyz|\bdoctor\b|journalctl/,
  /\b[A-Z]{3,}_[A-Z_]+\b/, // error codes: LLM_UNAVAILABLE, MCP_START_FAILED
  /\.db\b|\/tmp\/|\/var\//, // files
  /\bstderr\b|exit code|\bsqlite\b/i,
  /enabled: false/,
];

const FAILING_SCRIPT = `name: flush_printer_queue
version: 1.0.0
description: { en: Flush the label printer queue, zh: 清空标签打印队列 }
command: ['./run']
args: { type: object, properties: {}, additionalProperties: false }
timeout_s: 10
needs_approval: true
phrasings:
  - text: 清空标签打印队列
    args: {}
  - text: flush the label printer queue
    args: {}
`;

/** The agent's config for these tests: the seeded plant, the scripts folder, no docs server, the given model. */
function agentConfig(
  dir: string,
  plant: { db: string; docsDir?: string | undefined },
  llm: { base_url: string | null; model?: string },
): ReturnType<typeof loadConfig> {
  const scripts = path.join(dir, 'scripts');
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(
    file,
    JSON.stringify({
      plant: { db: plant.db, timezone: 'Asia/Shanghai' },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: plant.docsDir },
      llm,
      skills: { watch: false },
      scripts: { dir: scripts, sandbox: 'none', shipped: false },
      reports: { dir: path.join(dir, 'reports') },
      mcp: { servers: { docs: { enabled: false } } },
      log: { level: 'silent', dir: path.join(dir, 'log') },
      audit: { flush_ms: 20 },
    }),
  );
  return loadConfig({ config: file });
}

describe("the operator's words: plain, in their language, no internals", () => {
  let dir: string;
  let runtime: AgentRuntime;
  let plantDb: string;
  const keys = configKeys();

  async function ask(question: string): Promise<{ answer: AgentAnswer; operatorText: string }> {
    const events: AgentEvent[] = [];
    const answer = await runtime.agent.ask({
      question,
      approve: async () => true,
      onEvent: (event) => events.push(event),
    });
    const notices = events.flatMap((event) => (event.type === 'notice' ? [event.message] : []));
    return { answer, operatorText: [answer.answer, ...notices].join('\n') };
  }

  function assertPlain(text: string, language: 'zh' | 'en', question: string): void {
    for (const key of keys) assert.ok(!text.includes(key), `${question}: the config key "${key}" in:\n${text}`);
    for (const pattern of INTERNALS) assert.doesNotMatch(text, pattern, `${question}: internals in:\n${text}`);
    if (language === 'zh') assert.match(text, /[\u4e00-\u9fff]/, `${question}: answered in Chinese`);
    else assert.doesNotMatch(text, /[\u4e00-\u9fff]{2}/, `${question}: answered in English`);
  }

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'operator-words-'));
    setFixedNow('2026-11-29T10:00:00+08:00', 'Asia/Shanghai');
    const plant = seedTestPlant({ dir, rows: 2000 });
    plantDb = plant.db;
    const scripts = path.join(dir, 'scripts');
    mkdirSync(path.join(scripts, 'flush_printer_queue'), { recursive: true });
    writeFileSync(path.join(scripts, 'flush_printer_queue', 'manifest.yaml'), FAILING_SCRIPT);
    writeFileSync(
      path.join(scripts, 'flush_printer_queue', 'run'),
      '#!/bin/sh\necho "lpstat: cannot connect to cupsd at /run/cups/cups.sock" >&2\nexit 3\n',
    );
    chmodSync(path.join(scripts, 'flush_printer_queue', 'run'), 0o755);
    const loaded = agentConfig(dir, plant, { base_url: null });
    runtime = await createAgent({ config: loaded.config, configFile: loaded.file, llmBaseUrl: null });
  });
  after(async () => {
    await runtime?.close();
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  test('no model: a plain reply with questions the rules answer, the cause kept for the admin', async () => {
    for (const [question, language] of [
      ['讲个笑话吧', 'zh'],
      ['tell me a joke', 'en'],
    ] as const) {
      const { answer, operatorText } = await ask(question);
      assertPlain(operatorText, language, question);
      assert.equal(answer.error?.code, 'LLM_UNAVAILABLE');
      assert.match(answer.error?.message ?? '', /llm\.base_url is null/, 'the cause, for the log');
      assert.match(answer.answer, language === 'zh' ? /模型现在不可用/ : /not available right now/);
    }
  });

  test('a measure the data does not record is an answer: no error, no failure badge', async () => {
    for (const [question, language, said] of [
      ['C线本月的OEE', 'zh', /本厂数据没有记录OEE/],
      ['OEE of line C this month', 'en', /does not record OEE/],
    ] as const) {
      const { answer, operatorText } = await ask(question);
      assertPlain(operatorText, language, question);
      assert.match(answer.answer, said);
      assert.equal(answer.error, undefined, `${question}: not a failure`);
    }
  });

  test('an approved maintenance script that fails: says so, with its run, and nothing about models', async () => {
    for (const [question, language] of [
      ['清空标签打印队列', 'zh'],
      ['flush the label printer queue', 'en'],
    ] as const) {
      const { answer, operatorText } = await ask(question);
      assertPlain(operatorText, language, question);
      assert.match(
        answer.answer,
        language === 'zh'
          ? /维护脚本「flush_printer_queue」运行失败（运行记录 [0-9a-f]{8}）/
          : /"flush_printer_queue" failed \(run [0-9a-f]{8}\)/,
      );
      assert.doesNotMatch(answer.answer, /model|模型|例如|for example/i, 'no no-model preface, no example questions');
      assert.equal(answer.error?.code, 'SKILL_FAILED');
      assert.match(
        answer.error?.message ?? '',
        /exited with code 3: lpstat: cannot connect to cupsd/,
        'the cause, for the admin',
      );
    }
  });

  test('a missing plant.db: the operator hears the data cannot be read, not that no model is reachable', async () => {
    renameSync(plantDb, `${plantDb}.away`);
    try {
      for (const [question, language] of [
        ['A线上周三的次品率是多少？', 'zh'],
        ["What was line A's defect rate last Wednesday?", 'en'],
      ] as const) {
        const { answer, operatorText } = await ask(question);
        assertPlain(operatorText, language, question);
        assert.match(
          answer.answer,
          language === 'zh' ? /工厂数据目前无法读取/ : /The plant's data cannot be read right now/,
          `${answer.error?.code}: ${answer.error?.message}`,
        );
        assert.doesNotMatch(answer.answer, /model|模型/i);
        assert.notEqual(answer.error?.code, 'LLM_UNAVAILABLE');
        assert.match(
          answer.error?.message ?? '',
          /could not start|fails to start|(?:cannot|unable to) open database|did not answer/,
          'the cause, for the admin',
        );
      }
    } finally {
      renameSync(`${plantDb}.away`, plantDb);
    }
  });
});

describe('with a model reachable: an approved action that fails is the answer, the model is not asked', () => {
  let dir: string;
  let runtime: AgentRuntime;
  let llm: ScriptedLlmServer;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'operator-words-model-'));
    setFixedNow('2026-11-29T10:00:00+08:00', 'Asia/Shanghai');
    const plant = seedTestPlant({ dir, rows: 500 });
    const scripts = path.join(dir, 'scripts');
    mkdirSync(path.join(scripts, 'flush_printer_queue'), { recursive: true });
    writeFileSync(path.join(scripts, 'flush_printer_queue', 'manifest.yaml'), FAILING_SCRIPT);
    writeFileSync(path.join(scripts, 'flush_printer_queue', 'run'), '#!/bin/sh\necho "queue locked" >&2\nexit 1\n');
    chmodSync(path.join(scripts, 'flush_printer_queue', 'run'), 0o755);
    // any turn the model is asked for would ask to run the same script again
    llm = await startScriptedLlmServer({
      fallback: { ...turn.call('flush_printer_queue', {}), repeat: true },
    });
    const loaded = agentConfig(dir, plant, { base_url: llm.url, model: 'scripted' });
    runtime = await createAgent({ config: loaded.config, configFile: loaded.file });
  });
  after(async () => {
    await runtime?.close();
    await llm?.close();
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  test('the script ran once, its failure is the answer, no model turn, no second approval', async () => {
    let approvals = 0;
    const answer = await runtime.agent.ask({
      question: 'flush the label printer queue',
      approve: async () => (approvals++, true),
    });
    assert.equal(approvals, 1, 'one approval, one run');
    assert.equal(llm.chatRequests().length, 0, 'the model is not asked to try the action again');
    assert.equal(answer.error?.code, 'SKILL_FAILED');
    assert.match(answer.error?.message ?? '', /exited with code 1: queue locked/);
    assert.match(answer.answer, /"flush_printer_queue" failed \(run [0-9a-f]{8}\)/);
  });
});
