/**
 * Several versions of a maintenance script side by side (issue 32): two
 * folders under scripts.dir whose manifests name one script with different
 * versions, a third repeating a version (refused), a fourth taking a
 * compiled-in skill's name (refused). Through the real skills engine (the
 * shipped code skills, real script runs in the 'none' sandbox, script_runs)
 * and the real CLI in its own process (`skills list --json`, `scripts list`,
 * `scripts run --version`): the newest runs unless a pin (skills.pins, the
 * question's own) selects another, approvals name the version that runs, the
 * polkit rule covers the units of every version that can run.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { openAgentDb } from '../store/agent-db.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { AgentEvent } from '../types/answer.js';
import type { ApprovalRequest } from '../skills/engine-types.js';
import { PlantSkillEngine } from '../skills/engine.js';
import { SKILLS } from '../skills/code/index.js';
import { approvalFor } from '../skills/approval.js';
import { fakeTools } from '../skills/code/shared/testing.js';
import { loadScripts } from './manifest.js';
import { polkitUnits } from './polkit-rule.js';

const ENTRY = fileURLToPath(new URL('../cli/entry.ts', import.meta.url));
const log = pino({ level: 'silent' });

const manifest = (options: {
  name?: string;
  version: string;
  approval: boolean;
  units: string[];
  word: string;
}): string => `name: ${options.name ?? 'stamp_sheet'}
version: ${options.version}
description: { en: stamp the shift sheet (version ${options.version}), zh: 给班次记录盖章 }
command: ['./run']
args:
  type: object
  properties:
    word: { type: string, maxLength: 20 }
  additionalProperties: false
timeout_s: 10
needs_approval: ${options.approval}
touches:
  units: ${JSON.stringify(options.units)}
phrasings:
  - text: stamp the shift sheet
    args: { word: ${options.word} }
`;

describe('several versions of a script side by side', () => {
  let dir: string;
  let scripts: string;
  let mark: string;
  let db: SqliteDatabase;

  const folder = (name: string, text: string, version: string): void => {
    mkdirSync(path.join(scripts, name), { recursive: true });
    writeFileSync(path.join(scripts, name, 'manifest.yaml'), text);
    // the script says which version ran: the mark file is the proof
    writeFileSync(path.join(scripts, name, 'run'), `#!/bin/sh\necho "${version} $*" >> ${JSON.stringify(mark)}\n`);
    chmodSync(path.join(scripts, name, 'run'), 0o755);
  };

  const configWith = (pins: Record<string, string> = {}): Config =>
    configFromObject(
      {
        state: { db: path.join(dir, 'agent.db') },
        plant: { db: path.join(dir, 'plant.db'), timezone: 'Asia/Shanghai' },
        skills: { dir: path.join(dir, 'skills'), watch: false, pins },
        scripts: { dir: scripts, sandbox: 'none', shipped: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      },
      dir,
    );

  const engineWith = (pins: Record<string, string> = {}): PlantSkillEngine =>
    new PlantSkillEngine({ config: configWith(pins), db, log, skills: SKILLS, watch: false });

  const marks = (): string[] => readFileSync(mark, 'utf8').trim().split('\n');

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'script-versions-'));
    scripts = path.join(dir, 'scripts');
    mark = path.join(dir, 'ran');
    mkdirSync(path.join(dir, 'skills'));
    folder(
      'stamp_sheet',
      manifest({ version: '1.0.0', approval: false, units: ['a-line.service'], word: 'v1' }),
      '1.0.0',
    );
    folder(
      'stamp_sheet-2.0',
      manifest({ version: '2.0.0', approval: true, units: ['a-line.service', 'b-line.service'], word: 'v2' }),
      '2.0.0',
    );
    // the same name and version again: refused, its unit never allowed
    folder(
      'stamp_sheet-zcopy',
      manifest({ version: '2.0.0', approval: false, units: ['c-line.service'], word: 'copy' }),
      'copy',
    );
    // a compiled-in skill's name: refused by the registry, the shipped skill stays
    folder(
      'quality_metrics',
      manifest({ name: 'quality_metrics', version: '9.0.0', approval: false, units: [], word: 'qm' }),
      'qm',
    );
    db = openAgentDb(path.join(dir, 'agent.db'));
  });
  after(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the manifests: both versions enabled, newest first; the repeated version refused with the reason', () => {
    const entries = loadScripts(configWith()).filter((entry) => entry.name === 'stamp_sheet');
    assert.deepEqual(
      entries.map((entry) => [path.basename(entry.dir), entry.manifest?.version ?? null]),
      [
        ['stamp_sheet-2.0', '2.0.0'],
        ['stamp_sheet', '1.0.0'],
        ['stamp_sheet-zcopy', null],
      ],
    );
    assert.match(
      entries[2]!.error ?? '',
      /"stamp_sheet" version 2\.0\.0 already exists \(.*stamp_sheet-2\.0\/manifest\.yaml\); give this one another version/,
    );
  });

  test('the polkit rule covers the units of every enabled version, and not the refused copy', () => {
    assert.deepEqual(polkitUnits(loadScripts(configWith())).units, [
      { unit: 'a-line.service', scripts: ['stamp_sheet@1.0.0', 'stamp_sheet@2.0.0'] },
      { unit: 'b-line.service', scripts: ['stamp_sheet@2.0.0'] },
    ]);
  });

  test('the engine lists every version; the newest runs, after an approval that names it', async () => {
    const engine = engineWith();
    try {
      const info = engine.list().find((skill) => skill.name === 'stamp_sheet')!;
      assert.equal(info.version, '2.0.0');
      assert.equal(info.needsApproval, true);
      assert.deepEqual(
        info.versions?.map((version) => [
          version.version,
          version.enabled,
          version.default,
          path.basename(path.dirname(version.source)),
        ]),
        [
          ['2.0.0', true, true, 'stamp_sheet-2.0'],
          ['1.0.0', true, false, 'stamp_sheet'],
        ],
      );
      const clash = engine.list().find((skill) => skill.name === 'quality_metrics#quality_metrics')!;
      assert.equal(clash.enabled, false);
      assert.match(clash.error ?? '', /a skill named "quality_metrics" already exists \(builtin:quality_metrics\)/);
      assert.equal(engine.list().find((skill) => skill.name === 'quality_metrics')?.source, 'builtin:quality_metrics');

      // the phrasings are the default version's
      const decision = engine.route('stamp the shift sheet', {});
      assert.equal(decision.kind, 'skill');
      assert.deepEqual(decision.kind === 'skill' && decision.args, { word: 'v2' });
      const gated = approvalFor(engine, { question: 'stamp the shift sheet', decision });
      assert.equal(gated?.request.version, '2.0.0');

      const asked: ApprovalRequest[] = [];
      const result = await engine.run('stamp_sheet', { word: 'newest' }, runContext(db, asked));
      assert.deepEqual(
        asked.map((request) => [request.skill, request.version]),
        [['stamp_sheet', '2.0.0']],
      );
      assert.match(result.answer, /Maintenance script stamp_sheet\*\* finished/);
      assert.equal(marks().at(-1), '2.0.0 --word=newest');
      assert.deepEqual(lastRun(db), { script: 'stamp_sheet', version: '2.0.0', state: 'success' });
    } finally {
      await engine.close();
    }
  });

  test("a question's own pin runs the older version, with no approval (that version needs none)", async () => {
    const engine = engineWith();
    try {
      const decision = engine.route('stamp the shift sheet', {});
      assert.equal(
        approvalFor(engine, { question: 'stamp the shift sheet', decision, versions: { stamp_sheet: '^1' } }),
        undefined,
      );
      const asked: ApprovalRequest[] = [];
      await engine.run(
        'stamp_sheet',
        { word: 'own-pin' },
        { ...runContext(db, asked), versions: { stamp_sheet: '^1' } },
      );
      assert.equal(asked.length, 0, '1.0.0 needs no approval');
      assert.equal(marks().at(-1), '1.0.0 --word=own-pin');
      assert.deepEqual(lastRun(db), { script: 'stamp_sheet', version: '1.0.0', state: 'success' });
      await assert.rejects(
        engine.run('stamp_sheet', {}, { ...runContext(db, asked), versions: { stamp_sheet: '^3' } }),
        /SKILL_VERSION|installed version\(s\) 2\.0\.0, 1\.0\.0 do not satisfy it/,
      );
    } finally {
      await engine.close();
    }
  });

  test('skills.pins runs the pinned version by default; the question pins the newer one back, approval naming it', async () => {
    const engine = engineWith({ stamp_sheet: '~1.0' });
    try {
      const info = engine.list().find((skill) => skill.name === 'stamp_sheet')!;
      assert.equal(info.version, '1.0.0');
      assert.equal(info.pinned, '~1.0');
      assert.equal(info.needsApproval, false);
      const decision = engine.route('stamp the shift sheet', {});
      assert.deepEqual(decision.kind === 'skill' && decision.args, { word: 'v1' });
      assert.equal(approvalFor(engine, { question: 'stamp the shift sheet', decision }), undefined);
      assert.equal(
        approvalFor(engine, { question: 'stamp the shift sheet', decision, versions: { stamp_sheet: '2' } })?.request
          .version,
        '2.0.0',
      );

      const asked: ApprovalRequest[] = [];
      await engine.run('stamp_sheet', { word: 'pinned' }, runContext(db, asked));
      assert.equal(marks().at(-1), '1.0.0 --word=pinned');
      assert.equal(asked.length, 0, '1.0.0 needs no approval');
      await engine.run('stamp_sheet', { word: 'back' }, { ...runContext(db, asked), versions: { stamp_sheet: '2' } });
      assert.deepEqual(
        asked.map((request) => request.version),
        ['2.0.0'],
      );
      assert.equal(marks().at(-1), '2.0.0 --word=back');
    } finally {
      await engine.close();
    }
  });

  function cli(
    args: string[],
    pins: Record<string, string> = {},
  ): { status: number | null; stdout: string; stderr: string } {
    const file = path.join(dir, `config-${Object.keys(pins).length}.yaml`);
    writeFileSync(
      file,
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db') },
        plant: { db: path.join(dir, 'plant.db'), timezone: 'Asia/Shanghai' },
        skills: { dir: path.join(dir, 'skills'), watch: false, pins },
        scripts: { dir: scripts, sandbox: 'none', shipped: false },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, '--config', file, ...args], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, AIRGAP_AGENT_CONFIG: '' },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  test('the CLI: skills list and scripts list show every version and the pin; scripts run picks one', () => {
    const pins = { stamp_sheet: '~1.0' };
    const skills = cli(['skills', 'list', '--json'], pins);
    const listed = (JSON.parse(skills.stdout) as { skills: Array<Record<string, any>> }).skills;
    const stamp = listed.find((skill) => skill.name === 'stamp_sheet')!;
    assert.equal(stamp.version, '1.0.0', skills.stderr);
    assert.equal(stamp.pinned, '~1.0');
    assert.deepEqual(
      stamp.versions.map((version: { version: string; default: boolean }) => [version.version, version.default]),
      [
        ['2.0.0', false],
        ['1.0.0', true],
      ],
    );
    const table = cli(['skills', 'list'], pins).stdout;
    assert.match(table, /also 2\.0\.0: installed .*stamp_sheet-2\.0\/manifest\.yaml/);

    const listedScripts = cli(['scripts', 'list', '--json'], pins);
    assert.equal(listedScripts.status, 1, 'a refused copy makes scripts list exit 1');
    const rows = (JSON.parse(listedScripts.stdout) as { scripts: Array<Record<string, unknown>> }).scripts
      .filter((row) => row.name === 'stamp_sheet')
      .map((row) => [row.version, row.enabled, row.default, row.pinned]);
    assert.deepEqual(rows, [
      ['2.0.0', true, false, '~1.0'],
      ['1.0.0', true, true, '~1.0'],
      [null, false, false, '~1.0'],
    ]);
    const text = cli(['scripts', 'list'], pins).stdout;
    assert.match(text, /stamp_sheet 1\.0\.0 .* runs by default \(skills\.pins "~1\.0"\)/);
    assert.match(
      text,
      /stamp_sheet 2\.0\.0 .* beside it \(outside skills\.pins "~1\.0"\): runs when a question pins it/,
    );

    // scripts run: the version the chat runs (the pin), or --version
    const pinned = cli(['scripts', 'run', 'stamp_sheet', '--arg', 'word=console'], pins);
    assert.equal(pinned.status, 0, pinned.stderr);
    assert.match(pinned.stdout, /^stamp_sheet 1\.0\.0: success/);
    assert.equal(marks().at(-1), '1.0.0 --word=console');
    const newer = cli(['scripts', 'run', 'stamp_sheet', '--version', '^2', '--arg', 'word=console2']);
    assert.notEqual(newer.status, 0);
    assert.match(newer.stderr, /needs an admin's approval/, '2.0.0 needs approval: refused without one');
    const none = cli(['scripts', 'run', 'stamp_sheet', '--version', '^3']);
    assert.notEqual(none.status, 0);
    assert.match(none.stderr, /--version "\^3", but the installed version\(s\) 2\.0\.0, 1\.0\.0 do not satisfy it/);
    assert.equal(marks().at(-1), '1.0.0 --word=console', 'nothing else ran');
  });
});

function runContext(db: SqliteDatabase, asked: ApprovalRequest[]) {
  const events: AgentEvent[] = [];
  return {
    traceId: 'trace-versions',
    sessionId: 'session-versions',
    language: 'en' as const,
    signal: new AbortController().signal,
    tools: fakeTools(() => {
      throw new Error('a script calls no tool');
    }),
    onEvent: (event: AgentEvent) => events.push(event),
    approve: async (request: ApprovalRequest) => {
      asked.push(request);
      return true;
    },
  };
}

function lastRun(db: SqliteDatabase): { script: string; version: string; state: string } {
  return db.prepare('SELECT script, version, state FROM script_runs ORDER BY rowid DESC LIMIT 1').get() as {
    script: string;
    version: string;
    state: string;
  };
}
