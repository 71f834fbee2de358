/**
 * The console socket knows who connects (issue 29, N3): a member of the
 * socket's group is not an admin by membership. The real socket, the real
 * client (src/cli/service-client.ts) in its own process started as another
 * uid (nobody, with the socket's group), and the proof files forged every
 * way a local user could: no proof, a symlink, a hard link to root's file,
 * a FIFO, a stale file, a proof used twice.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectService, socketRequest } from '../cli/service-client.js';
import { listenLocalSocket, type LocalSocket } from './local-socket.js';
import { createProof, PEER_HEADER, proofDir } from './peer-proof.js';
import { fakeHarness, type FakeHarness } from './testing/fakes.js';
import { addUsers } from './testing/helpers.js';

const NOBODY = 65534;
const CLIENT = fileURLToPath(new URL('./fixtures/socket-peer-client.ts', import.meta.url));
const CHECKER = fileURLToPath(new URL('./fixtures/peer-proof-check.ts', import.meta.url));
/** the service runs as its own user, never root: daemon (uid 1) plays it */
const SERVICE = 1;
const asRoot = process.getuid?.() === 0;
const skip = asRoot ? false : 'needs root: the test starts the client as another uid';

/** The real client as uid `uid` with the socket's group (gid 0 here): what each path answered. */
function clientAs(uid: number, socketPath: string, paths: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLIENT, socketPath, ...paths], {
      uid,
      gid: 0,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: '/tmp', HOME: '/tmp' },
      cwd: path.dirname(CLIENT),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch {
        reject(new Error(`client exited ${code}: ${out} ${err}`));
      }
    });
  });
}

/** checkProof in a process of uid `uid` (the service's half, as the service runs it). */
function checkAs(uid: number, dir: string, name: string): any {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CHECKER, dir, name], {
    uid,
    gid: SERVICE,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: '/tmp', HOME: '/tmp' },
    cwd: path.dirname(CHECKER),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '');
}

/** One raw request on the socket with a chosen X-Airgap-Peer value (or none). */
function raw(socketPath: string, requestPath: string, proof?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath,
        path: requestPath,
        method: 'GET',
        headers: { host: 'console', ...(proof !== undefined ? { [PEER_HEADER]: proof } : {}) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.once('error', reject);
    request.end();
  });
}

