/**
 * server.tls files that are wrong (issue 29, N16), with real keys made by
 * openssl: `config check` names each problem with its fix (a mismatched
 * pair, an encrypted key, garbage, a FIFO — which must not hang it); `serve`
 * stops with that sentence, never OpenSSL's own text; and a TCP connection
 * that never sends a ClientHello is closed after server.header_timeout_s.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import { startHttpServer } from './server.js';
import { FakeAgent, FakeSkills, FakeTools } from './testing/fakes.js';

const ENTRY = fileURLToPath(new URL('../cli/entry.ts', import.meta.url));

function keyPair(dir: string, name: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
    ].concat(['-days', '2', '-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'ignore' },
  );
  return { cert, key };
}

describe('server.tls files (N16)', () => {
  let dir: string;
  let good: { cert: string; key: string };
  let other: { cert: string; key: string };
  let encrypted: string;
  let garbage: string;
  let fifo: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tls-files-'));
    good = keyPair(dir, 'good');
    other = keyPair(dir, 'other');
    encrypted = path.join(dir, 'encrypted.key');
    execFileSync('openssl', ['pkey', '-in', good.key, '-aes256', '-passout', 'pass:secret', '-out', encrypted]);
    garbage = path.join(dir, 'garbage.key');
    writeFileSync(garbage, 'this is not a key\n');
    fifo = path.join(dir, 'fifo.key');
    execFileSync('mkfifo', [fifo]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function configWith(cert: string, key: string): string {
    const file = path.join(dir, `config-${path.basename(cert)}-${path.basename(key)}.yaml`);
    writeFileSync(
      file,
      JSON.stringify({
        state: { db: path.join(dir, 'agent.db') },
        server: { host: '127.0.0.1', port: 0, tls: { cert, key } },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      }),
    );
    return file;
  }

  function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AIRGAP_AGENT_CONFIG: '' },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  test('config check: a good pair is OK', () => {
    const result = cli(['config', 'check', configWith(good.cert, good.key)]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /OK/);
  });

  test('config check names a mismatched pair, an encrypted key, garbage and a FIFO, each with its fix', () => {
    const cases: Array<[string, string, RegExp, RegExp]> = [
      [
        good.cert,
        other.key,
        /server\.tls\.key: .*other\.key does not belong to the certificate/,
        /openssl x509 -noout -pubkey/,
      ],
      [good.cert, encrypted, /server\.tls\.key: .*encrypted\.key is encrypted/, /cannot type a passphrase/],
      [good.cert, garbage, /server\.tls\.key: .*garbage\.key is not a PEM private key/, /PEM/],
      [garbage, good.key, /server\.tls\.cert: .*garbage\.key is not a PEM certificate/, /BEGIN CERTIFICATE/],
      [good.cert, fifo, /server\.tls\.key: .*fifo\.key is not a regular file \(a FIFO\)/, /PEM file itself/],
      [good.cert, path.join(dir, 'missing.key'), /server\.tls\.key: cannot read .*missing\.key \(ENOENT\)/, /point/],
    ];
    for (const [cert, key, message, fix] of cases) {
      const result = cli(['config', 'check', configWith(cert, key)]);
      assert.equal(result.status, 1, `${key}: ${result.stdout} ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.match(result.stderr, new RegExp(`fix: .*${fix.source}`));
    }
  });

  test('serve stops with the sentence and its fix, never bare OpenSSL text', () => {
    const result = cli(['--config', configWith(good.cert, other.key), 'serve']);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /error: server\.tls\.key: .*does not belong to the certificate/);
    assert.match(result.stderr, /fix: /);
    assert.doesNotMatch(result.stderr, /error:[0-9A-F]{8}|routines|KEY_VALUES_MISMATCH|at .*\.js:\d+/);
  });

  test('a TCP connection that never sends a ClientHello is closed after header_timeout_s', async () => {
    const config = configFromObject(
      {
        state: { db: path.join(dir, 'agent-hs.db') },
        server: { host: '127.0.0.1', port: 0, header_timeout_s: 1, tls: good },
        log: { level: 'silent', dir: path.join(dir, 'log') },
      },
      dir,
    );
    const db = openAgentDb(config.state.db);
    const log = pino({ level: 'silent' });
    const running = await startHttpServer({
      deps: { config, db, agent: new FakeAgent(), skills: new FakeSkills(), tools: new FakeTools(), log },
      log,
    });
    try {
      const closedAfter = await new Promise<number>((resolve) => {
        const started = performance.now();
        const socket = net.connect(running.port, '127.0.0.1');
        const timer = setTimeout(() => (socket.destroy(), resolve(-1)), 20_000);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(performance.now() - started);
        });
      });
      assert.ok(closedAfter > 0, 'a silent connection stayed open for 20 s');
    } finally {
      await running.close({ graceMs: 200 });
      db.close();
    }
  });
});
