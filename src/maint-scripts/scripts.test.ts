import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { seedPlant } from '../seed/index.js';
import type { AgentEvent } from '../agent/types.js';
import { fakeTools } from '../skills/code/shared/testing.js';
import { PlantSkillEngine } from '../skills/engine.js';
import { SKILLS } from '../skills/code/index.js';
import { loadScripts } from './manifest.js';
import { argvOf, runScript, systemdRunArgv } from './runner.js';
import { ScriptRunStore } from './store.js';

const log = pino({ level: 'silent' });

function setup(scripts: Record<string, { manifest: string; run?: string }> = {}, extra: Record<string, unknown> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scripts-'));
  const plantScripts = path.join(dir, 'plant-scripts');
  for (const [name, files] of Object.entries(scripts)) {
    mkdirSync(path.join(plantScripts, name), { recursive: true });
    writeFileSync(path.join(plantScripts, name, 'manifest.yaml'), files.manifest);
    if (files.run !== undefined) {
      writeFileSync(path.join(plantScripts, name, 'run'), files.run);
      chmodSync(path.join(plantScripts, name, 'run'), 0o755);
    }
  }
  const config = configFromObject(
    {
      state: { db: 'agent.db' },
      log: { dir: 'log' },
      reports: { dir: 'reports' },
      plant: { db: 'plant.db' },
      scripts: { dir: 'plant-scripts', sandbox: 'none', ...(extra.scripts as object) },
      skills: { watch: false },
    },
    dir,
  );
  const db = openAgentDb(config.state.db);
  return { dir, config, db };
}

const manifest = (name: string, rest = ''): string => `name: ${name}
version: 1.0.0
description: { en: test script ${name}, zh: 测试脚本 }
command: ['./run']
args:
  type: object
  properties:
    word: { type: string, maxLength: 100 }
    n: { type: integer, minimum: 1, maximum: 5, default: 2 }
  additionalProperties: false
timeout_s: 2
${rest}`;

