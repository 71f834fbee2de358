/**
 * Hand-over by itself, through the real service (seeded plant, the shipped MCP
 * servers, createAgent, real HTTP): a maintenance script whose manifest says
 * `critical: true` is never run when the rules reach it — the task answers
 * with a hand-over record (question, what was tried, trace id, data seen) in
 * the engineers' queue; a question the agent cannot finish (no rule, no model)
 * answers with the hand-over offered, pre-filled, and opens nothing by itself.
 * A Markdown skill's front matter may say `critical: true` too.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFixedNow } from '../clock.js';
import { loadConfig } from '../config/load.js';
import { createAgent, type AgentRuntime } from '../agent/create.js';
import { seedTestPlant } from '../seed/index.js';
import { serviceFromRuntime } from './service.js';
import { startHttpServer, type RunningServer } from './server.js';
import { synthesized } from './event-log.js';
import { TaskStore } from './task-store.js';
import { ADMIN, OPERATOR, events, writeCriticalStopScript } from './testing/helpers.js';
import { dataNamed } from './testing/sse-client.js';
import { LIVE_NOW, liveCookie } from './testing/live.js';

const CRITICAL_SKILL = `---
name: purge_line
description: Purge the paint line (critical step). 清洗喷涂线（关键步骤）。
version: 1.0.0
parameters: { type: object, properties: {} }
critical: true
---
## Purpose
Purge the paint line.

## Steps
1. Purge the paint line with solvent.
`;

interface TaskView {
  state: string;
  answer: string | null;
  skill: string | null;
  trace_id: string | null;
  result: Record<string, any> | null;
}

describe('critical steps and unfinished questions hand over to a person', () => {
  let dir: string;
  let server: RunningServer;
  let runtime: AgentRuntime;
  let url: string;
  let operator: string;
  let admin: string;

  async function ask(question: string): Promise<{ taskId: string; task: TaskView }> {
    const response = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: operator },
      body: JSON.stringify({ question }),
    });
    assert.equal(response.status, 202, await response.clone().text());
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    const deadline = Date.now() + 20_000;
    for (;;) {
      const task = (await (
        await fetch(`${url}/api/tasks/${taskId}`, { headers: { Cookie: operator } })
      ).json()) as TaskView;
      if (['success', 'failed', 'cancelled'].includes(task.state)) return { taskId, task };
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'handover-critical-'));
    setFixedNow(LIVE_NOW, 'Asia/Shanghai');
    const plant = seedTestPlant({ dir });
    const scripts = path.join(dir, 'scripts');
    writeCriticalStopScript(scripts);
    mkdirSync(path.join(dir, 'custom-skills', 'purge_line'), { recursive: true });
    writeFileSync(path.join(dir, 'custom-skills', 'purge_line', 'SKILL.md'), CRITICAL_SKILL);
    mkdirSync(path.join(dir, 'reports'));
    const file = path.join(dir, 'agent.yaml');
    writeFileSync(
      file,
      JSON.stringify({
        plant: { name: 'Demo plant', db: plant.db, timezone: 'Asia/Shanghai' },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        docs: { root: plant.docsDir },
        llm: { base_url: null },
        skills: { watch: false, custom_dir: path.join(dir, 'custom-skills') },
        scripts: { dir: scripts, sandbox: 'none' },
        reports: { dir: path.join(dir, 'reports') },
        server: { host: '127.0.0.1', port: 0 },
        log: { level: 'silent', dir: path.join(dir, 'log') },
        audit: { flush_ms: 20 },
      }),
    );
    const loaded = loadConfig({ config: file });
    runtime = await createAgent({ config: loaded.config, configFile: loaded.file, llmBaseUrl: null });
    server = await startHttpServer({
      deps: serviceFromRuntime(runtime, loaded.config),
      closeRuntime: () => runtime.close(),
    });
    await server.http.service.accounts.add({ ...ADMIN, role: 'admin' });
    await server.http.service.accounts.add({ ...OPERATOR, role: 'operator' });
    url = server.url;
    operator = await liveCookie(url, OPERATOR);
    admin = await liveCookie(url, ADMIN);
  });
  after(async () => {
    await server?.close({ graceMs: 500 });
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  test('a critical script is not run: the answer is a hand-over record, pre-filled, in the engineer queue', async () => {
    const { taskId, task } = await ask('stop line B now');
    assert.equal(task.state, 'success', JSON.stringify(task));
    assert.equal(task.skill, 'stop_line');
    assert.match(
      task.answer ?? '',
      /"stop_line" is a critical step, so it was not run unattended\. It has been handed over to an engineer \(hand-over #\d+/,
    );
    assert.equal(existsSync(path.join(dir, 'stopped')), false, 'the critical script never ran');
    assert.equal(
      (runtime.db.prepare("SELECT COUNT(*) AS n FROM script_runs WHERE script = 'stop_line'").get() as { n: number }).n,
      0,
      'no script run was even started',
    );

    const queue = (await (await fetch(`${url}/api/handovers?state=open`, { headers: { Cookie: admin } })).json()) as {
      handovers: Array<Record<string, any>>;
    };
    assert.equal(queue.handovers.length, 1);
    const record = queue.handovers[0]!;
    assert.equal(record.task_id, taskId);
    assert.equal(record.question, 'stop line B now');
    assert.equal(record.requested_by, 'agent (critical step)');
    assert.match(
      record.tried,
      /^mode: critical step\nskill: stop_line \{"line":"B"\}\nerror: stop_line is marked critical/,
    );
    assert.ok(record.trace_id, 'the record keeps the trace id');
    assert.equal(record.trace_id, task.trace_id, "the record's trace id is the answer's");
    assert.deepEqual(record.data_seen.arguments, { line: 'B' });
    assert.equal(record.data_seen.skill, 'stop_line');
    assert.equal(task.result?.handover?.handover_id, record.handover_id);

    // the event stream says so (typed wire events): the hand-over opened, then one answer carrying it, no error
    const stream = await events(server.http, taskId, operator);
    const names = stream.map((event) => event.event);
    assert.deepEqual(dataNamed(stream, 'handover-opened'), {
      handover_id: record.handover_id,
      skill: 'stop_line',
      arguments: { line: 'B' },
      reason: 'critical step',
    });
    assert.equal(names.filter((name) => name === 'answer').length, 1, names.join(' '));
    assert.ok(!names.includes('task-error'), names.join(' '));
    assert.ok(names.indexOf('handover-opened') < names.indexOf('answer'), names.join(' '));
    assert.equal(dataNamed(stream, 'answer').handover?.handover_id, record.handover_id);

    // the operator's own copy of the queue shows nothing they did not open; the engineer answers into the conversation
    const answered = await fetch(`${url}/api/handovers/${record.handover_id}/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: admin },
      body: JSON.stringify({
        answer: 'Line B stopped at the panel after checking with the shift lead.',
        action_taken: 'stopped by hand',
      }),
    });
    assert.equal(answered.status, 200, await answered.clone().text());
    const turns = runtime.db
      .prepare('SELECT content FROM conversation_history WHERE session_id = ? ORDER BY turn')
      .all(record.session_id) as Array<{ content: string }>;
    assert.match(turns.at(-1)!.content, /^\[engineer ada\] Line B stopped at the panel/);
  });

  test('the Chinese phrasing hands over in Chinese', async () => {
    const { task } = await ask('立即停止B线');
    assert.equal(task.state, 'success', JSON.stringify(task));
    assert.match(task.answer ?? '', /“stop_line”是关键步骤，不会在无人值守的情况下执行。已转交工程师处理（转交单 #\d+/);
    assert.equal(existsSync(path.join(dir, 'stopped')), false);
  });

  test('a question it cannot finish (no rule, no model) offers the hand-over pre-filled, and opens none by itself', async () => {
    const before = (runtime.db.prepare('SELECT COUNT(*) AS n FROM handovers').get() as { n: number }).n;
    const { taskId, task } = await ask('compose a poem about the moon and the night shift');
    assert.equal(task.state, 'failed', JSON.stringify(task));
    const offer = task.result?.handover_offer as {
      question: string;
      tried: string;
      trace_id: string;
      data_seen: unknown;
    };
    assert.ok(offer, `no hand-over offered: ${JSON.stringify(task.result)}`);
    assert.equal(offer.question, 'compose a poem about the moon and the night shift');
    assert.match(offer.tried, /^mode: \w+\nno skill\nerror: LLM_UNAVAILABLE: /);
    assert.equal(offer.trace_id, task.trace_id);
    assert.equal(
      (runtime.db.prepare('SELECT COUNT(*) AS n FROM handovers').get() as { n: number }).n,
      before,
      'an offer, not a record',
    );
    assert.deepEqual(
      dataNamed(await events(server.http, taskId, operator), 'handover-offer'),
      offer,
      'the stream offers it',
    );
    // replayed from agent.db (its run no longer in memory): the offer again, and an error, never an empty answer
    const replay = synthesized(new TaskStore(runtime.db).get(taskId)!);
    assert.deepEqual(replay.find((event) => event.event === 'handover-offer')?.data, offer);
    const replayed = replay.map((event) => event.event);
    assert.ok(replayed.includes('answer') || replayed.includes('task-error'), replayed.join(' '));
    for (const event of replay) if (event.event === 'answer') assert.equal(typeof event.data.answer, 'string');
    // sending it keeps what was offered
    const opened = await fetch(`${url}/api/handovers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: operator },
      body: JSON.stringify({ task_id: taskId }),
    });
    assert.equal(opened.status, 201, await opened.clone().text());
    const { handover } = (await opened.json()) as { handover: { tried: string; trace_id: string } };
    assert.equal(handover.tried, offer.tried);
    assert.equal(handover.trace_id, offer.trace_id);
  });

  test('a Markdown skill marked critical in its front matter is handed over, never run', async () => {
    const info = runtime.skills.list().find((skill) => skill.name === 'purge_line');
    assert.equal(info?.enabled, true, JSON.stringify(info));
    assert.equal(info?.critical, true);
    const context = {
      traceId: 't-md',
      sessionId: 's-md',
      language: 'en' as const,
      signal: new AbortController().signal,
      tools: runtime.tools as never,
      onEvent: () => undefined,
    };
    await assert.rejects(
      runtime.skills.run('purge_line', {}, context),
      /"purge_line" is a critical step: it is not run unattended/,
    );
    const asked: unknown[] = [];
    await assert.rejects(
      runtime.skills.run('purge_line', {}, { ...context, approve: async (request) => (asked.push(request), true) }),
      /handed over to an engineer instead of running unattended/,
    );
    assert.deepEqual(asked, [
      { skill: 'purge_line', version: '1.0.0', arguments: {}, description: info!.description, critical: true },
    ]);
  });
});
