/**
 * The HTTP edge against hostile and slow clients (issue 12), over real
 * sockets: the service (fake agent) served by startHttpServer on 127.0.0.1.
 *
 * - log-in backoff per account (429 + Retry-After) that ends after a short
 *   wait and on a correct log-in; failures logged at warn with the address;
 * - JSON routes refuse text/plain and form bodies (415) and cross-site
 *   Origins (403) before anything happens;
 * - event streams per user are capped;
 * - half-sent headers and bodies are cut off; connections per address capped;
 * - TLS served directly, Secure cookies, the certificate reloaded in place.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { startHttpServer, type RunningServer } from './server.js';
import { FakeAgent, FakeSkills, FakeTools } from './testing/fakes.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';

class Lines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    for (const line of chunk.toString().split('\n'))
      if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  }
}

async function start(
  dir: string,
  server: Record<string, unknown>,
  logs?: Lines,
): Promise<{ running: RunningServer; agent: FakeAgent; close: () => Promise<void> }> {
  const config = configFromObject(
    {
      state: { db: path.join(dir, 'agent.db') },
      server: { host: '127.0.0.1', port: 0, ...server },
      log: { level: 'silent', dir: path.join(dir, 'log') },
    },
    dir,
  );
  const db = openAgentDb(config.state.db);
  const agent = new FakeAgent();
  const log = logs ? pino({ level: 'info' }, logs) : pino({ level: 'silent' });
  const running = await startHttpServer({
    deps: { config, db, agent, skills: new FakeSkills(), tools: new FakeTools(), log },
    log,
  });
  await running.http.service.accounts.add({ ...ADMIN, role: 'admin' });
  await running.http.service.accounts.add({ ...OPERATOR, role: 'operator' });
  return {
    running,
    agent,
    close: async () => {
      await running.close({ graceMs: 200 });
      db.close();
    },
  };
}

function login(url: string, user: { username: string; password: string }): Promise<Response> {
  return fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
}

/** A raw TCP client: resolves with the ms until the server closed the connection (or `give` ms, then -1). */
function closedWithin(port: number, send: string, give: number): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(send));
    const timer = setTimeout(() => (socket.destroy(), resolve(-1)), give);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

describe('the HTTP edge', () => {
  let dir: string;
  let service: Awaited<ReturnType<typeof start>>;
  let url: string;
  const logs = new Lines();
  let cookie: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'edge-'));
    service = await start(
      dir,
      { streams_per_user: 2, header_timeout_s: 1, request_timeout_s: 2, connections_per_address: 20 },
      logs,
    );
    url = service.running.url;
    cookie = (await login(url, OPERATOR)).headers.get('set-cookie')!.split(';')[0]!;
  });
  after(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('failed log-ins back off per account (429 + Retry-After), are logged at warn with the address, and the real user gets back in soon', async () => {
    const wrong = { username: ADMIN.username, password: 'guess-123456' };
    for (let attempt = 1; attempt <= 5; attempt++)
      assert.equal((await login(url, wrong)).status, 401, `attempt ${attempt}`);
    const throttled = await login(url, wrong);
    assert.equal(throttled.status, 429);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal((await throttled.json()).error.code, 'RATE_LIMITED');
    // the right password does not get through while the account waits either …
    assert.equal((await login(url, ADMIN)).status, 429);
    const failed = logs.lines.filter((line) => line.msg === 'login-failed');
    assert.equal(failed.length, 5);
    assert.equal(failed[0]!.level, 40, 'warn');
    assert.equal(failed[0]!.address, '127.0.0.1');
    assert.equal(failed[0]!.user, ADMIN.username);
    // … but after the short wait it does, and that resets the count
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    assert.equal((await login(url, ADMIN)).status, 200);
    assert.equal((await login(url, wrong)).status, 401);
    // another account from the same address is not held back by this one's failures
    assert.equal((await login(url, OPERATOR)).status, 200);
  });

  test('JSON routes refuse text/plain and form bodies with 415, and cross-site origins with 403, before anything runs', async () => {
    const asked = service.agent.asked.length;
    const body = JSON.stringify({ question: 'rules:hello' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await fetch(`${url}/api/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': type, Cookie: cookie },
        body,
      });
      assert.equal(response.status, 415, type);
      assert.match((await response.json()).error.message, /application\/json/);
    }
    const evil = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'http://evil.example' },
      body,
    });
    assert.equal(evil.status, 403);
    const crossSite = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
      body,
    });
    assert.equal(crossSite.status, 403);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(service.agent.asked.length, asked, 'no question was asked');
    const own = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: url },
      body,
    });
    assert.equal(own.status, 202);
  });

  test('event streams per user are capped (server.streams_per_user)', async () => {
    const opened: Response[] = [];
    for (let index = 0; index < 2; index++) {
      const accepted = await (
        await fetch(`${url}/api/tasks`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: cookie },
          body: JSON.stringify({ question: `block:s${index}` }),
        })
      ).json();
      const stream = await fetch(`${url}/api/tasks/${accepted.task_id}/events`, {
        headers: { Cookie: cookie, Accept: 'text/event-stream' },
      });
      assert.equal(stream.status, 200);
      opened.push(stream);
    }
    const accepted = await (
      await fetch(`${url}/api/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ question: 'block:s2' }),
      })
    ).json();
    const third = await fetch(`${url}/api/tasks/${accepted.task_id}/events`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
    });
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get('retry-after')) >= 1);
    for (const name of ['s0', 's1', 's2']) service.agent.release(name);
    for (const stream of opened) await stream.text();
  });

  test('half-sent headers and bodies are cut off; connections beyond the per-address cap are closed at once', async () => {
    const port = service.running.port;
    const [headers, body] = await Promise.all([
      closedWithin(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 8000),
      closedWithin(
        port,
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
        8000,
      ),
    ]);
    assert.ok(headers > 0 && headers < 4000, `half-sent headers closed after ${headers} ms`);
    assert.ok(body > 0 && body < 5000, `half-sent body closed after ${body} ms`);

    const sockets = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closed = sockets.filter((socket) => socket.destroyed || socket.readyState !== 'open').length;
    assert.ok(closed >= 10, `${closed} of 30 closed`);
    for (const socket of sockets) socket.destroy();
  });
});

