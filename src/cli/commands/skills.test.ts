import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../../runtime/self.js';

let dir: string;
const bin = path.join(appRoot(), 'bin', 'airgap-agent');

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  delete env.AIRGAP_AGENT_NOW;
  const result = spawnSync(bin, ['--config', path.join(dir, 'agent.yaml'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env,
    timeout: 60000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const skillFile = (name: string) => path.join(dir, 'skills', name, 'SKILL.md');
// the shipped oncall_check's version, and the next minor one (the tests bump it)
const SHIPPED = readFileSync(path.join(appRoot(), 'skills', 'oncall_check', 'SKILL.md'), 'utf8');
const VERSION = /^version: (\d+)\.(\d+)\.(\d+)$/m.exec(SHIPPED)!;
const ONCALL = `${VERSION[1]}.${VERSION[2]}.${VERSION[3]}`;
const BUMPED = `${VERSION[1]}.${Number(VERSION[2]) + 1}.0`;
const re = (text: string): string => text.replaceAll('.', '\\.');

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'skills-cli-'));
  mkdirSync(path.join(dir, 'skills', 'oncall_check'), { recursive: true });
  cpSync(path.join(appRoot(), 'skills', 'oncall_check', 'SKILL.md'), skillFile('oncall_check'));
  mkdirSync(path.join(dir, 'skills', 'broken'), { recursive: true });
  writeFileSync(skillFile('broken'), '---\nname: Broken Name\n---\nno steps\n');
  writeFileSync(
    path.join(dir, 'agent.yaml'),
    [
      'state:',
      `  db: ${JSON.stringify(path.join(dir, 'agent.db'))}`,
      'skills:',
      `  dir: ${JSON.stringify(path.join(dir, 'skills'))}`,
      'log:',
      `  dir: ${JSON.stringify(path.join(dir, 'log'))}`,
      'scripts:',
      '  shipped: false',
    ].join('\n') + '\n',
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('skills list: code and Markdown skills, enabled or disabled with the reason', () => {
  const text = cli(['skills', 'list']);
  assert.equal(text.status, 0, text.stderr);
  // no tool lists recorded yet (the service never ran here): whether a skill can run now is not known ("?")
  assert.match(text.stdout, /^NAME\s+KIND\s+VERSION\s+ENABLED\s+AVAILABLE\s+PINNED\s+SOURCE/);
  assert.match(text.stdout, /\nquality_metrics\s+code\s+1\.2\.0\s+yes\s+\?\s+-\s+builtin:quality_metrics\n/);
  assert.match(text.stdout, /\nquality_compare\s+code\s+1\.0\.0\s+yes\s+\?\s+-\s+builtin:quality_compare\n/);
  assert.match(
    text.stdout,
    new RegExp(`\\noncall_check\\s+markdown\\s+${re(ONCALL)}\\s+yes\\s+\\?\\s+-\\s+\\S+oncall_check/SKILL\\.md\\n`),
  );
  assert.match(text.stdout, /\ndependencies: no tool lists recorded yet/);
  assert.match(
    text.stdout,
    /\nbroken\s+markdown\s+0\.0\.0\s+no\s+-\s+-\s+\S+broken\/SKILL\.md\n    disabled: .*front matter key "name"/,
  );
  assert.match(text.stdout, /15 skill\(s\), 14 enabled, 1 disabled/);
  const json = cli(['skills', 'list', '--json']);
  assert.equal(json.status, 0, json.stderr);
  const parsed = JSON.parse(json.stdout) as {
    skills: Array<{
      name: string;
      kind: string;
      version: string;
      enabled: boolean;
      source: string;
      reason: string | null;
    }>;
  };
  const names = parsed.skills.map((skill) => skill.name).sort();
  assert.deepEqual(names, [
    'batch_lookup',
    'broken',
    'calculator',
    'current_datetime',
    'document_search',
    'equipment_status',
    'fault_advice',
    'oncall_check',
    'oncall_check_procedure',
    'public_holidays',
    'quality_breakdown',
    'quality_compare',
    'quality_metrics',
    'weekly_report',
    'work_orders',
  ]);
  assert.match(parsed.skills.find((skill) => skill.name === 'broken')!.reason ?? '', /snake_case/);
});

test('skills reload prints what changed: a change without a version bump disables, a bump re-enables, new and removed files', () => {
  const first = cli(['skills', 'reload']);
  assert.equal(first.status, 0, first.stderr);
  assert.match(
    first.stdout,
    /^reloaded 15 skill\(s\) from .*: 14 enabled, 1 disabled\nno changes\nA running service reloads by itself/,
  );

  const original = readFileSync(skillFile('oncall_check'), 'utf8');
  writeFileSync(
    skillFile('oncall_check'),
    original.replace('- Terse: the template and nothing else', '- Terse: only the template'),
  );
  const unbumped = cli(['skills', 'reload']);
  assert.match(
    unbumped.stdout,
    new RegExp(`\\ndisabled\\s+oncall_check ${re(ONCALL)}: .*version did not increase.*bump "version"`),
  );

  writeFileSync(
    skillFile('oncall_check'),
    original
      .replace('- Terse: the template and nothing else', '- Terse: only the template')
      .replace(`version: ${ONCALL}`, `version: ${BUMPED}`),
  );
  mkdirSync(path.join(dir, 'skills', 'shift_check'), { recursive: true });
  writeFileSync(
    skillFile('shift_check'),
    '---\nname: shift_check\ndescription: Check the shift handover notes for open problems.\nversion: 1.0.0\n---\n## Steps\n1. Call search_documents.\n',
  );
  rmSync(path.join(dir, 'skills', 'broken'), { recursive: true });
  const bumped = cli(['skills', 'reload', '--json']);
  assert.equal(bumped.status, 0, bumped.stderr);
  const report = JSON.parse(bumped.stdout) as {
    changes: Array<{ change: string; name: string; version: string; previous_version?: string }>;
  };
  assert.deepEqual(
    report.changes.map((change) => [change.change, change.name, change.previous_version ?? '', change.version]).sort(),
    [
      ['added', 'shift_check', '', '1.0.0'],
      ['enabled', 'oncall_check', ONCALL, BUMPED],
    ],
  );
  const list = cli(['skills', 'list']);
  assert.match(list.stdout, /broken: no longer installed/);
});

test('skills without a known action is a usage error', () => {
  for (const args of [['skills'], ['skills', 'delete'], ['skills', 'list', '--bogus']]) {
    const result = cli(args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, /usage: airgap-agent skills list \[--json\] \| skills reload \[--json\]/);
  }
});
