/**
 * Accounts in agent.db: users (operator | admin) and log-in tokens. A token
 * is 32 random bytes handed to the client once (cookie or bearer); only its
 * SHA-256 is stored in auth_tokens, with an expiry of server.session_ttl_hours.
 * Changing a password or disabling a user ends every token they hold.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';
import { now } from '../clock.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords.js';

export type Role = 'operator' | 'admin';
export const ROLES: readonly Role[] = ['operator', 'admin'];

export interface User {
  user_id: number;
  username: string;
  role: Role;
  disabled: boolean;
  created_at: string;
}

interface UserRow {
  user_id: number;
  username: string;
  role: Role;
  password_hash: string;
  created_at: string;
  disabled: number;
}

/** Letters of any script (王芳, Müller, wang.fang), digits, "_", "." and "-": 1-64 characters, not starting with a sign. */
export const USERNAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_.-]{0,63}$/u;

function toUser(row: UserRow): User {
  return {
    user_id: row.user_id,
    username: row.username,
    role: row.role,
    disabled: row.disabled === 1,
    created_at: row.created_at,
  };
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class Accounts {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly options: { ttlHours: number },
  ) {}

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM users WHERE disabled = 0').get() as { n: number }).n;
  }

  list(): User[] {
    return (this.db.prepare('SELECT * FROM users ORDER BY username').all() as UserRow[]).map(toUser);
  }

  find(username: string): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  async add(options: { username: string; role: Role; password: string }): Promise<User> {
    if (!USERNAME.test(options.username)) {
      throw new AppError('BAD_REQUEST', `"${options.username.slice(0, 70)}" is not a valid user name`, {
        hint: 'use 1-64 letters (any script, e.g. 王芳 or wang.fang), digits, "_", "." or "-", starting with a letter or digit',
      });
    }
    if (!ROLES.includes(options.role))
      throw new AppError('BAD_REQUEST', `unknown role "${options.role}"`, {
        hint: 'use --role admin or --role operator',
      });
    const problem = passwordProblem(options.password);
    if (problem) throw new AppError('BAD_REQUEST', problem, { hint: 'choose a password of 8 to 256 characters' });
    if (this.find(options.username))
      throw new AppError('ALREADY_EXISTS', `a user named "${options.username}" already exists`, {
        hint: `change the password with \`airgap-agent users passwd ${options.username}\``,
      });
    const hash = await hashPassword(options.password);
    const info = this.db
      .prepare('INSERT INTO users (username, role, password_hash, created_at, disabled) VALUES (?, ?, ?, ?, 0)')
      .run(options.username, options.role, hash, now().toISOString());
    return this.byId(Number(info.lastInsertRowid))!;
  }

  async setPassword(username: string, password: string): Promise<void> {
    const user = this.require(username);
    const problem = passwordProblem(password);
    if (problem) throw new AppError('BAD_REQUEST', problem, { hint: 'choose a password of 8 to 256 characters' });
    const hash = await hashPassword(password);
    this.db.transaction(() => {
      this.db.prepare('UPDATE users SET password_hash = ? WHERE user_id = ?').run(hash, user.user_id);
      this.db.prepare('DELETE FROM auth_tokens WHERE user_id = ?').run(user.user_id);
    })();
  }

  /** Disable (or re-enable) a user; disabling ends their tokens. */
  setDisabled(username: string, disabled: boolean): User {
    const user = this.require(username);
    this.db.transaction(() => {
      this.db.prepare('UPDATE users SET disabled = ? WHERE user_id = ?').run(disabled ? 1 : 0, user.user_id);
      if (disabled) this.db.prepare('DELETE FROM auth_tokens WHERE user_id = ?').run(user.user_id);
    })();
    return this.byId(user.user_id)!;
  }

  /** Check the password and hand out a new token; the same answer for an unknown user and a wrong password. */
  async login(username: string, password: string): Promise<{ token: string; user: User; expires_at: string }> {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !matches || row.disabled === 1) {
      throw new AppError('UNAUTHENTICATED', 'wrong user name or password, or the account is disabled', {
        hint: 'check the spelling; an admin can reset it with `airgap-agent users passwd NAME`',
      });
    }
    const token = randomBytes(32).toString('base64url');
    const created = now();
    const expires = new Date(created.getTime() + this.options.ttlHours * 3_600_000);
    this.db.prepare('DELETE FROM auth_tokens WHERE expires_at <= ?').run(created.toISOString());
    this.db
      .prepare('INSERT INTO auth_tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(tokenHash(token), row.user_id, created.toISOString(), expires.toISOString());
    return { token, user: toUser(row), expires_at: expires.toISOString() };
  }

  /** The user a token belongs to, when it is known, unexpired and the user enabled. */
  authenticate(token: string): User | undefined {
    if (token.length < 20 || token.length > 200) return undefined;
    const row = this.db
      .prepare(
        'SELECT users.*, auth_tokens.expires_at AS expires_at FROM auth_tokens JOIN users USING (user_id) WHERE token_hash = ?',
      )
      .get(tokenHash(token)) as (UserRow & { expires_at: string }) | undefined;
    if (!row || row.disabled === 1 || row.expires_at <= now().toISOString()) return undefined;
    return toUser(row);
  }

  logout(token: string): void {
    this.db.prepare('DELETE FROM auth_tokens WHERE token_hash = ?').run(tokenHash(token));
  }

  private byId(id: number): User | undefined {
    const row = this.db.prepare('SELECT * FROM users WHERE user_id = ?').get(id) as UserRow | undefined;
    return row ? toUser(row) : undefined;
  }

  private require(username: string): User {
    const user = this.find(username);
    if (!user)
      throw new AppError('NOT_FOUND', `no user named "${username}"`, {
        hint: 'list the accounts with `airgap-agent users list`',
      });
    return user;
  }
}
