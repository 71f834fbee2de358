/**
 * The console's way into the running service: the same HTTP API on a unix
 * socket (server.socket, e.g. /run/airgap-agent/cli.sock), so that `ask`,
 * `chat` and `agent-test` on the appliance answer in milliseconds instead of
 * starting their own agent.
 *
 * Authentication is the file's permissions: the socket is created mode 0660
 * (owner: the service user, group: its group) inside a directory only they
 * can enter, so root and the members of the service's group (the console
 * admins, `usermod -aG airgap-agent NAME`) can connect, nobody else. Every
 * request on it acts as the local admin account "console" (role admin,
 * created here, disabled: it has no password and can never log in over the
 * network). Requests on TCP never get that identity: it is handed to the app
 * as a binding of this listener only (`localUser`), never read from the request.
 */
import { chmodSync, existsSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { User } from './accounts.js';
import type { HttpApp } from './app.js';
import { LOCAL_USER } from './local-user.js';

export { localUser } from './local-user.js';

export const CONSOLE_USER = 'console';

/** The console account (admin, disabled for log-in, no usable password), created on first use. */
export function consoleUser(db: SqliteDatabase): User {
  const select = ():
    { user_id: number; username: string; role: 'admin' | 'operator'; created_at: string } | undefined =>
    db.prepare('SELECT user_id, username, role, created_at FROM users WHERE username = ?').get(CONSOLE_USER) as never;
  let row = select();
  if (!row) {
    // '!' is no hash: verifyPassword never matches it; disabled = 1 keeps it out of log-in and the account count
    db.prepare(
      "INSERT OR IGNORE INTO users (username, role, password_hash, created_at, disabled) VALUES (?, 'admin', '!', ?, 1)",
    ).run(CONSOLE_USER, now().toISOString());
    row = select()!;
  }
  if (row.role !== 'admin') db.prepare("UPDATE users SET role = 'admin' WHERE user_id = ?").run(row.user_id);
  return { user_id: row.user_id, username: row.username, role: 'admin', disabled: false, created_at: row.created_at };
}

export interface LocalSocket {
  path: string;
  server: Server;
  close(): Promise<void>;
}

async function inUse(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once('connect', () => (probe.destroy(), resolve(true)));
    probe.once('error', () => resolve(false));
  });
}

export async function listenLocalSocket(options: { http: HttpApp; file: string; log: Logger }): Promise<LocalSocket> {
  const { http, file, log } = options;
  const user = consoleUser(http.service.deps.db);
  if (existsSync(file)) {
    if (!lstatSync(file).isSocket())
      throw new AppError('USAGE', `server.socket ${file} exists and is not a socket`, {
        hint: 'remove the file or choose another path for server.socket',
      });
    if (await inUse(file))
      throw new AppError('USAGE', `another service already listens on ${file}`, {
        hint: 'stop the other airgap-agent serve, or give this one another server.socket',
      });
    unlinkSync(file); // left by a service that did not stop cleanly
  }
  const server = createAdaptorServer({
    fetch: (request: Request, env: Record<string, unknown>) => http.app.fetch(request, { ...env, [LOCAL_USER]: user }),
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new AppError('USAGE', `cannot listen on the console socket ${file} (${error.code ?? error.message})`, {
          hint: 'its folder must exist and be writable by the service user (the unit has RuntimeDirectory=airgap-agent), or set server.socket: null',
        }),
      ),
    );
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o660);
  server.requestTimeout = 0;
  log.info({ socket: file, as: CONSOLE_USER }, 'console-socket-listen');
  let closing: Promise<void> | undefined;
  return {
    path: file,
    server,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      }).then(() => {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      });
      return closing;
    },
  };
}
