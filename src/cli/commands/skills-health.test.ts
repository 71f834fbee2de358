/**
 * `skills list` and `doctor` as an admin runs them beside the service (the
 * program itself, bin/airgap-agent): every installed version and which one
 * runs, the pins, every registry field in --json, and the skills that cannot
 * run — a server switched off in the config (as the service's recorded tool
 * lists say which server offers what), a pin nothing installed satisfies.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

const walk = (version: string, step: string): string =>
  `---\nname: line_walk\ndescription: Walk the line and list what needs a look.\nversion: ${version}\ntools: [query_database]\n---\n## Steps\n1. ${step}\n`;

const tool = (name: string) => ({ name, description: '', inputSchema: { type: 'object' } });

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'skills-health-'));
  for (const [folder, text] of [
    ['walk-old', walk('1.0.0', 'Query the open work orders.')],
    ['walk-new', walk('1.1.0', 'Query the open work orders and the equipment.')],
  ] as const) {
    mkdirSync(path.join(dir, 'custom', folder), { recursive: true });
    writeFileSync(path.join(dir, 'custom', folder, 'SKILL.md'), text);
  }
  // what the service recorded on its first start: which server offers which tool
  writeFileSync(
    path.join(dir, 'mcp-tools.json'),
    JSON.stringify({
      version: 1,
      servers: {
        query: { fingerprint: 'a', tools: ['query_database', 'describe_schema'].map(tool) },
        plant: {
          fingerprint: 'b',
          tools: ['search_work_orders', 'get_current_oncall', 'list_open_issues', 'list_engineers'].map(tool),
        },
        holidays: { fingerprint: 'c', tools: ['is_public_holiday', 'list_country_holidays'].map(tool) },
        docs: { fingerprint: 'd', tools: ['search_documents', 'read_document', 'list_documents'].map(tool) },
        utils: { fingerprint: 'e', tools: ['current_datetime', 'calculator'].map(tool) },
      },
    }),
  );
  writeFileSync(
    path.join(dir, 'agent.yaml'),
    JSON.stringify({
      state: { db: path.join(dir, 'agent.db') },
      skills: {
        dir: path.join(appRoot(), 'skills'),
        custom_dir: path.join(dir, 'custom'),
        pins: { line_walk: '~1.0', quality_metrics: '^2' },
      },
      mcp: { servers: { docs: { enabled: false } } },
      log: { dir: path.join(dir, 'log') },
    }),
  );
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('skills list: versions side by side, the pin that chooses, and why a skill cannot run now', () => {
  const text = cli(['skills', 'list']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /\nline_walk\s+markdown\s+1\.0\.0\s+yes\s+yes\s+~1\.0\s+\S+walk-old\/SKILL\.md\n/);
  assert.match(text.stdout, /\n {4}also 1\.1\.0: installed \S+walk-new\/SKILL\.md\n/);
  assert.match(text.stdout, /\nquality_metrics\s+code\s+1\.2\.0\s+yes\s+no\s+\^2\s+builtin:quality_metrics\n/);
  assert.match(
    text.stdout,
    /\n {4}unavailable: skill "quality_metrics": skills\.pins pins "\^2", but the installed version\(s\) 1\.2\.0 do not satisfy it\n/,
  );
  assert.match(text.stdout, /\ndocument_search\s+code\s+1\.0\.0\s+yes\s+no\s+-\s+builtin:document_search\n/);
  assert.match(
    text.stdout,
    new RegExp(
      'unavailable: document_search needs search_documents: the "docs" server, which offers search_documents, ' +
        'is switched off \\(mcp\\.servers\\.docs\\.enabled: false\\)',
    ),
  );
  assert.match(text.stdout, /\nweekly_report\s+code\s+1\.0\.0\s+yes\s+yes\s+-\s+builtin:weekly_report\n/);
  assert.match(text.stdout, /, 2 unavailable now — /);
  assert.match(text.stdout, /\ndependencies: the tool lists the service recorded in \S+mcp-tools\.json\n/);
});

test('skills list --json: every field of the registry', () => {
  const json = cli(['skills', 'list', '--json']);
  assert.equal(json.status, 0, json.stderr);
  const parsed = JSON.parse(json.stdout) as { pins: Record<string, string>; skills: Array<Record<string, any>> };
  assert.deepEqual(parsed.pins, { line_walk: '~1.0', quality_metrics: '^2' });
  const byName = new Map(parsed.skills.map((skill) => [skill.name as string, skill]));
  const metrics = byName.get('quality_metrics')!;
  assert.equal(metrics.timeout_ms, 30000);
  assert.deepEqual(metrics.retry, {
    retryable: ['TOOL_TIMEOUT', 'MCP_SERVER_EXITED', 'QUERY_TIMEOUT', 'MCP_SERVER_BUSY'],
    maxAttempts: 4,
    backoffMs: [1000, 3000, 9000],
  });
  assert.ok(metrics.error_codes.includes('SKILL_OUTPUT_INVALID'));
  assert.deepEqual(metrics.dependencies, { tools: ['query_database'], skills: [], servers: ['query'] });
  assert.ok(
    Array.isArray(metrics.output.oneOf) || Array.isArray(metrics.output.anyOf),
    'an output schema (answers and refusals)',
  );
  assert.equal(metrics.parameters.type, 'object');
  assert.deepEqual([metrics.available, metrics.unavailable.state, metrics.pinned], [false, 'pinned', '^2']);
  const documents = byName.get('document_search')!;
  assert.deepEqual(
    [documents.available, documents.unavailable.state, documents.unavailable.server],
    [false, 'disabled', 'docs'],
  );
  const walk = byName.get('line_walk')!;
  assert.deepEqual(
    walk.versions.map((version: { version: string; default: boolean }) => [version.version, version.default]),
    [
      ['1.1.0', false],
      ['1.0.0', true],
    ],
  );
  // a shipped maintenance script: its sensitive argument must be given, never defaulted
  const restart = byName.get('restart_service')!;
  assert.deepEqual(restart.explicit, ['service']);
  assert.equal(restart.needs_approval, true);
  assert.equal(byName.get('oncall_check')!.timeout_ms, 20000, "a Markdown skill shows its fallback's timeout");
});

test('doctor: the skills that cannot run, with the fix; no console socket, no service to ask', () => {
  const result = cli(['doctor', '--json', '--quick']);
  const report = JSON.parse(result.stdout) as {
    checks: Array<{ name: string; status: string; detail: string; fix?: string }>;
  };
  const skills = report.checks.filter((check) => check.name === 'skills');
  const documents = skills.find((check) => /^document_search is unavailable/.test(check.detail));
  assert.equal(documents?.status, 'warn');
  assert.match(documents?.fix ?? '', /mcp\.servers\.docs\.enabled: true/);
  const pinned = skills.find((check) => /^quality_metrics is unavailable/.test(check.detail));
  assert.match(pinned?.fix ?? '', /change skills\.pins\.quality_metrics/);
  const service = report.checks.find((check) => check.name === 'service');
  assert.deepEqual(
    [service?.status, service?.detail],
    ['ok', 'no console socket configured (server.socket): breakers and servers are on /readyz'],
  );
});
