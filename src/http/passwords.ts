/**
 * Password hashes: scrypt (node:crypto) with a random 16-byte salt per user,
 * stored as `scrypt$N$r$p$salt$hash` (base64url), compared in constant time.
 * The parameters travel with the hash, so they can be raised later without
 * breaking old accounts.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

function derive(
  password: string,
  salt: Buffer,
  { options, length }: { options: ScryptOptions; length: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { options: PARAMS, length: KEY_LENGTH });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length === 0) return false;
  const key = await derive(password, Buffer.from(saltText, 'base64url'), {
    options: { N: Number(n), r: Number(r), p: Number(p) },
    length: expected.length,
  });
  return timingSafeEqual(key, expected);
}

/** A hash that matches nothing, verified against when a user is unknown so both paths take as long. */
export const DUMMY_HASH =
  `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64url')}$` +
  `${Buffer.alloc(KEY_LENGTH, 1).toString('base64url')}`;

/** Why a new password is unacceptable, or undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN)
    return `the password is too short (${password.length} characters; at least ${PASSWORD_MIN})`;
  if (password.length > PASSWORD_MAX) return `the password is too long (at most ${PASSWORD_MAX} characters)`;
  if (password.trim() !== password) return 'the password starts or ends with white space (a pasted newline?)';
  return undefined;
}
