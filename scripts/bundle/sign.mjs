// The release signature: an Ed25519 signature of the bundle's SHA256SUMS
// (SHA256SUMS.sig, 64 raw bytes), and the public key it verifies with
// (release-key.pem, listed in SHA256SUMS). install.sh checks it with openssl
// against a pinned key (docs/admin-guide.md, "Release signatures").
//
// The private key is never in the repository. It comes from
//   AIRGAP_RELEASE_KEY=FILE     a PEM Ed25519 private key (the release build);
// else a development key is made once under the user's cache folder
//   ${XDG_CACHE_HOME:-~/.cache}/airgap-agent/release-key.pem   (0600)
// and the build says so: a plant trusts it only by comparing its fingerprint.
//   AIRGAP_RELEASE_PREVIOUS_KEY=FILE  key rotation: the previous private key
// signs the new public key (release-key.endorsement), so an appliance that
// pinned the previous key accepts the new one on upgrade.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The cache folder's development key file. */
export function devKeyFile(env = process.env) {
  const cache = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), '.cache');
  return path.join(cache, 'airgap-agent', 'release-key.pem');
}

/** A PEM private key file as an Ed25519 KeyObject, or a clear error. */
export function readPrivateKey(file, what) {
  let key;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (error) {
    throw new Error(`${what} ${file}: not a readable PEM private key (${error.code ?? error.message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `${what} ${file}: an ${key.asymmetricKeyType} key; the release is signed with Ed25519 (openssl genpkey -algorithm ed25519)`,
    );
  return key;
}

/** The signing key: AIRGAP_RELEASE_KEY, or the development key (made on first use). */
export function releaseKey(env = process.env) {
  if (env.AIRGAP_RELEASE_KEY)
    return {
      key: readPrivateKey(env.AIRGAP_RELEASE_KEY, 'AIRGAP_RELEASE_KEY'),
      file: env.AIRGAP_RELEASE_KEY,
      dev: false,
    };
  const file = devKeyFile(env);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return { key: readPrivateKey(file, 'the development release key'), file, dev: true };
}

/** SHA256:<hex> of the public key's DER (SubjectPublicKeyInfo): what install.sh prints and compares. */
export function fingerprint(publicKey) {
  const der = createPublicKey(publicKey).export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('hex')}`;
}

/**
 * Before SHA256SUMS is written: the public key (and an endorsement by the
 * previous key) into the stage, so that SHA256SUMS lists them.
 */
export function stageReleaseKey(stage, signing, env = process.env) {
  const publicPem = createPublicKey(signing.key).export({ type: 'spki', format: 'pem' });
  writeFileSync(path.join(stage, 'release-key.pem'), publicPem);
  if (env.AIRGAP_RELEASE_PREVIOUS_KEY) {
    const previous = readPrivateKey(env.AIRGAP_RELEASE_PREVIOUS_KEY, 'AIRGAP_RELEASE_PREVIOUS_KEY');
    writeFileSync(path.join(stage, 'release-key.endorsement'), sign(null, Buffer.from(publicPem), previous));
  }
  return { fingerprint: fingerprint(signing.key), endorsed: Boolean(env.AIRGAP_RELEASE_PREVIOUS_KEY) };
}

/** After SHA256SUMS is written: its signature. */
export function signSums(stage, signing) {
  const signature = sign(null, readFileSync(path.join(stage, 'SHA256SUMS')), signing.key);
  writeFileSync(path.join(stage, 'SHA256SUMS.sig'), signature);
  return signature;
}
