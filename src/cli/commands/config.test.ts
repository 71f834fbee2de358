/**
 * `config check --json` and `config show --json` as a script meets them (issue 30): the real program in its own
 * process, its stdout parsed as JSON, its exit code read — 0 when the file is valid, 1 with every problem when not,
 * the problems of a file that cannot be read (missing, a folder) and of its TLS files as JSON too.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const ENTRY = fileURLToPath(new URL('../entry.ts', import.meta.url));
const ROOT = path.resolve(path.dirname(ENTRY), '..', '..');
/** tsx by path, so the program runs from any folder (as bin/airgap-agent starts it) */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

function cli(args: string[], cwd = ROOT): { code: number | null; stdout: string; stderr: string } {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  const result = spawnSync(process.execPath, ['--import', TSX, ENTRY, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface CheckJson {
  file: string | null;
  ok: boolean;
  problems: { key: string; value: unknown; line: number | null; column: number | null; message: string; fix: string }[];
}

/** the documented shape: {"file", "ok", "problems": [{key, value, line, column, message, fix}]}, every key present */
function parseCheck(stdout: string): CheckJson {
  const parsed = JSON.parse(stdout) as CheckJson;
  assert.deepEqual(Object.keys(parsed).sort(), ['file', 'ok', 'problems']);
  assert.equal(typeof parsed.ok, 'boolean');
  assert.ok(Array.isArray(parsed.problems));
  for (const problem of parsed.problems) {
    assert.deepEqual(Object.keys(problem).sort(), ['column', 'fix', 'key', 'line', 'message', 'value']);
    assert.equal(typeof problem.key, 'string');
    assert.ok(problem.message.length > 0);
    assert.ok(problem.fix.length > 0, `${problem.key}: no fix`);
    assert.ok(problem.line === null || Number.isInteger(problem.line));
  }
  assert.equal(parsed.ok, parsed.problems.length === 0);
  return parsed;
}

describe('config --json (issue 30)', () => {
  let dir: string;
  const file = (name: string, text: string): string => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'config-json-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('check --json of a valid file: ok, no problems, exit 0, nothing on stderr', () => {
    const good = file('good.yaml', 'server:\n  port: 8081\nplant:\n  timezone: Asia/Shanghai\n');
    const result = cli(['config', 'check', '--json', good]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(parseCheck(result.stdout), { file: good, ok: true, problems: [] });
    assert.equal(result.stderr, '');
    // --json after the file, and the file from --config, read the same
    assert.equal(cli(['config', 'check', good, '--json']).code, 0);
    const viaGlobal = cli(['--config', good, 'config', 'check', '--json']);
    assert.equal(viaGlobal.code, 0);
    assert.equal(parseCheck(viaGlobal.stdout).file, good);
  });

  test('check --json with no file: the defaults are valid', () => {
    const result = cli(['config', 'check', '--json'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(parseCheck(result.stdout), { file: null, ok: true, problems: [] });
  });

  test('check --json of a bad file: every problem at once, with line, value and fix, exit 1', () => {
    const bad = file('bad.yaml', 'server:\n  prot: 8081\nplant:\n  timezone: Asia/Shangai\nquery:\n  max_rows: 500\n');
    const result = cli(['config', 'check', '--json', bad]);
    assert.equal(result.code, 1);
    const checked = parseCheck(result.stdout);
    assert.equal(checked.file, bad);
    assert.equal(checked.ok, false);
    assert.deepEqual(
      checked.problems.map(({ key, value, line }) => ({ key, value, line })),
      [
        { key: 'server.prot', value: 8081, line: 2 },
        { key: 'plant.timezone', value: 'Asia/Shangai', line: 4 },
        { key: 'query.max_rows', value: 500, line: 6 },
      ],
    );
    assert.match(checked.problems[0]!.message, /did you mean "port"/);
    assert.equal(checked.problems[0]!.fix, 'rename it to server.port');
    assert.match(checked.problems[1]!.message, /did you mean Asia\/Shanghai/);
    // the same file without --json: the same problems, as text on stderr, the same exit code
    const text = cli(['config', 'check', bad]);
    assert.equal(text.code, 1);
    assert.match(text.stderr, /3 problem\(s\) in /);
  });

  test('check --json of a YAML syntax error: its line and column', () => {
    const broken = file('broken.yaml', 'server:\n  port: [8081\n');
    const result = cli(['config', 'check', '--json', broken]);
    assert.equal(result.code, 1);
    const [problem, ...rest] = parseCheck(result.stdout).problems;
    assert.equal(rest.length, 0);
    assert.equal(problem!.key, '(YAML syntax)');
    assert.ok(Number.isInteger(problem!.line) && Number.isInteger(problem!.column), JSON.stringify(problem));
  });

  test('check --json of a missing file or a folder: the problem as JSON, exit 1', () => {
    const missing = path.join(dir, 'missing.yaml');
    const folder = path.join(dir, 'etc');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'config.yaml'), 'server:\n  port: 8081\n');
    for (const [target, message, fix] of [
      [missing, /config file not found/, /existing file/],
      [folder, /is a folder, not a config file/, /did you mean --config .*etc\/config\.yaml/],
    ] as const) {
      const result = cli(['config', 'check', '--json', target]);
      assert.equal(result.code, 1, target);
      const checked = parseCheck(result.stdout);
      assert.equal(checked.file, target);
      assert.equal(checked.problems.length, 1);
      assert.equal(checked.problems[0]!.key, '(file)');
      assert.match(checked.problems[0]!.message, message);
      assert.match(checked.problems[0]!.fix, fix);
    }
  });

  test('check --json checks the TLS files as the text form does', () => {
    const tls = file('tls.yaml', 'server:\n  tls:\n    cert: missing.crt\n    key: missing.key\n');
    const text = cli(['config', 'check', tls]);
    assert.equal(text.code, 1);
    const result = cli(['config', 'check', '--json', tls]);
    assert.equal(result.code, 1, result.stdout);
    const [problem] = parseCheck(result.stdout).problems;
    assert.equal(problem!.key, 'server.tls.cert');
    assert.match(problem!.message, /missing\.crt \(ENOENT\)/);
  });

  test('show --json: the effective config as JSON, the same as the YAML form, paths absolute', () => {
    const cfg = path.join(dir, 'cfg');
    mkdirSync(cfg);
    const one = path.join(cfg, 'one.yaml');
    writeFileSync(one, 'server:\n  port: 18503\nplant:\n  db: data/plant.db\n');
    const result = cli(['--config', one, 'config', 'show', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const shown = JSON.parse(result.stdout) as {
      server: { port: number };
      plant: { db: string; timezone: string };
      state: { db: string };
      llm: unknown;
    };
    assert.equal(shown.server.port, 18503);
    assert.equal(shown.plant.db, path.join(cfg, 'data', 'plant.db'));
    assert.equal(shown.state.db, path.join(cfg, 'var', 'agent.db')); // a default, relative to the file's folder
    assert.equal(typeof shown.plant.timezone, 'string'); // defaults filled in
    assert.ok('llm' in shown);
    const yaml = cli(['--config', one, 'config', 'show']);
    assert.equal(yaml.code, 0);
    assert.throws(() => JSON.parse(yaml.stdout)); // without --json: YAML, not JSON
    assert.deepEqual(shown, parse(yaml.stdout));
  });

  test('show --json of a bad config: exit 1, nothing on stdout, the problems and their fix on stderr', () => {
    const bad = file('show-bad.yaml', 'server:\n  prot: 8081\n');
    const result = cli(['--config', bad, 'config', 'show', '--json']);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /server\.prot/);
    assert.match(result.stderr, /fix: /);
  });
});
