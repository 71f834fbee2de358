// Types for scripts/bundle/sign.mjs (used by its tests).
import type { KeyObject } from 'node:crypto';
export interface Signing {
  key: KeyObject;
  file: string;
  dev: boolean;
}
export function devKeyFile(env?: Record<string, string | undefined>): string;
export function readPrivateKey(file: string, what: string): KeyObject;
export function releaseKey(env?: Record<string, string | undefined>): Signing;
export function fingerprint(publicKey: KeyObject | string | Buffer): string;
export function stageReleaseKey(
  stage: string,
  signing: Signing,
  env?: Record<string, string | undefined>,
): { fingerprint: string; endorsed: boolean };
export function signSums(stage: string, signing: Signing): Buffer;
