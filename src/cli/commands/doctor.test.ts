import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openAgentDb } from '../../store/agent-db.js';
import { seedTestPlant } from '../../seed/testing.js';
import { startTinyService } from '../../llm/embedded/test-fixture.js';
import { formatChecks, runDoctor, type Check } from './doctor.js';

function setup(): { dir: string; root: string; config: (extra?: string) => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doctor-'));
  const root = path.join(dir, 'app');
  mkdirSync(path.join(root, 'vendor', 'models'), { recursive: true });
  mkdirSync(path.join(dir, 'skills'));
  writeFileSync(path.join(dir, 'skills', 'weekly_report.md'), '# weekly report');
  mkdirSync(path.join(dir, 'docs'));
  const config = (extra = '') => {
    const file = path.join(dir, 'config.yaml');
    writeFileSync(
      file,
      `plant:\n  db: ${dir}/plant.db\nstate:\n  db: ${dir}/agent.db\nskills:\n  dir: ` +
        `${dir}/skills\ndocs:\n  root: ${dir}/docs\nlog:\n  dir: ${dir}/log\n${extra}`,
    );
    return file;
  };
  return { dir, root, config };
}

const byName = (checks: Check[], name: string) => checks.find((check) => check.name === name);

test('doctor names a missing plant.db and agent.db with what to do, and fails', async () => {
  const { dir, root, config } = setup();
  const checks = await runDoctor({ config: config(), root });
  assert.equal(byName(checks, 'config')?.status, 'ok');
  assert.equal(byName(checks, 'plant.db')?.status, 'fail');
  assert.match(byName(checks, 'plant.db')?.fix ?? '', /airgap-agent seed --db/);
  assert.equal(byName(checks, 'agent.db')?.status, 'warn');
  assert.equal(byName(checks, 'docs')?.status, 'warn');
  assert.match(formatChecks(checks), /^FAIL plant\.db: .*\n {5}fix: /m);
  rmSync(dir, { recursive: true, force: true });
});

test('doctor on a seeded plant reports row counts and the agent.db schema', async () => {
  const { dir, root, config } = setup();
  seedTestPlant({ dir, rows: 500 });
  openAgentDb(path.join(dir, 'agent.db')).close();
  const checks = await runDoctor({ config: config(), root });
  assert.match(byName(checks, 'plant.db')?.detail ?? '', /quality_data 500/);
  assert.match(byName(checks, 'agent.db')?.detail ?? '', /schema \d+ \(current\), journal wal/);
  assert.equal(byName(checks, 'skills')?.status, 'ok');
  assert.equal(byName(checks, 'docs')?.status, 'ok');
  assert.equal(byName(checks, 'model')?.status, 'warn', 'no model and no endpoint: rules only is a warning');
  assert.ok(!checks.some((check) => check.status === 'fail'), formatChecks(checks));
  rmSync(dir, { recursive: true, force: true });
});

test('a newer agent.db and a broken config are failures', async () => {
  const { dir, root, config } = setup();
  const db = openAgentDb(path.join(dir, 'agent.db'));
  db.pragma('user_version = 999');
  db.close();
  const checks = await runDoctor({ config: config(), root });
  assert.equal(byName(checks, 'agent.db')?.status, 'fail');
  const broken = await runDoctor({ config: config('server:\n  port: eighty\n'), root });
  assert.equal(broken.length, 1);
  assert.equal(broken[0]?.status, 'fail');
  assert.match(broken[0]?.detail ?? '', /server\.port/);
  rmSync(dir, { recursive: true, force: true });
});

test('the model is checked against its manifest: size and sha256', async () => {
  const { dir, root, config } = setup();
  const model = path.join(root, 'vendor', 'models', 'tiny.gguf');
  writeFileSync(model, 'GGUF not really a model');
  const sha = createHash('sha256').update('GGUF not really a model').digest('hex');
  const manifest = (sha256: string, size = 23) =>
    writeFileSync(
      path.join(root, 'vendor', 'models', 'manifest.json'),
      JSON.stringify({ models: [{ name: 'tiny.gguf', size, sha256, licence: 'MIT' }] }),
    );
  const file = config('llm:\n  base_url: null\n  embedded:\n    port: 1\n');
  manifest(sha);
  let checks = await runDoctor({ config: file, root });
  assert.equal(byName(checks, 'model')?.status, 'ok', formatChecks(checks));
  assert.match(byName(checks, 'model')?.detail ?? '', /sha256 matches the manifest, licence MIT/);
  // the embedded service is not running: named, with the unit to start
  assert.equal(byName(checks, 'llm endpoint')?.status, 'fail');
  assert.match(byName(checks, 'llm endpoint')?.fix ?? '', /systemctl start airgap-agent-llm/);
  manifest('0'.repeat(64));
  checks = await runDoctor({ config: file, root });
  assert.match(byName(checks, 'model')?.detail ?? '', /does not match the manifest/);
  manifest(sha, 99);
  checks = await runDoctor({ config: file, root, quick: true });
  assert.match(byName(checks, 'model')?.detail ?? '', /is 23 bytes, the manifest says 99/);
  rmSync(dir, { recursive: true, force: true });
});

