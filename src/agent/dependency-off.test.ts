/**
 * A skill whose server is switched off, or whose tool the config denies
 * (issue 30: "a skill whose server is off is still listed as enabled, and
 * fails with 'There is no tool named …'"; issue 32: dependency health before
 * dispatch). The real agent, engine and skills, the shipped documents server
 * over stdio where it runs, the scripted model through the real `openai` SDK:
 * the skill is listed unavailable with the reason, the question is not routed
 * to it (no tool call, the model not asked) and the operator reads plain words
 * naming the service, in English and Chinese; the config key is for the admin.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { seedTestPlant } from '../seed/index.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';
import { createAgent, type AgentRuntime } from './create.js';

const DOC_QUESTION = 'find the SOP for press maintenance';
const DOC_QUESTION_ZH = '查找冲压机保养的作业指导书';

async function start(
  docs: Record<string, unknown>,
  llm: ScriptedLlmServer,
): Promise<{ dir: string; runtime: AgentRuntime }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dependency-off-'));
  const plant = seedTestPlant({ dir, rows: 500 });
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(
    file,
    JSON.stringify({
      plant: { name: 'Off plant', db: plant.db, timezone: 'Asia/Shanghai' },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: plant.docsDir },
      llm: { base_url: llm.url, model: 'scripted', timeout_ms: 30_000 },
      mcp: { shipped_servers: false, lazy_start: false, servers: { docs: { builtin: 'docs', ...docs } } },
      skills: { watch: false },
      scripts: { shipped: false },
      import: { watch: 'off' },
      log: { level: 'silent', dir: path.join(dir, 'log') },
      audit: { flush_ms: 20 },
    }),
  );
  const loaded = loadConfig({ config: file });
  const runtime = await createAgent({ config: loaded.config, configFile: loaded.file, stream: false });
  return { dir, runtime };
}

function toolRows(runtime: AgentRuntime): Array<[string, string | null]> {
  runtime.audit.flush();
  return (
    runtime.db
      .prepare('SELECT tool_name, error_code FROM tool_call_log WHERE server IS NOT NULL ORDER BY id')
      .all() as Array<{ tool_name: string; error_code: string | null }>
  ).map((row) => [row.tool_name, row.error_code]);
}

describe('a skill whose server is off or whose tool is denied: unavailable, not routed, an honest reply', () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  for (const [label, docs, state, adminWords] of [
    ['the docs server switched off', { enabled: false }, 'disabled', /mcp\.servers\.docs\.enabled: false/],
    ['search_documents denied', { deny: ['search_documents'] }, 'filtered', /search_documents/],
  ] as const) {
    test(label, async () => {
      const llm = await startScriptedLlmServer();
      const { dir, runtime } = await start(docs, llm);
      cleanups.push(async () => {
        await runtime.close();
        await llm.close();
        rmSync(dir, { recursive: true, force: true });
      });

      // listed: unavailable, with the state, the server and a reason naming the cause for the admin
      const info = runtime.skills.list().find((skill) => skill.name === 'document_search')!;
      assert.equal(info.available, false, JSON.stringify(info));
      assert.equal(info.unavailable?.state, state);
      assert.equal(info.unavailable?.server, 'docs');
      assert.match(info.unavailable?.reason ?? '', adminWords);

      // asked: not routed to the skill, no tool called, the model not asked; plain words naming the service
      const en = await runtime.agent.ask({ question: DOC_QUESTION });
      assert.equal(en.error?.code, 'SKILL_UNAVAILABLE', en.answer);
      assert.equal(
        en.answer,
        "I can't answer this right now: the documents service is switched off on this appliance. Ask an administrator.",
      );
      assert.doesNotMatch(en.answer, /There is no tool named|mcp\.|search_documents/);
      assert.match(en.error?.message ?? '', adminWords, 'the cause, for the admin');
      const zh = await runtime.agent.ask({ question: DOC_QUESTION_ZH });
      assert.equal(zh.answer, '现在无法回答这个问题：文档服务在本设备上没有启用。请联系管理员。');
      assert.deepEqual(toolRows(runtime), [
        ['document_search', 'SKILL_UNAVAILABLE'],
        ['document_search', 'SKILL_UNAVAILABLE'],
      ]);
      assert.equal(llm.chatRequests().length, 0, 'the model was not asked');
    });
  }
});
