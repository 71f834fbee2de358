/**
 * A real `serve` process as systemd runs it (issue 30): stderr is a file and $JOURNAL_STREAM names that file's
 * device:inode, as systemd names the journal's socket. Every line it writes there starts with its syslog priority
 * (`<3>` error, `<4>` warn, `<6>` info) so that `journalctl -p err` finds the errors — the JSON log lines, serve's
 * own notices and its shutdown lines alike. It answers a dozen questions, then SIGTERM stops it cleanly: exit 0,
 * "stopped", and no MaxListenersExceededWarning (or any other Node warning) on stderr.
 *
 * Nothing here sleeps for a fixed time: it waits for the line that says it listens (the file's change events), for
 * each answer's stream to end, and for the process's exit — so a busy machine only makes it slower.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedTestPlant } from '../../seed/index.js';
import { Accounts } from '../../http/accounts.js';
import { openAgentDb } from '../../store/agent-db.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ENTRY = path.join(ROOT, 'src', 'cli', 'entry.ts');
const ADMIN = { username: 'ada', password: 'admin-pass-123' };
/** more questions than EventEmitter's default limit of 10 listeners, and questions of many tool calls at once */
const QUESTIONS = [
  'A线上周三的次品率是多少？',
  "What was line B's defect rate last Wednesday?",
  'B线上周的产量',
  'line C output yesterday',
  '本周哪个班次次品率最高？',
  'Line A defect rate this week compared with last week',
  'B-PRESS-03状态',
  'which line was worst last week?',
  'D线昨天的良率',
  'and line A?',
  '那C线呢？',
  'what about this week?',
  // a month's rota: some 31 days looked up at once, each tool call listening to the question's one signal
  '下个月的值班表',
  'on-call rota for December',
];

/** syslog priorities by pino level, as sd-daemon(3) reads them */
const PRIORITY: Record<string, number> = { debug: 7, info: 6, warn: 4, error: 3, fatal: 2 };

/** The file's device:inode, as systemd writes $JOURNAL_STREAM. */
function journalStreamOf(fd: number): string {
  const stat = fstatSync(fd);
  return `${stat.dev}:${stat.ino}`;
}

/** Resolves with the file's text once it matches; rejects when the process exits first. */
function waitForText(file: string, pattern: RegExp, child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const watcher = watch(file);
    const done = (error?: Error): void => {
      watcher.close();
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(readFileSync(file, 'utf8'));
    };
    const check = (): void => {
      if (pattern.test(readFileSync(file, 'utf8'))) done();
    };
    const onExit = (code: number | null): void =>
      done(new Error(`serve exited (${code}) before ${pattern}:\n${readFileSync(file, 'utf8')}`));
    watcher.on('change', check);
    child.once('exit', onExit);
    check();
  });
}