test('the embedded model reported whole: checksum, size and template family, endpoint, a smoke completion', async () => {
  const { dir, root, config } = setup();
  const service = await startTinyService({ contextSize: 512, parallel: 1 });
  try {
    const port = new URL(service.server.url).port;
    const file = config(`llm:\n  base_url: null\n  embedded:\n    model: ${service.file}\n    port: ${port}\n`);
    const checks = await runDoctor({ config: file, root });
    assert.match(byName(checks, 'model')?.detail ?? '', /tiny-test\.gguf: sha256 matches the manifest/);
    const info = byName(checks, 'model info');
    assert.equal(info?.status, 'ok', formatChecks(checks));
    assert.match(info.detail, /^tiny-test\.gguf: \d+ KB, GGUF v3, llama, F32, trained context 32768; chat template: /);
    assert.equal(byName(checks, 'llm endpoint')?.status, 'ok', formatChecks(checks));
    const smoke = byName(checks, 'model smoke');
    assert.equal(smoke?.status, 'ok', formatChecks(checks));
    assert.match(smoke.detail, /token\(s\) in \d+ ms/);
    // the text report: one line each, in this order
    assert.match(
      formatChecks(checks),
      /\nok {3}model: .*\nok {3}model info: .*\nok {3}llm endpoint: .*\nok {3}model smoke: /,
    );
    // --quick: no checksum, no smoke completion
    const quick = await runDoctor({ config: file, root, quick: true });
    assert.equal(byName(quick, 'model smoke'), undefined);
    assert.match(byName(quick, 'model')?.detail ?? '', /checksum skipped/);
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the configured LLM endpoint is probed at /models, then smoke-tested at /chat/completions, nothing else', async () => {
  const { dir, root, config } = setup();
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    response.writeHead(request.url === '/v1/models' ? 200 : 404, { 'content-type': 'application/json' });
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    let checks = await runDoctor({
      config: config(`llm:\n  base_url: http://127.0.0.1:${port}/v1\n  api_key: k\n`),
      root,
    });
    assert.equal(byName(checks, 'llm endpoint')?.status, 'ok');
    assert.equal(byName(checks, 'model')?.status, 'ok');
    // this server answers 404 to a completion: the smoke test says so
    assert.equal(byName(checks, 'model smoke')?.status, 'fail');
    assert.match(byName(checks, 'model smoke')?.detail ?? '', /chat\/completions answered HTTP 404/);
    checks = await runDoctor({ config: config(`llm:\n  base_url: http://127.0.0.1:${port}/wrong\n`), root });
    assert.equal(byName(checks, 'llm endpoint')?.status, 'fail');
    assert.match(byName(checks, 'llm endpoint')?.detail ?? '', /HTTP 404/);
    assert.equal(byName(checks, 'model smoke'), undefined, 'no smoke completion when the endpoint does not answer');
    assert.deepEqual(seen, ['GET /v1/models Bearer k', 'POST /v1/chat/completions Bearer k', 'GET /wrong/models ']);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'skills are counted through the registry: shipped and custom Markdown skills, code skills, ' +
    'disabled ones with the reason; agent.db is not written',
  async () => {
    const { dir, root, config } = setup();
    const custom = path.join(dir, 'custom-skills');
    const skill = (folder: string, name: string, text = '## Steps\n1. Answer the question.') => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, 'SKILL.md'),
        `---\nname: ${name}\ndescription: a test skill\nversion: 1.0.0\n---\n${text}\n`,
      );
    };
    skill(path.join(dir, 'skills', 'shift_notes'), 'shift_notes');
    skill(path.join(custom, 'line_c_check'), 'line_c_check');
    mkdirSync(path.join(custom, 'broken'));
    writeFileSync(path.join(custom, 'broken', 'SKILL.md'), 'no front matter at all\n');
    // a stray file and a shared folder are not skills
    writeFileSync(path.join(dir, 'skills', 'index.ts'), 'export {};\n');
    mkdirSync(path.join(dir, 'skills', 'shared'));
    openAgentDb(path.join(dir, 'agent.db')).close();
    const withCustomFile = (folder: string) => {
      const file = config();
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/(\nskills:\n  dir: .*\n)/, `$1  custom_dir: ${folder}\n`),
      );
      return file;
    };
    const checks = await runDoctor({ config: withCustomFile(custom), root });
    const skills = checks.filter((check) => check.name === 'skills');
    const enabled = skills.find((check) => check.status === 'ok');
    assert.ok(enabled, formatChecks(checks));
    assert.match(enabled.detail, /code, 2 Markdown\): /);
    assert.match(enabled.detail, /shift_notes/);
    assert.match(enabled.detail, /line_c_check/);
    assert.doesNotMatch(enabled.detail, /index\.ts|shared/);
    const disabled = skills.filter((check) => check.status === 'warn');
    assert.equal(disabled.length, 1, formatChecks(checks));
    assert.match(disabled[0]!.detail, /broken.*disabled: .*SKILL\.md/);
    // the registry ran against a copy: agent.db's skills table is untouched
    const db = openAgentDb(path.join(dir, 'agent.db'));
    assert.equal((db.prepare('SELECT count(*) AS n FROM skills').get() as { n: number }).n, 0);
    db.close();
    // a custom folder that does not exist is a warning with the command to create it
    const missing = await runDoctor({ config: withCustomFile(path.join(dir, 'nope')), root });
    assert.match(missing.find((check) => check.name === 'skills' && check.status === 'warn')?.fix ?? '', /install -d/);
    rmSync(dir, { recursive: true, force: true });
  },
);
