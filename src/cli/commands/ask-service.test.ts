/**
 * `ask` and `chat` through the running service's console socket: the real
 * service (shipped MCP servers and skills on a seeded plant, src/http/testing/
 * live.ts) listening on a unix socket as well; the CLI commands are given a
 * factory that fails, so an answer can only come from the service. Pins: the
 * answer and the trace are those of the service, --json carries its trace id,
 * the socket is 0660 and its requests act as the local admin "console" (which
 * can never log in), TCP never gets that identity, and without the service
 * (or with --local) the command answers in process.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Collector } from '../../agent/fixtures/harness.js';
import { listenLocalSocket, type LocalSocket } from '../../http/local-socket.js';
import { startLiveService, type LiveService } from '../../http/testing/live.js';
import { connectService } from '../service-client.js';
import { runRemoteSuite } from '../../agent-test/remote.js';
import { askCommand, type RuntimeFactory } from './ask.js';
import { chatCommand } from './chat.js';

const noLocalAgent: RuntimeFactory = async () => {
  throw new Error('an agent was started in process although the service runs');
};

describe('ask and chat through the service', () => {
  let live: LiveService;
  let socket: LocalSocket;
  let configFile: string;
  let socketPath: string;
  before(async () => {
    live = await startLiveService();
    socketPath = path.join(live.dir, 'cli.sock');
    socket = await listenLocalSocket({ http: live.server.http, file: socketPath, log: live.server.http.service.log });
    configFile = path.join(live.dir, 'cli.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        plant: { timezone: 'Asia/Shanghai' },
        state: { db: path.join(live.dir, 'cli-agent.db') },
        server: { socket: socketPath },
        log: { level: 'silent', dir: path.join(live.dir, 'cli-log') },
      }),
    );
  });
  after(async () => {
    await socket?.close();
    await live?.close();
  });

  async function ask(args: string[], create: RuntimeFactory = noLocalAgent) {
    const stdout = new Collector();
    const stderr = new Collector();
    const code = await askCommand({
      context: { globals: { config: configFile }, args, command: 'ask' },
      create,
      io: { stdout, stderr },
    });
    return { code, stdout: stdout.text, stderr: stderr.text };
  }

  test('the socket is mode 0660; its requests act as the console admin, TCP requests never do', async () => {
    assert.equal(statSync(socketPath).mode & 0o777, 0o660);
    const probe = await connectService(socketPath);
    assert.ok(probe.runtime, probe.reason);
    assert.match(probe.runtime.via!, /as console/);
    const tcp = await fetch(`${live.url}/api/me`);
    assert.equal(tcp.status, 401);
    // the console account exists for the foreign keys, but can never log in
    const console = live.server.http.service.accounts.find('console');
    assert.equal(console?.role, 'admin');
    assert.equal(console?.disabled, true);
    const login = await fetch(`${live.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'console', password: '!' }),
    });
    assert.equal(login.status, 401);
  });

  test('ask: the service answers; stdout holds the answer, stderr the trace; --json has the trace id the audit log has', async () => {
    const plain = await ask(["What was line A's defect rate last Wednesday?"]);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /line A/i);
    assert.match(plain.stderr, /^\[via\] the service \(.*cli\.sock, as console\)$/m);
    assert.match(plain.stderr, /^ {2}→ query_database purpose: /m);
    assert.match(plain.stderr, /^ {2}← query_database ok /m);

    const json = await ask(["What was line A's defect rate last Wednesday?", '--json', '--quiet']);
    assert.equal(json.code, 0);
    assert.equal(json.stderr, '');
    const parsed = JSON.parse(json.stdout) as Record<string, any>;
    assert.equal(parsed.mode, 'rules');
    assert.match(parsed.trace_id, /^[0-9a-f-]{36}$/);
    live.runtime.audit.flush();
    const rows = live.runtime.db
      .prepare('SELECT DISTINCT session_id FROM tool_call_log WHERE trace_id = ?')
      .all(parsed.trace_id) as Array<{ session_id: string }>;
    assert.deepEqual(rows, [{ session_id: parsed.session }]);
    const owner = live.runtime.db
      .prepare('SELECT users.username FROM sessions JOIN users USING (user_id) WHERE session_id = ?')
      .get(parsed.session) as { username: string };
    assert.equal(owner.username, 'console');

    // the session goes on through the service
    const again = await ask(['and line B?', '--session', parsed.session, '--json', '--quiet']);
    assert.equal(again.code, 0, again.stdout);
    assert.equal((JSON.parse(again.stdout) as Record<string, unknown>).session, parsed.session);
  });

  test("an unknown session is the service's clear error", async () => {
    await assert.rejects(
      ask(['line A defect rate today?', '--session', 'no-such-session']),
      /the service: .*no-such-session|session/i,
    );
  });

  test('chat: questions go to the service; exit leaves', async () => {
    const stdin = new PassThrough();
    const stdout = new Collector();
    const stderr = new Collector();
    const done = chatCommand({
      context: { globals: { config: configFile }, args: [], command: 'chat' },
      create: noLocalAgent,
      io: { stdin, stdout, stderr },
    });
    stdin.end("What was line A's defect rate last Wednesday?\nexit\nnever asked\n");
    assert.equal(await done, 0, stderr.text);
    assert.match(stdout.text, /line A/i);
    assert.equal(stdout.text.trim().split('\n').length >= 1, true);
    assert.doesNotMatch(stdout.text, /never asked/);
  });

  test('agent-test --url unix:SOCKET replays cases through the service without credentials, sessions included', async () => {
    const cases = path.join(live.dir, 'cases');
    mkdirSync(cases);
    writeFileSync(
      path.join(cases, 'socket.yaml'),
      `- name: defect rate through the socket
  input: "A线上周的次品率是多少？"
  expected_mode: rules
  expected_skill: quality_metrics
  expected_output_matches: ['\\d+\\.\\d{2}%']
- name: first of a session
  input: "A线上周的产量"
  session: s
- name: follow-up in the same session
  input: "那B线呢？"
  session: s
  expected_output_contains: ["产线B"]
`,
    );
    const out = new Collector();
    const summary = await runRemoteSuite({
      paths: [cases],
      url: `unix:${socketPath}`,
      socket: socketPath,
      jobs: 2,
      failFast: false,
      caseTimeoutMs: 60_000,
      out,
      err: new Collector(),
    });
    assert.deepEqual(summary, { passed: 3, failed: 0, skipped: 0 }, out.text);
  });

  test('--local, or no service on the socket: the command answers in process', async () => {
    let created = 0;
    const counting: RuntimeFactory = async () => {
      created++;
      throw new Error('in-process agent requested');
    };
    await assert.rejects(ask(['line A defect rate?', '--local'], counting), /in-process agent requested/);
    assert.equal(created, 1);
    await socket.close();
    const probe = await connectService(socketPath);
    assert.match(probe.reason ?? '', /not running/);
    const result = ask(['line A defect rate?'], counting);
    await assert.rejects(result, /in-process agent requested/);
    assert.equal(created, 2);
  });
});