function selfSigned(dir: string, name: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

function httpsRequest(
  port: number,
  options: { method?: string; path: string; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        rejectUnauthorized: false,
        agent: false,
        headers: options.body ? { 'Content-Type': 'application/json' } : {},
      },
      (response) => {
        const fingerprint = (response.socket as import('node:tls').TLSSocket).getPeerCertificate().fingerprint256;
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, fingerprint }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('TLS served directly', () => {
  test('https with server.tls.cert/key; Secure session cookie; a renewed certificate is picked up without a restart', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-tls-'));
    const first = selfSigned(dir, 'first');
    const tlsDir = path.join(dir, 'tls');
    execFileSync('mkdir', ['-p', tlsDir]);
    const cert = path.join(tlsDir, 'server.crt');
    const key = path.join(tlsDir, 'server.key');
    writeFileSync(cert, execFileSync('cat', [first.cert]));
    writeFileSync(key, execFileSync('cat', [first.key]));
    const service = await start(dir, { tls: { cert, key } });
    try {
      assert.match(service.running.url, /^https:\/\//);
      const health = await httpsRequest(service.running.port, { path: '/healthz' });
      assert.equal(health.status, 200);
      const loggedIn = await httpsRequest(service.running.port, {
        method: 'POST',
        path: '/api/login',
        body: JSON.stringify(OPERATOR),
      });
      assert.equal(loggedIn.status, 200);
      assert.match(String(loggedIn.headers['set-cookie']), /;\s*Secure/i);

      const second = selfSigned(dir, 'second');
      writeFileSync(key, execFileSync('cat', [second.key]));
      writeFileSync(cert, execFileSync('cat', [second.cert]));
      let now = health.fingerprint;
      for (let wait = 0; wait < 40 && now === health.fingerprint; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = (await httpsRequest(service.running.port, { path: '/healthz' })).fingerprint;
      }
      assert.notEqual(now, health.fingerprint, 'the new certificate is served');
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('plain HTTP: the session cookie is not Secure', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'edge-plain-'));
    const service = await start(dir, {});
    try {
      const response = await login(service.running.url, OPERATOR);
      assert.equal(response.status, 200);
      assert.doesNotMatch(response.headers.get('set-cookie') ?? '', /Secure/i);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
