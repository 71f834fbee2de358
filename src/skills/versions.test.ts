/**
 * Version ranges end to end, through the real service: several versions of a
 * Markdown skill side by side under skills.custom_dir, skills.pins choosing
 * among them, a question's own pin (the API's skill_versions) over it, and a
 * pin no installed version satisfies answered honestly (SKILL_VERSION) —
 * the real engine and agent (createAgent), the shipped query server over
 * stdio, the scripted model through the real `openai` SDK (it reads the
 * chosen version's Steps), real HTTP. And two versions of a maintenance
 * script side by side under scripts.dir (real runs, sandbox 'none'), both
 * needing approval: each question waits for one approval naming the version
 * that will run (the pinned 1.0.0, or 2.0.0 when the question pins it), and
 * that version is what runs — once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFixedNow } from '../clock.js';
import { loadConfig } from '../config/load.js';
import { createAgent, type AgentRuntime } from '../agent/create.js';
import { seedTestPlant } from '../seed/index.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';
import { serviceFromRuntime } from '../http/service.js';
import { startHttpServer, type RunningServer } from '../http/server.js';
import { ADMIN, OPERATOR } from '../http/testing/helpers.js';
import type { SkillInfo } from './engine-types.js';

const NOW = '2026-11-29T10:00:00+08:00';

const briefing = (version: string, marker: string): string => `---
name: shift_brief
description: Brief the incoming shift on the plant's quality, in a few lines.
version: ${version}
tools: [query_database]
triggers: [shift brief, 班次简报]
---
## Steps
1. ${marker}: read yesterday's defect rate per line with query_database.
2. Say it in three lines.
`;

describe('several versions side by side, pinned in the config, by the question, or not satisfiable', () => {
  let dir: string;
  let llm: ScriptedLlmServer;
  let runtime: AgentRuntime;
  let server: RunningServer;
  let cookie: string;
  let operator: string;
  let mark: string;

  before(async () => {
    setFixedNow(NOW, 'Asia/Shanghai');
    dir = mkdtempSync(path.join(os.tmpdir(), 'versions-'));
    const plant = seedTestPlant({ dir, rows: 2000, docs: false });
    const custom = path.join(dir, 'custom-skills');
    for (const [folder, text] of [
      ['shift_brief-1.0', briefing('1.0.0', 'VERSION-ONE')],
      ['shift_brief-2.0', briefing('2.0.0', 'VERSION-TWO')],
      // the same name and version twice: refused, the first stays
      ['shift_brief-copy', briefing('2.0.0', 'VERSION-COPY')],
    ] as const) {
      mkdirSync(path.join(custom, folder), { recursive: true });
      writeFileSync(path.join(custom, folder, 'SKILL.md'), text);
    }
    // a maintenance script in two versions, both needing approval; each says which ran
    mark = path.join(dir, 'stamped');
    const scripts = path.join(dir, 'scripts');
    for (const [folder, version, approval] of [
      ['stamp_sheet', '1.0.0', true],
      ['stamp_sheet-2.0', '2.0.0', true],
    ] as const) {
      mkdirSync(path.join(scripts, folder), { recursive: true });
      writeFileSync(
        path.join(scripts, folder, 'manifest.yaml'),
        [
          'name: stamp_sheet',
          `version: ${version}`,
          'description: { en: stamp the shift sheet, zh: 给班次记录盖章 }',
          "command: ['./run']",
          'args: { type: object, properties: { word: { type: string } }, additionalProperties: false }',
          `needs_approval: ${approval}`,
          'phrasings: [{ text: stamp the shift sheet, args: { word: sheet } }]',
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(scripts, folder, 'run'), `#!/bin/sh\necho "${version} $*" >> ${JSON.stringify(mark)}\n`);
      chmodSync(path.join(scripts, folder, 'run'), 0o755);
    }
    llm = await startScriptedLlmServer({ fallback: turn.text('Line A ran at 1.2 %.') });
    const file = path.join(dir, 'agent.yaml');
    writeFileSync(
      file,
      JSON.stringify({
        plant: { name: 'Versions plant', db: plant.db, timezone: 'Asia/Shanghai' },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        llm: { base_url: llm.url, model: 'scripted', timeout_ms: 30_000 },
        mcp: { shipped_servers: false, servers: { query: { builtin: 'query' } } },
        skills: {
          watch: false,
          custom_dir: custom,
          pins: { shift_brief: '~1.0', quality_metrics: '^1.2', stamp_sheet: '~1.0' },
        },
        scripts: { shipped: false, dir: scripts, sandbox: 'none' },
        import: { watch: 'off' },
        server: { host: '127.0.0.1', port: 0 },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    const loaded = loadConfig({ config: file });
    runtime = await createAgent({ config: loaded.config, configFile: loaded.file, stream: false });
    server = await startHttpServer({
      deps: serviceFromRuntime(runtime, loaded.config),
      closeRuntime: () => runtime.close(),
    });
    await server.http.service.accounts.add({ ...ADMIN, role: 'admin' });
    await server.http.service.accounts.add({ ...OPERATOR, role: 'operator' });
    const login = async (user: { username: string; password: string }): Promise<string> => {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(user),
      });
      return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    cookie = await login(ADMIN);
    operator = await login(OPERATOR);
  });
  after(async () => {
    await server?.close({ graceMs: 500 });
    await llm?.close();
    setFixedNow(undefined, 'UTC');
    rmSync(dir, { recursive: true, force: true });
  });

  async function task(
    body: Record<string, unknown>,
  ): Promise<{ answer: string | null; error: string | null; skill: string | null }> {
    const response = await fetch(`${server.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 202, await response.clone().text());
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    for (;;) {
      const view = (await (
        await fetch(`${server.url}/api/tasks/${taskId}`, { headers: { Cookie: cookie } })
      ).json()) as {
        state: string;
        answer: string | null;
        error: string | null;
        skill: string | null;
      };
      if (['success', 'failed', 'cancelled'].includes(view.state)) return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const lastSystemPrompt = (): string => String(llm.chatRequests().at(-1)?.messages[0]?.content ?? '');

  test('/api/skills lists every version, which one runs and the pin; the duplicate is refused', async () => {
    const { skills } = (await (await fetch(`${server.url}/api/skills`, { headers: { Cookie: cookie } })).json()) as {
      skills: SkillInfo[];
    };
    const brief = skills.find((skill) => skill.name === 'shift_brief')!;
    assert.equal(brief.version, '1.0.0', 'skills.pins ~1.0 picks 1.0.0 over the newer 2.0.0');
    assert.equal(brief.pinned, '~1.0');
    assert.deepEqual(
      brief.versions?.map((version) => [version.version, version.enabled, version.default]),
      [
        ['2.0.0', true, false],
        ['1.0.0', true, true],
      ],
    );
    const copy = skills.find((skill) => skill.name === 'shift_brief#shift_brief-copy');
    assert.equal(copy?.enabled, false);
    assert.match(
      copy?.error ?? '',
      /"shift_brief" version 2\.0\.0 already exists .*shift_brief-2\.0.*versions live side by side/,
    );
    assert.equal(skills.find((skill) => skill.name === 'quality_metrics')?.pinned, '^1.2');
  });

  test("the model follows the pinned version's Steps; the question's own pin overrides the config's", async () => {
    const pinned = await task({ question: 'give me the shift brief' });
    assert.equal(pinned.error, null, pinned.answer ?? '');
    assert.match(lastSystemPrompt(), /VERSION-ONE/);
    assert.doesNotMatch(lastSystemPrompt(), /VERSION-TWO/);
    const own = await task({ question: 'give me the shift brief', skill_versions: { shift_brief: '^2' } });
    assert.equal(own.error, null, own.answer ?? '');
    assert.match(lastSystemPrompt(), /VERSION-TWO/);
    assert.doesNotMatch(lastSystemPrompt(), /VERSION-ONE|VERSION-COPY/);
  });

  test('a pin no installed version satisfies: an honest answer, SKILL_VERSION for the admin', async () => {
    const question = "What was line A's defect rate yesterday?";
    const fine = await task({ question, skill_versions: { quality_metrics: '~1.2' } });
    assert.equal(fine.error, null, fine.answer ?? '');
    assert.equal(fine.skill, 'quality_metrics');
    const none = await task({ question, skill_versions: { quality_metrics: '^2' } });
    assert.match(
      none.error ?? '',
      /^SKILL_VERSION: skill "quality_metrics": this question pins "\^2", but the installed version\(s\) 1\.2\.0 do not satisfy it/,
    );
    assert.match(
      none.answer ?? '',
      /^I can't answer this right now: the function it needs is not available\. Ask an administrator\.$/,
    );
    const refused = await fetch(`${server.url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ question, skill_versions: { quality_metrics: 'newest please' } }),
    });
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /a version range such as 1\.2\.3, \^1\.2/);
  });

  test('two versions of a script: each question waits for one approval naming the version that runs', async () => {
    const { skills } = (await (await fetch(`${server.url}/api/skills`, { headers: { Cookie: cookie } })).json()) as {
      skills: SkillInfo[];
    };
    const stamp = skills.find((skill) => skill.name === 'stamp_sheet')!;
    assert.equal(stamp.version, '1.0.0');
    assert.equal(stamp.pinned, '~1.0');
    assert.deepEqual(
      stamp.versions?.map((version) => [version.version, version.default, path.basename(path.dirname(version.source))]),
      [
        ['2.0.0', false, 'stamp_sheet-2.0'],
        ['1.0.0', true, 'stamp_sheet'],
      ],
    );
    const { scripts } = (await (
      await fetch(`${server.url}/api/scripts`, { headers: { Cookie: operator } })
    ).json()) as {
      scripts: Array<{ name: string; version: string; default: boolean }>;
    };
    assert.deepEqual(
      scripts.map((script) => [script.name, script.version, script.default]),
      [
        ['stamp_sheet', '2.0.0', false],
        ['stamp_sheet', '1.0.0', true],
      ],
    );

    const post = async (body: Record<string, unknown>): Promise<string> => {
      const response = await fetch(`${server.url}/api/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: operator },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 202, await response.clone().text());
      return ((await response.json()) as { task_id: string }).task_id;
    };
    const view = async (taskId: string): Promise<{ state: string; error: string | null }> =>
      (await fetch(`${server.url}/api/tasks/${taskId}`, { headers: { Cookie: operator } })).json() as never;
    const settled = async (taskId: string, states: string[]): Promise<{ state: string; error: string | null }> => {
      for (;;) {
        const current = await view(taskId);
        if (states.includes(current.state)) return current;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const stamped = (): string[] => readFileSync(mark, 'utf8').trim().split('\n');
    const runs = (): Array<{ version: string; approved_by: string | null; state: string }> =>
      runtime.db.prepare('SELECT version, approved_by, state FROM script_runs ORDER BY rowid').all() as never;

    // one approval, naming the version that will run; approved, that version runs
    const approveOnce = async (taskId: string, version: string): Promise<void> => {
      assert.equal((await settled(taskId, ['waiting_input', 'success', 'failed'])).state, 'waiting_input');
      const { approvals } = (await (
        await fetch(`${server.url}/api/approvals`, { headers: { Cookie: cookie } })
      ).json()) as { approvals: Array<{ approval_id: string; skill: string; reason: string; task_id: string }> };
      assert.deepEqual(
        approvals.map((approval) => [approval.task_id, approval.skill]),
        [[taskId, 'stamp_sheet']],
      );
      assert.match(
        approvals[0]!.reason,
        new RegExp(`^stamp_sheet ${version.replaceAll('.', '\\.')} is marked as needing an admin's approval`),
      );
      const decided = await fetch(`${server.url}/api/approvals/${approvals[0]!.approval_id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: server.url },
        body: JSON.stringify({ decision: 'approve' }),
      });
      assert.equal(decided.status, 200, await decided.clone().text());
      const done = await settled(taskId, ['success', 'failed', 'waiting_input']);
      assert.equal(done.state, 'success', done.error ?? 'a second approval was asked for');
    };

    // skills.pins ~1.0: the approval names 1.0.0, and 1.0.0 runs
    await approveOnce(await post({ question: 'stamp the shift sheet' }), '1.0.0');
    assert.deepEqual(stamped(), ['1.0.0 --word=sheet']);

    // the question pins ^2: the approval names 2.0.0 (not the pinned default), and 2.0.0 runs after that one approval
    await approveOnce(
      await post({ question: 'stamp the shift sheet', skill_versions: { stamp_sheet: '^2' } }),
      '2.0.0',
    );
    assert.deepEqual(stamped(), ['1.0.0 --word=sheet', '2.0.0 --word=sheet']);
    assert.deepEqual(
      runs().map((run) => [run.version, run.approved_by, run.state]),
      [
        ['1.0.0', 'ada', 'success'],
        ['2.0.0', 'ada', 'success'],
      ],
    );
  });
});
