/**
 * The release signature (issue 29, "a release a plant can trust"): a bundle
 * signed by scripts/bundle/sign.mjs, checked by install.sh's own
 * verify_signature (`install.sh --verify-signature`, the same function the
 * install runs before anything else) with the real openssl. A tampered
 * bundle (contents and SHA256SUMS rewritten), a bundle signed by another key,
 * an unsigned one are refused; a new key signed by the trusted one is
 * accepted (key rotation). The full install path is in deploy/test/guest-test.sh.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devKeyFile, fingerprint, releaseKey, signSums, stageReleaseKey } from './sign.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function keyFile(dir: string, name: string): string {
  const file = path.join(dir, `${name}.pem`);
  writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  return file;
}

/** A small bundle: a few files, install.sh, release-key.pem, SHA256SUMS and its signature. */
function bundle(dir: string, name: string, env: Record<string, string>): string {
  const stage = path.join(dir, name);
  mkdirSync(path.join(stage, 'bin'), { recursive: true });
  copyFileSync(path.join(root, 'install.sh'), path.join(stage, 'install.sh'));
  writeFileSync(path.join(stage, 'bin', 'airgap-agent'), '#!/bin/sh\necho the program\n');
  writeFileSync(path.join(stage, 'bundle.env'), 'VERSION=9.9.9\n');
  const signing = releaseKey(env);
  stageReleaseKey(stage, signing, env);
  writeSums(stage);
  signSums(stage, signing);
  return stage;
}

function writeSums(stage: string): void {
  const files = ['bin/airgap-agent', 'bundle.env', 'install.sh', 'release-key.pem', 'release-key.endorsement'].filter(
    (file) => {
      try {
        return statSync(path.join(stage, file)).isFile();
      } catch {
        return false;
      }
    },
  );
  const sums = files.map(
    (file) =>
      `${createHash('sha256')
        .update(readFileSync(path.join(stage, file)))
        .digest('hex')}  ${file}`,
  );
  writeFileSync(path.join(stage, 'SHA256SUMS'), `${sums.join('\n')}\n`);
}

function verify(stage: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = spawnSync('bash', [path.join(stage, 'install.sh'), '--verify-signature', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const publicKeyOf = (stage: string): string => path.join(stage, 'release-key.pem');

test('install.sh verifies the signature; a tampered bundle, another key and no signature are refused', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sign-'));
  try {
    const keyA = keyFile(dir, 'a');
    const keyB = keyFile(dir, 'b');
    const good = bundle(dir, 'good', { AIRGAP_RELEASE_KEY: keyA });
    const expected = fingerprint(readFileSync(publicKeyOf(good)));
    assert.match(expected, /^SHA256:[0-9a-f]{64}$/);

    // a first install: verified with the bundle's own key, the fingerprint printed to compare out of band
    const first = verify(good);
    assert.equal(first.status, 0, first.out);
    assert.match(first.out, new RegExp(`FIRST INSTALL: compare this fingerprint .*: ${expected}`));
    // the fingerprint given out of band must match
    assert.equal(verify(good, [], { AIRGAP_TRUST_RELEASE_KEY: expected }).status, 0);
    const wrongPin = verify(good, [], { AIRGAP_TRUST_RELEASE_KEY: `SHA256:${'0'.repeat(64)}` });
    assert.equal(wrongPin.status, 1);
    assert.match(wrongPin.out, /not by the key you gave/);

    // an upgrade: against the installed release's key
    const trusted = path.join(dir, 'installed-key.pem');
    copyFileSync(publicKeyOf(good), trusted);
    const upgrade = verify(good, ['--against', trusted]);
    assert.equal(upgrade.status, 0, upgrade.out);
    assert.match(upgrade.out, new RegExp(`signature OK: SHA256SUMS signed by ${expected}`));

    // tampered: a file changed and SHA256SUMS rewritten to match (the signature cannot be)
    const tampered = bundle(dir, 'tampered', { AIRGAP_RELEASE_KEY: keyA });
    writeFileSync(path.join(tampered, 'bin', 'airgap-agent'), '#!/bin/sh\necho evil\n');
    writeSums(tampered);
    const altered = verify(tampered, ['--against', trusted]);
    assert.equal(altered.status, 1, altered.out);
    assert.match(altered.out, /ERROR: SHA256SUMS does not match its signature .*altered after it was signed/);
    assert.match(altered.out, /fix: .*nothing was changed/);

    // signed by another key (its own public key inside, SHA256SUMS and signature all consistent)
    const other = bundle(dir, 'other', { AIRGAP_RELEASE_KEY: keyB });
    assert.equal(verify(other).status, 0, 'consistent in itself');
    const foreign = verify(other, ['--against', trusted]);
    assert.equal(foreign.status, 1, foreign.out);
    assert.match(foreign.out, /signed by another key \(SHA256:[0-9a-f]{64}\) than the key .* \(SHA256:[0-9a-f]{64}\)/);
    assert.match(foreign.out, /AIRGAP_TRUST_RELEASE_KEY=SHA256:/);

    // key rotation: B signed by A is accepted by an appliance that trusts A
    const rotated = bundle(dir, 'rotated', { AIRGAP_RELEASE_KEY: keyB, AIRGAP_RELEASE_PREVIOUS_KEY: keyA });
    const accepted = verify(rotated, ['--against', trusted]);
    assert.equal(accepted.status, 0, accepted.out);
    assert.match(accepted.out, /release key rotated: SHA256:[0-9a-f]{64} → SHA256:[0-9a-f]{64}/);
    // …but an endorsement by anyone else is not
    const selfEndorsed = bundle(dir, 'self-endorsed', { AIRGAP_RELEASE_KEY: keyB, AIRGAP_RELEASE_PREVIOUS_KEY: keyB });
    assert.equal(verify(selfEndorsed, ['--against', trusted]).status, 1);

    // unsigned
    unlinkSync(path.join(other, 'SHA256SUMS.sig'));
    const unsigned = verify(other);
    assert.equal(unsigned.status, 1);
    assert.match(unsigned.out, /the bundle is not signed \(no SHA256SUMS\.sig\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without AIRGAP_RELEASE_KEY a development key is made once under the cache folder, 0600', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sign-dev-'));
  try {
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const first = releaseKey(env);
    assert.equal(first.dev, true);
    assert.equal(first.file, devKeyFile(env));
    assert.equal(statSync(first.file).mode & 0o777, 0o600);
    const second = releaseKey(env);
    assert.equal(fingerprint(second.key), fingerprint(first.key), 'the same key every build');
    writeFileSync(
      path.join(dir, 'rsa.pem'),
      generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }),
    );
    assert.throws(
      () => releaseKey({ AIRGAP_RELEASE_KEY: path.join(dir, 'rsa.pem') }),
      /an rsa key; the release is signed with Ed25519/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
