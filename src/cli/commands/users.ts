/**
 * `airgap-agent users add NAME --role admin|operator [--password-stdin]`
 * `airgap-agent users passwd NAME [--password-stdin]`
 * `airgap-agent users list [--json]`
 * `airgap-agent users disable NAME` / `users enable NAME`
 *
 * Accounts for the HTTP service, in agent.db. The password is read from the
 * terminal without echo (asked twice), or from the first line of stdin with
 * --password-stdin (for scripts). Never from the command line: it would land
 * in the shell history and the process list.
 */
import type { Readable, Writable } from 'node:stream';
import { AppError } from '../../errors.js';
import { openAgentDb } from '../../store/agent-db.js';
import { Accounts, ROLES, type Role } from '../../http/accounts.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent users add NAME --role admin|operator [--password-stdin]',
    'airgap-agent users passwd NAME [--password-stdin]',
    'airgap-agent users list [--json]',
    'airgap-agent users disable NAME | users enable NAME',
  ],
  about: [
    'Accounts of the chat page, in agent.db. NAME: letters of any script (王芳, wang.fang), digits, ".", "_", "-".',
    'The password is asked twice on the terminal without echo, never taken from the command line.',
  ],
  options: {
    role: {
      value: 'ROLE',
      text: 'add: admin (approves scripts, sees the admin pages) or operator',
      default: 'none: required for add',
    },
    'password-stdin': {
      text: 'add, passwd: read the password from the first line of stdin (scripts)',
      default: 'off: asked on the terminal',
    },
    json: { text: 'list: a JSON array', default: 'off: a table' },
  },
  examples: [
    'airgap-agent users add wang --role operator',
    'printf %s "$PW" | airgap-agent users add admin --role admin --password-stdin',
    'airgap-agent users disable wang',
  ],
};
const USAGE = usageOf(HELP);

export interface UsersIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
}

/** The first line of a stream (a password piped in by a script). */
export async function readFirstLine(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString();
    const newline = text.search(/\r?\n/);
    if (newline >= 0) return text.slice(0, newline);
    if (text.length > 4096) break;
  }
  return text.replace(/\r?\n$/, '');
}

/** Read a line from the terminal without echoing it. */
export function promptHidden(io: UsersIo, prompt: string): Promise<string> {
  const { stdin, stderr } = io;
  if (!stdin.isTTY || !stdin.setRawMode) {
    return Promise.reject(
      new AppError('USAGE', 'no terminal to ask for the password', {
        hint: 'pipe it in with --password-stdin, e.g. `printf %s "$PW" | airgap-agent users add NAME --role admin --password-stdin`',
      }),
    );
  }
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: AppError): void => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const character of chunk.toString()) {
        if (character === '\r' || character === '\n') return done();
        if (character === '\u0003') return done(new AppError('USAGE', 'interrupted'));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else if (character >= ' ') value += character;
      }
    };
    stdin.on('data', onData);
  });
}

async function newPassword(io: UsersIo, fromStdin: boolean, username: string): Promise<string> {
  if (fromStdin) {
    const password = await readFirstLine(io.stdin);
    if (password.length === 0)
      throw new AppError('USAGE', 'no password on stdin', { hint: 'send the password as the first line of stdin' });
    return password;
  }
  const first = await promptHidden(io, `password for ${username}: `);
  const second = await promptHidden(io, 'again: ');
  if (first !== second)
    throw new AppError('USAGE', 'the two passwords differ', {
      hint: 'run the command again and type the same password twice',
    });
  return first;
}

export async function usersCommand(options: { context: CommandContext; io: UsersIo }): Promise<number> {
  const { context, io } = options;
  const { values, positionals } = parseCommandArgs(
    context,
    {
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    HELP,
  );
  const [action, name, ...extra] = positionals;
  if (extra.length > 0)
    throw new AppError('USAGE', `users: unexpected "${extra.join(' ')}"`, { hint: `usage: ${USAGE}` });
  const needsName = action === 'add' || action === 'passwd' || action === 'disable' || action === 'enable';
  if (!action || !(needsName || action === 'list'))
    throw new AppError('USAGE', `users: ${action ? `unknown action "${action}"` : 'no action given'}`, {
      hint: `usage: ${USAGE}`,
    });
  if (needsName && !name)
    throw new AppError('USAGE', `users ${action}: give the user name`, { hint: `usage: ${USAGE}` });
  const loaded = loadCommandConfig(context);
  const db = openAgentDb(loaded.config.state.db);
  try {
    const accounts = new Accounts(db, { ttlHours: loaded.config.server.session_ttl_hours });
    switch (action) {
      case 'add': {
        const role = values.role;
        if (typeof role !== 'string' || !ROLES.includes(role as Role)) {
          throw new AppError(
            'USAGE',
            `users add: --role must be admin or operator${role === undefined ? '' : `, not "${String(role)}"`}`,
            { hint: `e.g. airgap-agent users add ${name} --role operator` },
          );
        }
        if (accounts.find(name!))
          throw new AppError('ALREADY_EXISTS', `a user named "${name}" already exists`, {
            hint: `change the password with \`airgap-agent users passwd ${name}\``,
          });
        const password = await newPassword(io, values['password-stdin'] === true, name!);
        const user = await accounts.add({ username: name!, role: role as Role, password });
        io.stdout.write(`added ${user.username} (${user.role})\n`);
        return 0;
      }
      case 'passwd': {
        if (!accounts.find(name!))
          throw new AppError('NOT_FOUND', `no user named "${name}"`, {
            hint: 'list the accounts with `airgap-agent users list`',
          });
        const password = await newPassword(io, values['password-stdin'] === true, name!);
        await accounts.setPassword(name!, password);
        io.stdout.write(`password of ${name} changed; their log-ins have ended\n`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const user = accounts.setDisabled(name!, action === 'disable');
        io.stdout.write(`${user.username} is ${user.disabled ? 'disabled; their log-ins have ended' : 'enabled'}\n`);
        return 0;
      }
      default: {
        const users = accounts.list();
        if (values.json) {
          io.stdout.write(`${JSON.stringify(users)}\n`);
          return 0;
        }
        if (users.length === 0) {
          io.stdout.write('no accounts yet; create the first admin with `airgap-agent users add NAME --role admin`\n');
          return 0;
        }
        const width = Math.max(8, ...users.map((user) => user.username.length));
        io.stdout.write(`${'USER'.padEnd(width)}  ROLE      STATE     CREATED\n`);
        for (const user of users)
          io.stdout.write(
            `${user.username.padEnd(width)}  ${user.role.padEnd(8)}  ${(user.disabled ? 'disabled' : 'active').padEnd(8)}  ${user.created_at}\n`,
          );
        return 0;
      }
    }
  } finally {
    db.close();
  }
}

export async function run(context: CommandContext): Promise<number> {
  return usersCommand({ context, io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr } });
}