test('the shipped examples load; a broken manifest is disabled alone, with the reason; a plant script replaces a shipped one', () => {
  const { config } = setup({
    no_exec: { manifest: manifest('no_exec'), run: '#!/bin/sh\n' },
    loose_args: { manifest: manifest('loose_args').replace('  additionalProperties: false\n', '') },
    disk_health: { manifest: manifest('disk_health'), run: '#!/bin/sh\necho mine\n' },
  });
  chmodSync(path.join(config.scripts.dir!, 'no_exec', 'run'), 0o644);
  writeFileSync(path.join(config.scripts.dir!, 'loose_args', 'run'), '#!/bin/sh\n', { mode: 0o755 });
  const entries = new Map(loadScripts(config).map((entry) => [entry.name, entry]));
  assert.ok(entries.get('export_quality_csv')?.manifest, 'shipped export loads');
  assert.equal(entries.get('restart_service')?.manifest?.needs_approval, true);
  assert.deepEqual((entries.get('restart_service')?.manifest?.args.properties as any).service.enum, [
    'vision-inspection',
    'label-printer',
    'airgap-agent-llm',
  ]);
  assert.equal(entries.get('disk_health')?.origin, 'plant', 'the plant folder wins over the shipped example');
  assert.match(entries.get('no_exec')?.error ?? '', /not executable \(chmod \+x/);
  assert.match(entries.get('loose_args')?.error ?? '', /additionalProperties: false/);
});

test('a script runs with argv only, a clean environment, its output digested and recorded', async () => {
  const { config, db } = setup({
    echo_args: {
      manifest: manifest('echo_args'),
      run: '#!/bin/sh\nfor a in "$@"; do printf "arg:%s\\n" "$a"; done\nenv | sort\n',
    },
  });
  process.env.AIRGAP_TEST_SECRET = 'do-not-leak';
  try {
    const entry = loadScripts(config).find((candidate) => candidate.name === 'echo_args')!;
    const lines: string[] = [];
    const canary = path.join(config.reports.dir, 'pwned');
    const result = await runScript({
      config,
      db,
      entry,
      args: { word: `$(touch ${canary}); x\`id\``, n: '3' },
      requestedBy: 'op1',
      approvedBy: null,
      onLine: (line) => lines.push(line),
    });
    assert.equal(result.state, 'success');
    assert.equal(result.exit_code, 0);
    // no shell: the argument arrives as one literal argv entry and nothing ran
    assert.ok(lines.includes(`arg:--word=$(touch ${canary}); x\`id\``), lines.join('\n'));
    assert.ok(lines.includes('arg:--n=3'), 'the CLI string "3" is coerced and validated as an integer');
    assert.equal(existsSync(canary), false);
    // clean environment: nothing inherited, the documented variables set
    assert.ok(!result.output.includes('do-not-leak'));
    assert.ok(lines.includes('PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'));
    assert.ok(lines.includes(`AIRGAP_REPORTS_DIR=${config.reports.dir}`));
    assert.ok(lines.includes('TZ=Asia/Shanghai'));
    assert.equal(result.output_sha256, createHash('sha256').update(result.output).digest('hex'));
    const stored = new ScriptRunStore(db).get(result.run_id)!;
    assert.equal(stored.requested_by, 'op1');
    assert.equal(stored.approved_by, null);
    assert.deepEqual(stored.arguments, { word: `$(touch ${canary}); x\`id\``, n: 3 });
    assert.equal(stored.sandbox, 'process');
    assert.ok(stored.duration_ms! > 0);
  } finally {
    delete process.env.AIRGAP_TEST_SECRET;
  }
});

test('arguments are validated before anything runs; approval is required where the manifest says so', async () => {
  const { config, db } = setup({
    guarded: { manifest: manifest('guarded', 'needs_approval: true\n'), run: '#!/bin/sh\necho ran\n' },
  });
  const entry = loadScripts(config).find((candidate) => candidate.name === 'guarded')!;
  await assert.rejects(
    runScript({ config, db, entry, args: { n: 9 }, requestedBy: 'op', approvedBy: 'boss' }),
    /argument "n": must be <= 5/,
  );
  await assert.rejects(
    runScript({ config, db, entry, args: { rm: '-rf' }, requestedBy: 'op', approvedBy: 'boss' }),
    /unknown argument "rm"/,
  );
  await assert.rejects(
    runScript({ config, db, entry, args: {}, requestedBy: 'op', approvedBy: null }),
    /needs an admin's approval/,
  );
  assert.equal(new ScriptRunStore(db).list().length, 0, 'refused runs never started');
  const approved = await runScript({ config, db, entry, args: {}, requestedBy: 'op', approvedBy: 'boss' });
  assert.equal(approved.state, 'success');
  assert.equal(approved.approved_by, 'boss');
});

test('a script past its timeout is stopped, its children too, and recorded as a timeout', async () => {
  const { config, db, dir } = setup({
    hangs: {
      manifest: manifest('hangs').replace('timeout_s: 2', 'timeout_s: 1'),
      run: '#!/bin/sh\necho started\nsleep 30 &\necho $! > "$AIRGAP_REPORTS_DIR/../child.pid"\nwait\n',
    },
  });
  mkdirSync(config.reports.dir, { recursive: true });
  const entry = loadScripts(config).find((candidate) => candidate.name === 'hangs')!;
  const result = await runScript({ config, db, entry, args: {}, requestedBy: null, approvedBy: null });
  assert.equal(result.state, 'timeout');
  assert.ok(result.duration_ms! < 6000);
  const pid = Number(readFileSync(path.join(dir, 'child.pid'), 'utf8'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  // gone, or a zombie waiting for its reaper (a container's PID 1 may not reap)
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : 'State:\tgone';
  assert.match(status, /State:\s+(gone|Z)/, 'the background child was killed with its group');
});

test('output beyond scripts.output_max_kb is cut, the digest still covers all of it', async () => {
  const { config, db } = setup(
    {
      chatty: {
        manifest: manifest('chatty'),
        run: '#!/bin/sh\ni=0\nwhile [ $i -lt 3000 ]; do echo "line $i of the output"; i=$((i+1)); done\n',
      },
    },
    { scripts: { output_max_kb: 1 } },
  );
  const entry = loadScripts(config).find((candidate) => candidate.name === 'chatty')!;
  const result = await runScript({ config, db, entry, args: {}, requestedBy: null, approvedBy: null });
  assert.equal(result.truncated, true);
  assert.equal(result.output.length, 1024);
  assert.ok(result.output_bytes! > 50000);
  assert.match(result.output_tail!, /line 2999 of the output/);
});

test('the shipped disk health check really runs; the quality export writes a CSV via this program and never overwrites', async () => {
  const { config, db, dir } = setup();
  seedPlant({ db: config.plant.db, rows: 2000, today: '2026-11-29', seed: 3 });
  const configFile = path.join(dir, 'config.yaml');
  writeFileSync(
    configFile,
    `plant: { db: ${config.plant.db} }\nstate: { db: ${config.state.db} }\nreports: { dir: ${config.reports.dir} }\nlog: { dir: ${config.log.dir} }\n`,
  );
  const entries = new Map(loadScripts(config).map((entry) => [entry.name, entry]));
  const health = await runScript({
    config,
    configFile,
    db,
    entry: entries.get('disk_health')!,
    args: { min_free_percent: 1 },
    requestedBy: null,
    approvedBy: null,
  });
  assert.equal(health.state, 'success', health.output);
  assert.match(health.output, /OK {3}data disk: .* % ?free|OK {3}data disk: .*free/);
  assert.match(health.output, /RESULT: /);
  const exported = await runScript({
    config,
    configFile,
    db,
    entry: entries.get('export_quality_csv')!,
    args: { from: '2026-11-23', to: '2026-11-29' },
    requestedBy: null,
    approvedBy: 'ada',
  });
  assert.equal(exported.state, 'success', exported.output);
  const csv = readFileSync(path.join(config.reports.dir, 'quality-daily-2026-11-23_2026-11-29.csv'), 'utf8');
  assert.ok(csv.startsWith('\uFEFFrecord_date,line_id,shift,inspected_qty,defect_qty,defect_rate_pct\r\n'));
  assert.match(csv, /\r\n2026-11-2\d,A,/);
  const again = await runScript({
    config,
    configFile,
    db,
    entry: entries.get('export_quality_csv')!,
    args: { from: '2026-11-23', to: '2026-11-29' },
    requestedBy: null,
    approvedBy: 'ada',
  });
  assert.equal(again.state, 'failed');
  assert.match(again.output, /already exists/);
  await assert.rejects(
    runScript({
      config,
      configFile,
      db,
      entry: entries.get('export_quality_csv')!,
      args: { from: '2026/11/23', to: '2026-11-29' },
      requestedBy: null,
      approvedBy: 'ada',
    }),
    /argument "from": must match pattern/,
  );
});

test('the systemd sandbox: a transient unit with strict protection, only the declared paths writable', () => {
  const { config } = setup();
  const entry = loadScripts(config).find((candidate) => candidate.name === 'export_quality_csv')!;
  const argv = systemdRunArgv({
    runId: 'abcdef0123',
    manifest: entry.manifest!,
    argv: ['/x/run', '--from=2026-01-01'],
    env: { TZ: 'Asia/Shanghai' },
    config,
    workDir: entry.dir,
  });
  assert.deepEqual(argv.slice(0, 6), [
    '--wait',
    '--pipe',
    '--collect',
    '--quiet',
    '--service-type=exec',
    '--unit=airgap-script-export-quality-csv-abcdef01',
  ]);
  for (const property of [
    'ProtectSystem=strict',
    'NoNewPrivileges=yes',
    'PrivateTmp=yes',
    'PrivateNetwork=yes',
    'RuntimeMaxSec=125',
    `ReadWritePaths=-${config.reports.dir}`,
  ])
    assert.ok(argv.includes(`--property=${property}`), property);
  assert.ok(argv.includes('--setenv=TZ=Asia/Shanghai'));
  assert.deepEqual(argv.slice(-3), ['--', '/x/run', '--from=2026-01-01']);
  const restart = loadScripts(config).find((candidate) => candidate.name === 'restart_service')!;
  const restartArgv = systemdRunArgv({
    runId: 'r',
    manifest: restart.manifest!,
    argv: ['/x/run'],
    env: {},
    config,
    workDir: restart.dir,
  });
  assert.ok(restartArgv.includes('--property=User=root'));
  assert.ok(!restartArgv.includes('--property=PrivateNetwork=yes'), 'a unit-restarting script keeps its D-Bus socket');
  assert.deepEqual(argvOf(restart.manifest!, { service: 'label-printer' }), ['--service=label-printer']);
});

test('scripts are skills: routed by their phrasings, approval asked by the engine, the run records who approved', async () => {
  const { config, db } = setup({
    guarded: {
      manifest: manifest(
        'guarded',
        'needs_approval: true\nphrasings:\n  - text: 重启测试服务\n    args: { word: test-unit }\n',
      ),
      run: '#!/bin/sh\necho "restarting $1"\n',
    },
  });
  const engine = new PlantSkillEngine({ config, db, log, skills: SKILLS, watch: false });
  try {
    const routed = engine.route('重启测试服务', {});
    assert.equal(routed.kind, 'skill');
    assert.ok(routed.kind === 'skill' && routed.skill === 'guarded' && routed.missing.length === 0);
    assert.deepEqual(routed.kind === 'skill' && routed.args, { word: 'test-unit' });
    assert.match(routed.reason, /script guarded phrasing "重启测试服务" matched/);
    const disk = engine.route('check the data disk please', {});
    assert.ok(disk.kind === 'skill' && disk.skill === 'disk_health');
    assert.equal(engine.list().find((info) => info.name === 'guarded')?.needsApproval, true);
    const events: AgentEvent[] = [];
    const context = {
      traceId: 't1',
      sessionId: 's1',
      language: 'zh' as const,
      signal: new AbortController().signal,
      tools: fakeTools(() => ({ ok: false, text: 'no tools here' }) as never),
      onEvent: (event: AgentEvent) => events.push(event),
    };
    await assert.rejects(engine.run('guarded', { word: 'x' }, context), /needs an admin's approval/);
    let asked: unknown;
    const result = await engine.run(
      'guarded',
      { word: 'x' },
      { ...context, approve: async (request) => ((asked = request), true) },
    );
    assert.deepEqual((asked as { arguments: unknown }).arguments, { word: 'x' });
    assert.match(result.answer, /维护脚本 guarded\*\* 完成（退出码 0/);
    assert.ok(
      events.some((event) => event.type === 'skill-progress' || (event as { type: string }).type === 'progress'),
      JSON.stringify(events.map((event) => event.type)),
    );
    const run = new ScriptRunStore(db).list()[0]!;
    assert.equal(run.session_id, 's1');
    assert.equal(run.trace_id, 't1');
    assert.equal(run.state, 'success');
  } finally {
    await engine.close();
  }
});
