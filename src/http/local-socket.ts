/**
 * The console's way into the running service: the same HTTP API on a unix
 * socket (server.socket, e.g. /run/airgap-agent/cli.sock), so that `ask`,
 * `chat` and `agent-test` on the appliance answer in milliseconds instead of
 * starting their own agent.
 *
 * Who may connect is the file's permissions: the socket is created mode 0660
 * (owner: the service user, group: its group) inside a directory only they
 * can enter, so root and the members of the service's group (the console
 * users, `usermod -aG airgap-agent NAME`) can connect, nobody else.
 *
 * Who a request acts as is the peer's uid, proven per request by a file only
 * that uid can have made (peer-proof.ts): root and the service user act as
 * the local admin account "console" (role admin, created here, disabled: it
 * has no password and can never log in over the network); any other local
 * user acts as the airgap-agent account of the same name — with that
 * account's role — or is refused (403, with the fix). Group membership alone
 * is never an identity. Requests on TCP never get a local identity: it is
 * handed to the app as a binding of this listener only (`localUser`), never
 * read from the request.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import type { User } from './accounts.js';
import type { HttpApp } from './app.js';
import { LOCAL_USER } from './local-user.js';
import { checkProof, PEER_HEADER, proofDir, userNameOf } from './peer-proof.js';

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

/** An identity for the peer, or why it has none (the status and the words the client shows). */
export type PeerIdentity =
  | { ok: true; user: User; uid: number; local: string }
  | { ok: false; status: 401 | 403; code: 'UNAUTHENTICATED' | 'FORBIDDEN'; message: string; hint: string };

/**
 * The account a proven uid acts as: root and the service's own uid are the
 * console admin; anyone else is the enabled account of the same name, never
 * "console" itself.
 */
export function identifyPeer(options: {
  db: SqliteDatabase;
  console: User;
  dir: string;
  proof: string | undefined;
  serviceUid?: number | undefined;
  passwdFile?: string | undefined;
}): PeerIdentity {
  const proof = checkProof(options.dir, options.proof);
  if (!proof.ok)
    return {
      ok: false,
      status: 401,
      code: 'UNAUTHENTICATED',
      message: `the console socket could not tell who you are: ${proof.reason}`,
      hint: 'use the airgap-agent command of this release on this host (it proves your user to the service); an older client cannot',
    };
  const serviceUid = options.serviceUid ?? process.getuid?.() ?? 0;
  const local = userNameOf(proof.uid, options.passwdFile) ?? `uid ${proof.uid}`;
  if (proof.uid === 0 || proof.uid === serviceUid) return { ok: true, user: options.console, uid: proof.uid, local };
  const row =
    local === CONSOLE_USER
      ? undefined
      : (options.db
          .prepare('SELECT user_id, username, role, disabled, created_at FROM users WHERE username = ?')
          .get(local) as
          | { user_id: number; username: string; role: 'admin' | 'operator'; disabled: number; created_at: string }
          | undefined);
  if (!row || row.disabled === 1)
    return {
      ok: false,
      status: 403,
      code: 'FORBIDDEN',
      message: `the local user ${local} (uid ${proof.uid}) has ${row ? 'a disabled' : 'no'} airgap-agent account`,
      hint: row
        ? `an admin re-enables it: airgap-agent users enable ${local}`
        : `an admin creates one of the same name: airgap-agent users add ${local} --role operator; or use the chat page`,
    };
  return {
    ok: true,
    user: { user_id: row.user_id, username: row.username, role: row.role, disabled: false, created_at: row.created_at },
    uid: proof.uid,
    local,
  };
}

/** The proofs folder: 1730, the service's own, emptied of what a previous run left. */
function prepareProofDir(dir: string): void {
  let stats: ReturnType<typeof lstatSync> | undefined;
  try {
    stats = lstatSync(dir);
  } catch {
    stats = undefined;
  }
  if (stats && (!stats.isDirectory() || stats.uid !== (process.getuid?.() ?? stats.uid)))
    throw new AppError('USAGE', `${dir} exists and is not a folder of this service user`, {
      hint: 'remove it; the service makes it beside server.socket',
    });
  if (!stats) mkdirSync(dir, { mode: 0o700 });
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true, recursive: true });
  // sticky, owner rwx, group wx (create, not list), others nothing
  chmodSync(dir, 0o1730);
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
  const proofs = proofDir(file);
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
  prepareProofDir(proofs);
  const server = createAdaptorServer({
    fetch: (request: Request, env: Record<string, unknown>) => {
      const peer = identifyPeer({
        db: http.service.deps.db,
        console: user,
        dir: proofs,
        proof: request.headers.get(PEER_HEADER) ?? undefined,
      });
      if (!peer.ok) {
        log.warn({ socket: file, reason: peer.message }, 'console-peer-refused');
        return Response.json(
          { error: { code: peer.code, message: peer.message, hint: peer.hint } },
          {
            status: peer.status,
          },
        );
      }
      return http.app.fetch(request, { ...env, [LOCAL_USER]: peer.user });
    },
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
  log.info({ socket: file, proofs }, 'console-socket-listen');
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
          rmSync(proofs, { recursive: true, force: true });
        } catch {
          // already gone
        }
      });
      return closing;
    },
  };
}
