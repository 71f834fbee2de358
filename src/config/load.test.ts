import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfigText, formatProblems, loadConfig } from './load.js';
import { AppError } from '../errors.js';

test('an empty file is the defaults', () => {
  const result = checkConfigText('');
  assert.ok(result.ok);
  if (result.ok) {
    assert.equal(result.config.query.max_rows, 100);
    assert.equal(result.config.query.timeout_ms, 5000);
    assert.equal(result.config.query.cache.ttl_s, 300);
    assert.equal(result.config.plant.timezone, 'Asia/Shanghai');
  }
});

test('a bad value names the key, the value, the line and the fix', () => {
  const result = checkConfigText('plant:\n  timezone: UTC\nquery:\n  max_rows: 500\n');
  assert.equal(result.ok, false);
  if (!result.ok) {
    const [problem] = result.problems;
    assert.equal(problem?.key, 'query.max_rows');
    assert.equal(problem?.value, 500);
    assert.equal(problem?.line, 4);
    assert.match(problem?.fix ?? '', /at most 100/);
  }
});

test('unknown keys and time zones are refused', () => {
  const result = checkConfigText('plant:\n  timezone: Mars/Olympus\n');
  assert.equal(result.ok, false);
  const typo = checkConfigText('qurey:\n  max_rows: 5\n');
  assert.equal(typo.ok, false);
  if (!typo.ok) assert.equal(typo.problems[0]?.key, 'qurey');
});

test('relative paths resolve against the config file folder', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
  const file = path.join(dir, 'config.yaml');
  writeFileSync(file, 'plant:\n  db: data/plant.db\n');
  const { config } = loadConfig({ config: file });
  assert.equal(config.plant.db, path.join(dir, 'data', 'plant.db'));
});

test('a missing file is CONFIG_NOT_FOUND with a hint', () => {
  assert.throws(
    () => loadConfig({ config: '/nonexistent/config.yaml' }),
    (error: unknown) => error instanceof AppError && error.code === 'CONFIG_NOT_FOUND',
  );
});

test('configuring one MCP server keeps the shipped ones; a shipped one can be switched off or tuned', () => {
  const result = checkConfigText(
    'mcp:\n  servers:\n    query:\n      timeout_ms: 30000\n    docs:\n      enabled: false\n    erp:\n      command: /opt/erp/mcp\n      args: ["{root}/x"]\n',
  );
  assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
  if (result.ok) {
    const servers = result.config.mcp.servers;
    assert.deepEqual(Object.keys(servers).sort(), ['docs', 'erp', 'holidays', 'plant', 'query', 'utils']);
    assert.equal(servers.query?.builtin, 'query');
    assert.equal(servers.query?.timeout_ms, 30000);
    assert.equal(servers.docs?.enabled, false);
    assert.equal(servers.erp?.command, '/opt/erp/mcp');
  }
  const only = checkConfigText('mcp:\n  shipped_servers: false\n  servers:\n    erp:\n      command: /opt/erp/mcp\n');
  assert.ok(only.ok);
  if (only.ok) assert.deepEqual(Object.keys(only.config.mcp.servers), ['erp']);
});

test('llm.base_url must be an http(s) URL with a host', () => {
  for (const bad of ['localhost:8081', 'ftp://x/v1', 'notaurl']) {
    const result = checkConfigText(`llm:\n  base_url: "${bad}"\n`);
    assert.equal(result.ok, false, bad);
    if (!result.ok) assert.equal(result.problems[0]?.key, 'llm.base_url');
  }
  assert.ok(checkConfigText('llm:\n  base_url: http://127.0.0.1:8081/v1\n').ok);
});

test('every problem in one run, in file order: a misspelt key names the one meant, the time zone too', () => {
  const result = checkConfigText('plant:\n  timezone: Asia/Shangai\nserver:\n  prot: 8081\nquery:\n  max_rows: 500\n');
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.deepEqual(
    result.problems.map((problem) => [problem.key, problem.line]),
    [
      ['plant.timezone', 2],
      ['server.prot', 4],
      ['query.max_rows', 6],
    ],
  );
  assert.match(result.problems[0]!.message, /did you mean Asia\/Shanghai\?/);
  assert.match(result.problems[1]!.message, /did you mean "port"\?/);
  assert.equal(result.problems[1]!.fix, 'rename it to server.port');
  // a key nothing is close to lists the keys that section has
  const far = checkConfigText('server:\n  zzzzzz: 1\n');
  assert.ok(!far.ok && /use one of: host, port/.test(far.problems[0]!.fix));
});

test('a YAML syntax error names its line and column and the line itself', () => {
  const result = checkConfigText('plant:\n\tname: x\n');
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.problems.length, 1);
  const [problem] = result.problems;
  assert.equal(problem?.line, 2);
  assert.equal(problem?.column, 1);
  assert.match(problem?.fix ?? '', /spaces, not tabs/);
  assert.match(formatProblems('/etc/c.yaml', result.problems), /^\/etc\/c\.yaml:2:1: /);
});

test('a folder as the config file is a clear error, naming the file inside it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
  writeFileSync(path.join(dir, 'config.yaml'), '');
  assert.throws(
    () => loadConfig({ config: dir }),
    (error: unknown) =>
      error instanceof AppError &&
      /is a folder, not a config file/.test(error.message) &&
      (error.hint ?? '').includes(path.join(dir, 'config.yaml')),
  );
});

test('relative paths, the defaults too, are read from the config file folder', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
  const file = path.join(dir, 'llm.yaml');
  writeFileSync(file, 'llm:\n  base_url: http://127.0.0.1:8081/v1\nlog:\n  dir: logs\n');
  const { config } = loadConfig({ config: file });
  assert.equal(config.state.db, path.join(dir, 'var', 'agent.db'));
  assert.equal(config.log.dir, path.join(dir, 'logs'));
});
