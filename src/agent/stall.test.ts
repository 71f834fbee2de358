/**
 * A stalled dependency, end to end: the shipped documents server (this
 * program re-invoked over stdio) stopped with SIGSTOP, the real engine and
 * skills, the real agent, the scripted model through the real `openai` SDK,
 * and — for the breaker — the real HTTP service.
 *
 * - The budget (agent.question_budget_s): the server's per-call timeout is a
 *   minute, the question's budget a few seconds; the question ends inside its
 *   budget with an honest reply naming the service, in the rules' path and in
 *   the model's. No wall-clock assertion beyond "well before the tool's own
 *   timeout" (a minute): the margins hold on a loaded machine.
 * - The breaker: calls that time out open it; the skill's next attempt is
 *   refused at once and the reply names the service; the next question is
 *   answered without a call; /readyz, /api/skills and the engine's list say why.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { seedTestPlant } from '../seed/index.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';
import { createSkillEngine } from '../skills/engine.js';
import { SKILLS } from '../skills/code/index.js';
import { serviceFromRuntime } from '../http/service.js';
import { startHttpServer, type RunningServer } from '../http/server.js';
import { ADMIN } from '../http/testing/helpers.js';
import type { SkillInfo } from '../skills/engine-types.js';
import { createAgent, type AgentRuntime } from './create.js';

const DOC_QUESTION = 'find the SOP for press maintenance';

function setUp(options: { budgetS: number; docsTimeoutMs: number; llm: ScriptedLlmServer }): {
  dir: string;
  file: string;
} {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stall-'));
  const plant = seedTestPlant({ dir, rows: 2000 });
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(
    file,
    JSON.stringify({
      plant: { name: 'Stall plant', db: plant.db, timezone: 'Asia/Shanghai' },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: plant.docsDir },
      llm: { base_url: options.llm.url, model: 'scripted', timeout_ms: 30_000 },
      agent: { question_budget_s: options.budgetS },
      mcp: {
        shipped_servers: false,
        // running from the start and kept running: the process to stop is there
        lazy_start: false,
        idle_stop_s: 0,
        breaker: { failures: 2, window_s: 600, cooldown_s: 600 },
        servers: { docs: { builtin: 'docs', timeout_ms: options.docsTimeoutMs } },
      },
      skills: { watch: false },
      scripts: { shipped: false },
      import: { watch: 'off' },
      server: { host: '127.0.0.1', port: 0 },
      log: { level: 'silent', dir: path.join(dir, 'log') },
      audit: { flush_ms: 20 },
    }),
  );
  return { dir, file };
}

/** the documents server's first search builds its index: done with a minute to answer, before anything is timed */
async function warmUp(runtime: AgentRuntime): Promise<void> {
  const warm = await runtime.tools.callTool({
    name: 'search_documents',
    arguments: { keyword: 'press' },
    traceId: 'warm-up',
    sessionId: 'warm-up',
    timeoutMs: 60_000,
  });
  assert.equal(warm.ok, true, warm.text);
}

function docsPid(runtime: AgentRuntime): number {
  const pid = runtime.tools.status().find((server) => server.name === 'docs')?.pid;
  assert.ok(pid, 'the docs server runs');
  return pid;
}