describe('the console socket maps the peer uid to an account (N3)', { skip }, () => {
  let harness: FakeHarness;
  let socket: LocalSocket;
  let socketPath: string;
  let proofs: string;
  before(async () => {
    harness = fakeHarness();
    await addUsers(harness);
    // the folder must let a group member reach the socket (the unit's RuntimeDirectory is 0750, group airgap-agent)
    const dir = path.join(harness.dir, 'run');
    mkdirSync(dir);
    chmodSync(harness.dir, 0o755);
    chmodSync(dir, 0o750);
    socketPath = path.join(dir, 'cli.sock');
    socket = await listenLocalSocket({ http: harness, file: socketPath, log: harness.service.log });
    proofs = proofDir(socketPath);
  });
  after(async () => {
    await socket?.close();
    harness?.close();
  });

  test('the proofs folder is sticky, group may create but not list, others nothing', () => {
    assert.equal(statSync(socketPath).mode & 0o777, 0o660);
    assert.equal(statSync(proofs).mode & 0o7777, 0o1730);
  });

  test('a group member without an account of their own is refused, not made the console admin', async () => {
    const [me, approvals] = await clientAs(NOBODY, socketPath, ['/api/me', '/api/approvals']);
    assert.equal(me.status, 403, JSON.stringify(me.body));
    assert.match(me.body.error.message, /local user nobody \(uid 65534\) has no airgap-agent account/);
    assert.match(me.body.error.hint, /users add nobody --role operator/);
    assert.equal(approvals.status, 403);
    assert.deepEqual(readdirSync(proofs), [], 'every proof is removed once read');
  });

  test('with an operator account of the same name: that operator, who may not read approvals or the audit', async () => {
    await harness.service.accounts.add({ username: 'nobody', password: 'nobody-pass-123', role: 'operator' });
    try {
      const [me, approvals, audit] = await clientAs(NOBODY, socketPath, ['/api/me', '/api/approvals', '/api/audit']);
      assert.equal(me.status, 200);
      assert.equal(me.body.username, 'nobody');
      assert.equal(me.body.role, 'operator');
      assert.equal(approvals.status, 403);
      assert.equal(audit.status, 403);
      // disabled: refused again, with the way back
      harness.service.accounts.setDisabled('nobody', true);
      const [disabled] = await clientAs(NOBODY, socketPath, ['/api/me']);
      assert.equal(disabled.status, 403);
      assert.match(disabled.body.error.hint, /users enable nobody/);
    } finally {
      harness.db.prepare("DELETE FROM users WHERE username = 'nobody'").run();
    }
  });

  test('root (and the service user) is the console admin; the CLI says so', async () => {
    const probe = await connectService(socketPath);
    assert.ok(probe.runtime, probe.reason);
    assert.match(probe.runtime.via!, /as console/);
    const approvals = await socketRequest(socketPath, { method: 'GET', path: '/api/approvals' });
    approvals.body.resume();
    assert.equal(approvals.status, 200);
  });

  test("the CLI reports the service's refusal instead of answering in process", async () => {
    // a refused identity is the answer: connectService throws it (ask would otherwise start its own agent)
    const refusal = await clientAs(NOBODY, socketPath, ['--connect']);
    assert.equal(refusal.code, 'FORBIDDEN', JSON.stringify(refusal));
    assert.match(refusal.message, /the service: the local user nobody .* has no airgap-agent account/);
    assert.match(refusal.hint, /users add nobody/);
  });

  test('forged proofs are refused: none, bad names, a symlink, a hard link, a FIFO, a stale file, one used twice', async () => {
    const none = await raw(socketPath, '/api/me');
    assert.equal(none.status, 401);
    assert.match(none.body.error.message, /carries no peer proof/);
    assert.equal((await raw(socketPath, '/api/me', '../../etc/passwd')).status, 401);

    const name = (n: number): string => n.toString(16).padStart(32, '0');
    // a symlink to a file root owns
    writeFileSync(path.join(harness.dir, 'roots-file'), 'x');
    symlinkSync(path.join(harness.dir, 'roots-file'), path.join(proofs, name(1)));
    const link = await raw(socketPath, '/api/me', name(1));
    assert.equal(link.status, 401);
    assert.match(link.body.error.message, /symbolic link/);
    // a hard link to another user's file: two links
    linkSync(path.join(harness.dir, 'roots-file'), path.join(proofs, name(2)));
    const hard = await raw(socketPath, '/api/me', name(2));
    assert.equal(hard.status, 401);
    assert.match(hard.body.error.message, /other links/);
    // a FIFO must not hang the service
    execFileSync('mkfifo', [path.join(proofs, name(3))]);
    const fifo = await raw(socketPath, '/api/me', name(3));
    assert.equal(fifo.status, 401);
    assert.match(fifo.body.error.message, /not a regular file/);
    // a proof left lying around for ten minutes
    const stale = path.join(proofs, name(4));
    writeFileSync(stale, '1\n');
    chownSync(stale, NOBODY, NOBODY);
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(stale, old, old);
    const staleReply = await raw(socketPath, '/api/me', name(4));
    assert.equal(staleReply.status, 401);
    assert.match(staleReply.body.error.message, /stale/);
    // a fresh proof owned by nobody works once, as nobody (refused: no account), and never again
    const fresh = path.join(proofs, name(5));
    writeFileSync(fresh, '1\n');
    chownSync(fresh, NOBODY, NOBODY);
    const first = await raw(socketPath, '/api/me', name(5));
    assert.equal(first.status, 403);
    assert.match(first.body.error.message, /uid 65534/);
    const again = await raw(socketPath, '/api/me', name(5));
    assert.equal(again.status, 401);
    assert.match(again.body.error.message, /no peer proof/);
  });

  test('TCP requests never get a local identity', async () => {
    const response = await harness.app.request('/api/me', { headers: { [PEER_HEADER]: '0'.repeat(32) } });
    assert.equal(response.status, 401);
  });
});

describe('a service that is not root tells who made a proof (N3, as installed)', { skip }, () => {
  test("the client's proof file is 0600 and its own: the service user still reads its owner, then removes it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'peer-proof-'));
    try {
      chmodSync(dir, 0o755);
      const socketFile = path.join(dir, 'cli.sock');
      const proofs = proofDir(socketFile);
      mkdirSync(proofs);
      chownSync(proofs, SERVICE, 0);
      chmodSync(proofs, 0o1730);
      // the real client's half, as nobody would make it: mode 0600, owned by its maker
      const proof = createProof(socketFile)!;
      const file = path.join(proofs, proof.name);
      chownSync(file, NOBODY, NOBODY);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.deepEqual(checkAs(SERVICE, proofs, proof.name), { ok: true, uid: NOBODY });
      assert.deepEqual(readdirSync(proofs), [], 'the proof is removed once read');
      // and root's own proof (sudo airgap-agent ask) is root's
      const rootProof = createProof(socketFile)!;
      assert.deepEqual(checkAs(SERVICE, proofs, rootProof.name), { ok: true, uid: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
