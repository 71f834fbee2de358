/**
 * The log-in backoff holds however the guesses are spread (issue 29, N11):
 * real HTTP log-ins to the service on 127.0.0.1 from many loopback source
 * addresses (Linux routes all of 127.0.0.0/8 to lo; `localAddress` picks
 * the source), each scenario in its own /24.
 *
 * - 20 addresses × 19 guesses (each address under its own limit) are one
 *   guesser: the network's backoff stops them;
 * - the attacker's own correct log-in does not reset their address's count;
 * - while an account backs off for strangers, its owner still gets in with
 *   the right password from an address they logged in from before.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { startHttpServer, type RunningServer } from './server.js';
import { FakeAgent, FakeSkills, FakeTools } from './testing/fakes.js';
import { ADMIN, OPERATOR } from './testing/helpers.js';
import { ADDRESS_FREE, NETWORK_FREE, networkOf } from './throttle.js';

/** POST /api/login from `from`: the status. */
function loginFrom(port: number, from: string, user: { username: string; password: string }): Promise<number> {
  const body = JSON.stringify(user);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/login',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

describe('log-in backoff per address, network and account (N11)', () => {
  let dir: string;
  let running: RunningServer;
  let port: number;
  let db: ReturnType<typeof openAgentDb>;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'throttle-'));
    const config = configFromObject(
      {
        state: { db: path.join(dir, 'agent.db') },
        server: { host: '127.0.0.1', port: 0 },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      },
      dir,
    );
    db = openAgentDb(config.state.db);
    const log = pino({ level: 'silent' });
    running = await startHttpServer({
      deps: { config, db, agent: new FakeAgent(), skills: new FakeSkills(), tools: new FakeTools(), log },
      log,
    });
    port = running.port;
    await running.http.service.accounts.add({ ...ADMIN, role: 'admin' });
    await running.http.service.accounts.add({ ...OPERATOR, role: 'operator' });
  });
  after(async () => {
    await running?.close({ graceMs: 200 });
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('20 addresses × 19 guesses: the network backs off once it has had its share', async () => {
    const statuses: number[] = [];
    spray: for (let host = 1; host <= 20; host++)
      for (let guess = 1; guess <= ADDRESS_FREE - 1; guess++) {
        const status = await loginFrom(port, `127.0.1.${host}`, {
          username: `user${host}-${guess}`,
          password: 'guess-123456',
        });
        statuses.push(status);
        if (status === 429) break spray;
      }
    const checked = statuses.filter((status) => status === 401).length;
    assert.equal(statuses.at(-1), 429, `never throttled after ${statuses.length} guesses`);
    assert.equal(checked, NETWORK_FREE, 'passwords checked before the network backed off');
    // another network is not held back by this one
    assert.equal(await loginFrom(port, '127.0.9.1', OPERATOR), 200);
  });

  test("the attacker's own correct log-in does not reset their address's count", async () => {
    const from = '127.0.2.1';
    const statuses: number[] = [];
    for (let guess = 1; guess <= 2 * ADDRESS_FREE; guess++) {
      // every tenth attempt, a correct log-in to the attacker's own account
      if (guess % 10 === 0) statuses.push(await loginFrom(port, from, OPERATOR));
      const status = await loginFrom(port, from, { username: `victim${guess}`, password: 'guess-123456' });
      statuses.push(status);
      if (status === 429) break;
    }
    assert.equal(statuses.at(-1), 429, `never throttled: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((status) => status === 401).length, ADDRESS_FREE);
  });

  test('an account backing off for strangers: its owner still gets in from their usual address', async () => {
    const usual = '127.0.3.1';
    const attacker = '127.0.4.1';
    assert.equal(await loginFrom(port, usual, ADMIN), 200, 'the owner logs in as every day');
    const wrong = { username: ADMIN.username, password: 'guess-123456' };
    const attacks: number[] = [];
    for (let guess = 1; guess <= 6; guess++) attacks.push(await loginFrom(port, attacker, wrong));
    assert.deepEqual(attacks, [401, 401, 401, 401, 401, 429]);
    // a stranger's address, even with the right password: still the account's backoff
    assert.equal(await loginFrom(port, '127.0.5.1', ADMIN), 429);
    // the owner, at the usual machine, with the right password: in
    assert.equal(await loginFrom(port, usual, ADMIN), 200);
    // and their own mistypes there back off on their own
    const own: number[] = [];
    for (let guess = 1; guess <= 6; guess++) own.push(await loginFrom(port, usual, wrong));
    assert.deepEqual(own, [401, 401, 401, 401, 401, 429]);
  });

  test('networks: IPv4 /24, IPv6 /64, IPv4-mapped as IPv4', () => {
    assert.equal(networkOf('127.0.1.7'), '127.0.1.0/24');
    assert.equal(networkOf('::ffff:10.2.3.4'), '10.2.3.0/24');
    assert.equal(networkOf('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(networkOf('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(networkOf('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(networkOf('::1'), '0:0:0:0::/64');
  });
});