describe('a stalled server: the question ends inside its budget, honestly', () => {
  let runtime: AgentRuntime | undefined;
  let llm: ScriptedLlmServer | undefined;
  let dir: string | undefined;
  let stopped: number | undefined;
  after(async () => {
    if (stopped) process.kill(stopped, 'SIGCONT');
    await runtime?.close();
    await llm?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('rules and model alike: the budget, not the minute-long tool timeout, ends the question', async () => {
    llm = await startScriptedLlmServer();
    const setup = setUp({ budgetS: 4, docsTimeoutMs: 60_000, llm });
    dir = setup.dir;
    const loaded = loadConfig({ config: setup.file });
    runtime = await createAgent({ config: loaded.config, configFile: loaded.file, stream: false });

    // healthy: the rules answer a document question through the documents server
    await warmUp(runtime);
    const healthy = await runtime.agent.ask({ question: DOC_QUESTION });
    assert.equal(healthy.skill, 'document_search');
    assert.equal(healthy.error, undefined, healthy.answer);

    stopped = docsPid(runtime);
    process.kill(stopped, 'SIGSTOP');

    // the model's path: a question no rule answers; the model calls the stalled tool
    llm.push(turn.call('search_documents', { keyword: 'night shift' }), turn.text('never reached'));
    let started = Date.now();
    const model = await runtime.agent.ask({ question: 'write a haiku about teamwork on the night shift' });
    let elapsed = Date.now() - started;
    assert.equal(model.error?.code, 'QUESTION_BUDGET', `${model.answer} ${JSON.stringify(model.tool_calls)}`);
    assert.equal(model.mode, 'rules');
    assert.match(model.answer, /the documents service did not respond/);
    assert.ok(elapsed < 60_000, `${elapsed} ms`);
    assert.equal(llm.chatRequests().length, 1, 'the model was asked once; its tool call never came back');

    // the rules' path: document_search waits on search_documents until the budget ends it
    started = Date.now();
    const rules = await runtime.agent.ask({ question: DOC_QUESTION });
    elapsed = Date.now() - started;
    assert.equal(rules.error?.code, 'QUESTION_BUDGET', rules.answer);
    assert.match(rules.answer, /within the 4-second limit for one question: the documents service did not respond/);
    assert.doesNotMatch(rules.answer, /mcp\.|question_budget_s|timeout_ms/, 'no config keys for the operator');
    assert.ok(elapsed < 60_000, `ended by the budget, not by the tool's 60 s timeout (${elapsed} ms)`);

    // in Chinese too
    const zh = await runtime.agent.ask({ question: '查找冲压机保养的作业指导书' });
    assert.equal(zh.error?.code, 'QUESTION_BUDGET');
    assert.match(zh.answer, /这个问题没能在 4 秒内答完：文档服务没有响应/);
  });
});

describe('a stalled server opens its breaker: refused at once, reported, the next question answered honestly', () => {
  let runtime: AgentRuntime | undefined;
  let server: RunningServer | undefined;
  let llm: ScriptedLlmServer | undefined;
  let dir: string | undefined;
  let stopped: number | undefined;
  const waits: number[] = [];
  after(async () => {
    if (stopped) process.kill(stopped, 'SIGCONT');
    await server?.close({ graceMs: 500 });
    await llm?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('two timeouts open it; the third attempt is refused, then the skill is unavailable until the cool-down', async () => {
    llm = await startScriptedLlmServer();
    const setup = setUp({ budgetS: 120, docsTimeoutMs: 3000, llm });
    dir = setup.dir;
    const loaded = loadConfig({ config: setup.file });
    runtime = await createAgent({
      config: loaded.config,
      configFile: loaded.file,
      stream: false,
      // the engine as shipped, its waits between attempts recorded rather than waited
      createSkills: (deps) =>
        createSkillEngine({
          ...deps,
          skills: SKILLS,
          configFile: loaded.file,
          sleep: async (ms) => {
            waits.push(ms);
          },
        }),
    });
    server = await startHttpServer({
      deps: serviceFromRuntime(runtime, loaded.config),
      closeRuntime: () => runtime!.close(),
    });
    await server.http.service.accounts.add({ ...ADMIN, role: 'admin' });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const ask = async (question: string): Promise<{ state: string; answer: string | null; error: string | null }> => {
      const response = await fetch(`${server!.url}/api/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ question }),
      });
      assert.equal(response.status, 202, await response.clone().text());
      const { task_id: taskId } = (await response.json()) as { task_id: string };
      for (;;) {
        const task = (await (
          await fetch(`${server!.url}/api/tasks/${taskId}`, { headers: { Cookie: cookie } })
        ).json()) as {
          state: string;
          answer: string | null;
          error: string | null;
        };
        if (['success', 'failed', 'cancelled'].includes(task.state)) return task;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const readyz = async () =>
      (await (await fetch(`${server!.url}/readyz`)).json()) as {
        status: string;
        checks: Record<string, { ok: boolean; detail: string }>;
      };

    // warmed first: on a loaded machine the first search may take longer than the per-call timeout under test
    // (two slow calls would open the breaker before the stall)
    await warmUp(runtime);
    const healthy = await ask(DOC_QUESTION);
    assert.equal(healthy.error, null, healthy.answer ?? '');
    assert.equal((await readyz()).checks.breakers?.ok, true);

    stopped = docsPid(runtime);
    process.kill(stopped, 'SIGSTOP');
    runtime.audit.flush();
    const healthyRows = (runtime.db.prepare('SELECT MAX(id) AS id FROM tool_call_log').get() as { id: number }).id;
    const refused = await ask(DOC_QUESTION);
    assert.match(
      refused.answer ?? '',
      /the documents service is not responding\. Try again later, or ask an administrator/,
    );
    assert.match(
      refused.error ?? '',
      /^SKILL_UNAVAILABLE: DEPENDENCY_UNAVAILABLE: .*"docs" tool server is not answering/,
    );
    // two attempts timed out (the waits before retries 1 and 2 were taken), the third was refused by the breaker
    assert.deepEqual(waits, [1000, 3000]);
    runtime.audit.flush();
    const audit = runtime.db
      .prepare(
        'SELECT tool_name, error_code, attempt FROM tool_call_log WHERE id > ? AND server IS NOT NULL ORDER BY id',
      )
      .all(healthyRows) as Array<{ tool_name: string; error_code: string | null; attempt: number }>;
    assert.deepEqual(
      audit.map((row) => [row.tool_name, row.error_code, row.attempt]),
      [
        ['search_documents', 'TOOL_TIMEOUT', 1],
        ['document_search', 'TOOL_TIMEOUT', 1],
        ['search_documents', 'TOOL_TIMEOUT', 1],
        ['document_search', 'TOOL_TIMEOUT', 2],
        ['search_documents', 'DEPENDENCY_UNAVAILABLE', 1],
        ['document_search', 'DEPENDENCY_UNAVAILABLE', 3],
      ],
    );

    // reported: /readyz (not ready: the breaker), the engine's list and /api/skills say why
    const ready = await readyz();
    assert.equal(ready.status, 'not ready');
    assert.equal(ready.checks.breakers?.ok, false);
    assert.match(
      ready.checks.breakers?.detail ?? '',
      /^docs: open until \d{4}-.*\(TOOL_TIMEOUT: Tool search_documents did not answer within 3000 ms/,
    );
    assert.match(
      ready.checks.skills?.detail ?? '',
      /unavailable now: .*; document_search \(document_search needs search_documents: the "docs" server stopped answering/,
    );
    const skills = (await (await fetch(`${server.url}/api/skills`, { headers: { Cookie: cookie } })).json()) as {
      skills: SkillInfo[];
    };
    const documentSearch = skills.skills.find((skill) => skill.name === 'document_search')!;
    assert.equal(documentSearch.available, false);
    assert.deepEqual([documentSearch.unavailable?.state, documentSearch.unavailable?.server], ['breaker-open', 'docs']);
    assert.deepEqual(documentSearch.dependencies?.servers, ['docs']);
    assert.equal(
      skills.skills.find((skill) => skill.name === 'calculator')?.available,
      false,
      'utils is not configured',
    );

    // the next question: not routed to the skill, no call made, the same plain words (in Chinese too)
    runtime.audit.flush();
    const before = (runtime.db.prepare('SELECT MAX(id) AS id FROM tool_call_log').get() as { id: number }).id;
    const next = await ask(DOC_QUESTION);
    assert.match(next.answer ?? '', /the documents service is not responding/);
    assert.match(
      next.error ?? '',
      /^SKILL_UNAVAILABLE: document_search needs search_documents: the "docs" server stopped answering/,
    );
    const zh = await ask('查找冲压机保养的作业指导书');
    assert.match(zh.answer ?? '', /现在无法回答这个问题：文档服务没有响应。请稍后再试，或联系管理员/);
    runtime.audit.flush();
    const rows = runtime.db
      .prepare('SELECT tool_name, error_code FROM tool_call_log WHERE id > ? AND server IS NOT NULL ORDER BY id')
      .all(before) as Array<{ tool_name: string; error_code: string }>;
    assert.deepEqual(
      rows.map((row) => [row.tool_name, row.error_code]),
      [
        ['document_search', 'SKILL_UNAVAILABLE'],
        ['document_search', 'SKILL_UNAVAILABLE'],
      ],
      'one audit row per question (the skill, not run), no tool call',
    );
    assert.equal(llm.chatRequests().length, 0, 'the model was not asked either');
  });
});