describe('serve under journald, then SIGTERM (issue 30)', () => {
  let dir: string;
  let stderrFile: string;
  let exit: { code: number | null; signal: NodeJS.Signals | null };
  const answered: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'serve-journal-'));
    const plant = seedTestPlant({ dir, rows: 3000 });
    const db = openAgentDb(path.join(dir, 'agent.db'));
    await new Accounts(db, { ttlHours: 1 }).add({ ...ADMIN, role: 'admin' });
    db.close();
    const config = path.join(dir, 'config.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        plant: { db: plant.db, timezone: 'Asia/Shanghai' },
        docs: { root: plant.docsDir },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        log: { level: 'info', dir: path.join(dir, 'log') },
        reports: { dir: path.join(dir, 'reports') },
        llm: { base_url: null },
        skills: { watch: false },
        // a console socket that cannot be made (its folder is a file): an error logged and a warning, serve goes on
        server: { host: '127.0.0.1', port: 0, socket: path.join(config, 'cli.sock') },
      }),
    );
    stderrFile = path.join(dir, 'stderr.log');
    const fd = openSync(stderrFile, 'w');
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, '--config', config, 'serve'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', fd],
      env: { ...process.env, JOURNAL_STREAM: journalStreamOf(fd), AIRGAP_AGENT_NOW: '2026-11-29T10:00:00+08:00' },
    });
    closeSync(fd);
    const exited = new Promise<typeof exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const started = await waitForText(stderrFile, /listening on (http:\/\/\S+)/, child);
      const url = /listening on (http:\/\/\S+)/.exec(started)![1]!;
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      assert.equal(login.status, 200, await login.clone().text());
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      let sessionId: string | undefined;
      for (const question of QUESTIONS) {
        // the answer streamed to its end: the question is over when the response is
        const response = await fetch(`${url}/api/tasks`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
          body: JSON.stringify({ question, ...(sessionId ? { session_id: sessionId } : {}) }),
        });
        assert.equal(response.status, 200, question);
        sessionId ??= response.headers.get('x-session-id') ?? undefined;
        const stream = await response.text();
        if (/event: answer/.test(stream)) answered.push(question);
      }
    } finally {
      child.kill('SIGTERM');
      exit = await exited;
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('under journald every stderr line starts with its priority: <3> error, <4> warn, <6> info', () => {
    const lines = readFileSync(stderrFile, 'utf8').split('\n').filter(Boolean);
    const unprefixed = lines.filter((line) => !/^<[0-7]>/.test(line));
    assert.deepEqual(unprefixed, [], 'lines without a priority');
    for (const line of lines) {
      const json = line.slice(3);
      if (!json.startsWith('{')) continue;
      const { level } = JSON.parse(json) as { level: string };
      assert.equal(line.slice(0, 3), `<${PRIORITY[level]}>`, `a ${level} line: ${line.slice(0, 160)}`);
    }
    const plain = (prefix: string, pattern: RegExp): void =>
      assert.ok(
        lines.some((line) => line.startsWith(prefix) && pattern.test(line)),
        `no ${prefix} line matching ${pattern}`,
      );
    plain('<6>', /^<6>airgap-agent serve: listening on http:/);
    plain('<4>', /^<4>airgap-agent serve: WARNING: /); // the console socket it could not make
    plain('<3>', /^<3>\{.*"msg":"console-socket-failed"/);
    plain('<6>', /^<6>\{.*"msg":"answer"/);
    plain('<6>', /^<6>airgap-agent serve: SIGTERM, shutting down/);
    plain('<6>', /^<6>airgap-agent serve: stopped$/);
  });

  test('SIGTERM after 14 answers: exit 0, stopped, no MaxListenersExceededWarning', () => {
    const stderr = readFileSync(stderrFile, 'utf8');
    assert.deepEqual(answered, QUESTIONS, 'every question was answered before the signal');
    assert.deepEqual(exit, { code: 0, signal: null }, stderr.slice(-2000));
    assert.match(stderr, /serve: stopped\n$/);
    assert.doesNotMatch(stderr, /MaxListenersExceededWarning/);
    assert.doesNotMatch(stderr, /\(node:\d+\) \w*Warning/, 'no Node warning of any kind');
  });

  test('off the journal (JOURNAL_STREAM names another file) no line carries a priority; an error is <3> on it', () => {
    const config = path.join(dir, 'bad.yaml');
    writeFileSync(config, 'server:\n  prot: 8081\n');
    const run = (journal: 'this' | 'other'): string => {
      const file = path.join(dir, `error-${journal}.log`);
      const fd = openSync(file, 'w');
      const other = openSync(path.join(dir, 'other.log'), 'w');
      try {
        const result = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, '--config', config, 'config', 'show'], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', fd],
          env: { ...process.env, JOURNAL_STREAM: journalStreamOf(journal === 'this' ? fd : other) },
        });
        assert.equal(result.status, 1);
      } finally {
        closeSync(fd);
        closeSync(other);
      }
      return readFileSync(file, 'utf8');
    };
    const journal = run('this').split('\n').filter(Boolean);
    assert.match(journal[0]!, /^<3>error: invalid config/);
    assert.ok(
      journal.every((line) => line.startsWith('<3>')),
      journal.join('\n'),
    );
    assert.ok(journal.some((line) => line.startsWith('<3>  fix: ')));
    const plain = run('other');
    assert.match(plain, /^error: invalid config/);
    assert.doesNotMatch(plain, /<\d>/);
  });
});
