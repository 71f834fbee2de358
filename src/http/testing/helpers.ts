/** Helpers for in-process route tests: accounts, log-in, JSON requests, reading an SSE body. */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeHarness } from './fakes.js';
import { readSse, dataOf, type SseEvent } from './sse-client.js';

export const ADMIN = { username: 'ada', password: 'admin-pass-123' };
export const OPERATOR = { username: 'otto', password: 'operator-pass-123' };

export async function addUsers(harness: Pick<FakeHarness, 'service'>): Promise<void> {
  await harness.service.accounts.add({ ...ADMIN, role: 'admin' });
  await harness.service.accounts.add({ ...OPERATOR, role: 'operator' });
}

/** Log in and return the Cookie header value. */
export async function cookieFor(
  harness: Pick<FakeHarness, 'app'>,
  user: { username: string; password: string },
): Promise<string> {
  const response = await harness.app.request('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

export function json(body: unknown, cookie?: string, extra: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...extra },
    body: JSON.stringify(body),
  };
}

export function get(cookie?: string, extra: Record<string, string> = {}): RequestInit {
  return { headers: { ...(cookie ? { Cookie: cookie } : {}), ...extra } };
}

export async function events(
  harness: Pick<FakeHarness, 'app'>,
  taskId: string,
  auth: string | { cookie: string; lastEventId: number },
): Promise<SseEvent[]> {
  const { cookie, lastEventId } = typeof auth === 'string' ? { cookie: auth, lastEventId: undefined } : auth;
  const headers: Record<string, string> = { Cookie: cookie, Accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  const response = await harness.app.request(`/api/tasks/${taskId}/events`, { headers });
  if (response.status === 204) return [];
  if (response.status !== 200) throw new Error(`events: ${response.status} ${await response.text()}`);
  return (await readSse(response)).events;
}

export { dataOf };

export function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (condition()) return resolve();
      if (Date.now() > deadline) return reject(new Error('condition not met in time'));
      setTimeout(check, 5);
    };
    check();
  });
}

/** A maintenance script marked `critical: true` (stop a line): it must never run unattended. */
const STOP_MANIFEST = `name: stop_line
version: 1.0.0
description: { en: Stop a production line (critical), zh: 停止一条生产线（关键操作） }
command: ['./run']
args:
  type: object
  properties:
    line: { type: string, enum: [A, B, C] }
  required: [line]
  additionalProperties: false
timeout_s: 10
critical: true
phrasings:
  - text: stop line B now
    args: { line: B }
  - text: 立即停止B线
    args: { line: B }
`;

/**
 * Writes the critical `stop_line` script into a scripts folder; if it ever
 * runs it leaves `stopped` beside the reports folder (tests assert it does not).
 */
export function writeCriticalStopScript(scriptsDir: string): void {
  const folder = path.join(scriptsDir, 'stop_line');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'manifest.yaml'), STOP_MANIFEST);
  writeFileSync(path.join(folder, 'run'), `#!/bin/sh\ndate > "$AIRGAP_REPORTS_DIR/../stopped"\necho stopped\n`);
  chmodSync(path.join(folder, 'run'), 0o755);
}

/**
 * The manifest of a harmless `restart_test_unit` script that needs approval,
 * restarting one of `services` (allow-listed as `<name>.service`); `phrasings`
 * (YAML list items) let the rules route to it.
 */
export function restartTestManifest(services: string[], phrasings = ''): string {
  return `name: restart_test_unit
version: 1.0.0
description: { en: Restart an allow-listed test unit (harmless), zh: 重启允许列表中的测试服务（无害） }
command: ['./run']
args:
  type: object
  properties:
    service: { type: string, enum: [${services.join(', ')}] }
  required: [service]
  additionalProperties: false
timeout_s: 10
needs_approval: true
touches: { units: [${services.map((service) => `${service}.service`).join(', ')}] }
${phrasings ? `phrasings:\n${phrasings}` : ''}`;
}
