/**
 * The one entry point: every command, every MCP server and every worker is
 * this program with other arguments (see src/runtime/self.ts).
 *
 *   airgap-agent [--config FILE] [--now ISO] <command> [...]
 *
 * The command table is exhaustive: adding a command means adding its handler
 * here, and each handler lives in its own file under src/cli/commands/.
 */
import { AppError, toAppError } from '../errors.js';
import { setFixedNow } from '../clock.js';
import { flushLogs, journalPrefix } from '../log/index.js';
import { VERSION } from '../version.js';
import { closestName } from '../config/did-you-mean.js';
import { asksForHelp, HelpShown, splitGlobalOptions, type CommandContext } from './context.js';
import { formatHelp } from './help.js';

type Handler = (context: CommandContext) => Promise<number>;

const COMMANDS = {
  seed: {
    summary: 'build the demo plant database and its documents',
    load: async () => (await import('./commands/seed.js')).run,
  },
  config: {
    summary: 'check the config file, show the config in effect, print its schema',
    load: async () => (await import('./commands/config.js')).run,
  },
  mcp: {
    summary: 'run one shipped MCP server on stdio: query | plant | holidays | docs | utils',
    load: async () => (await import('./commands/mcp.js')).run,
  },
  ask: {
    summary: 'answer one question: the answer on stdout, each step on stderr',
    load: async () => (await import('./commands/ask.js')).run,
  },
  chat: {
    summary: 'an interactive conversation in the terminal',
    load: async () => (await import('./commands/chat.js')).run,
  },
  'parse-toolcalls': {
    summary: 'read one raw model reply on stdin, print the tool calls it holds',
    load: async () => (await import('./commands/parse-toolcalls.js')).run,
  },
  skills: { summary: 'list the skills, or reload them', load: async () => (await import('./commands/skills.js')).run },
  serve: { summary: 'run the chat page and the HTTP API', load: async () => (await import('./commands/serve.js')).run },
  users: {
    summary: 'accounts of the chat page: users add | passwd | list | disable | enable',
    load: async () => (await import('./commands/users.js')).run,
  },
  test: {
    summary: 'replay YAML regression cases (the same as agent-test)',
    load: async () => (await import('./commands/test.js')).run,
  },
  llm: {
    summary: 'run the embedded OpenAI-compatible model service (llm serve), or a model answered by files (llm bridge)',
    load: async () => (await import('./commands/llm.js')).run,
  },
  doctor: {
    summary: 'check the installation: config, data, clock, state folders, skills, model, disk',
    load: async () => (await import('./commands/doctor.js')).run,
  },
  import: {
    summary: "bring the plant's exports into plant.db: files, the drop folder, archiving",
    load: async () => (await import('./commands/import.js')).run,
  },
  'import-reader': {
    summary: "internal: an import's reader process (started by import, not listed)",
    hidden: true,
    load: async () => (await import('./commands/import-reader.js')).run,
  },
  'import-worker': {
    summary: 'internal: one inbox import in its own process (started by serve, not listed)',
    hidden: true,
    load: async () => (await import('./commands/import-worker.js')).run,
  },
  maintenance: {
    summary: 'the daily run: archive the audit, optimize, back up agent.db, prune logs, check disk',
    load: async () => (await import('./commands/maintenance.js')).run,
  },
  scripts: {
    summary: 'maintenance scripts: list | run | runs | polkit-rule',
    load: async () => (await import('./commands/scripts.js')).run,
  },
  reports: {
    summary: 'report files: list | export-quality',
    load: async () => (await import('./commands/reports.js')).run,
  },
  feedback: {
    summary: "operators' feedback: list | add | review | export | teach | phrasings | forget | explain",
    load: async () => (await import('./commands/feedback.js')).run,
  },
  version: {
    summary: 'print the version (--json: as JSON)',
    load: async () => (await import('./commands/version.js')).run,
  },
} satisfies Record<string, { summary: string; hidden?: boolean; load: () => Promise<Handler> }>;

type CommandName = keyof typeof COMMANDS;

/**
 * Commands that end when their handler returns: the process then exits at
 * once, instead of lingering until idle keep-alive connections (e.g. the
 * model server's, probed at start) time out. The servers (serve, mcp, llm)
 * end on their own terms.
 */
export function exitsWhenDone(argv: string[]): boolean {
  const split = splitGlobalOptions(argv);
  const name = split.ok ? split.value.rest[0] : undefined;
  return name === undefined || !['serve', 'mcp', 'llm'].includes(name);
}

/** The command names, in the table's order (tests: every one answers --help). */
export function commandNames(): string[] {
  return Object.keys(COMMANDS);
}

function usage(): string {
  const lines = Object.entries(COMMANDS)
    .filter(([, command]) => !('hidden' in command))
    .map(([name, command]) => `  ${name.padEnd(16)} ${command.summary}`);
  return [
    `airgap-agent ${VERSION} — offline plant assistant`,
    '',
    'usage: airgap-agent [--config FILE] [--now ISO-8601] <command> [options]',
    '',
    'commands:',
    ...lines,
    '',
    'global options:',
    '  --config FILE   YAML config (or AIRGAP_AGENT_CONFIG); defaults need no file',
    '  --now ISO       fix the clock, e.g. 2026-11-25T10:00:00+08:00 (or AIRGAP_AGENT_NOW)',
    '  --version, --help',
    '',
    'each command has its own options, defaults and examples: airgap-agent COMMAND --help',
  ].join('\n');
}

/** A raw file-system error (EACCES, EROFS, ENOSPC…) as an AppError that names the path and the fix. */
function systemError(error: unknown): AppError | undefined {
  if (error instanceof AppError || !(error instanceof Error)) return undefined;
  const { code, path: file, syscall } = error as NodeJS.ErrnoException;
  if (code === undefined || file === undefined) return undefined;
  const fixes: Record<string, string> = {
    EACCES: `let this user write it (ls -ld ${file}; chown or chmod), or point the config at a folder it may write`,
    EPERM: `let this user write it (ls -ld ${file}; chown or chmod), or point the config at a folder it may write`,
    EROFS: 'the file system is read-only: remount it read-write, or point the config at a writable folder',
    ENOSPC: 'the disk is full: free space (airgap-agent maintenance removes old logs and backups)',
    ENOENT: 'check the path in the config',
  };
  const fix = fixes[code];
  if (fix === undefined) return undefined;
  return new AppError('STATE_NOT_WRITABLE', `${syscall ?? 'open'} ${file}: ${code}`, { hint: fix, cause: error });
}

/** Where main itself writes (usage, help, errors); the commands write to the process's streams. */
export interface MainIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export async function main(argv: string[], io: MainIo = process): Promise<number> {
  const args = argv;
  const split = splitGlobalOptions(args);
  if (!split.ok) {
    io.stderr.write(`error: ${split.error}\n\n${usage()}\n`);
    return 2;
  }
  const { globals, rest } = split.value;
  if (globals.version) {
    io.stdout.write(`airgap-agent ${VERSION}\n`);
    return 0;
  }
  // `help COMMAND` is `COMMAND --help`
  const asked = rest[0] === 'help' && rest[1] !== undefined ? [rest[1], '--help', ...rest.slice(2)] : rest;
  const name = asked[0];
  if (globals.help || name === undefined || name === 'help') {
    io.stdout.write(`${usage()}\n`);
    return name === undefined && !globals.help ? 2 : 0;
  }
  if (!(name in COMMANDS)) {
    const listed = Object.entries(COMMANDS)
      .filter(([, command]) => !('hidden' in command))
      .map(([command]) => command);
    const meant = closestName(name, listed);
    io.stderr.write(
      `error: unknown command "${name}"${meant ? ` — did you mean "${meant}"?` : ''}\n` +
        `  the commands: ${listed.join(', ')}\n  more: airgap-agent --help, airgap-agent COMMAND --help\n`,
    );
    return 2;
  }
  const command = COMMANDS[name as CommandName];
  try {
    if (globals.now !== undefined) {
      // the time zone is applied again once the config is known (context.ts)
      setFixedNow(globals.now, 'UTC');
    }
    const args = asked.slice(1);
    const help = asksForHelp(args);
    const handler = await command.load();
    // with --help the handler stops at its argument parsing (HelpShown) before doing anything
    return await handler({
      globals,
      args: help ? args.filter((arg) => arg !== '--help' && arg !== '-h') : args,
      command: name,
      help,
    });
  } catch (error) {
    if (error instanceof HelpShown) {
      io.stdout.write(
        `${formatHelp({ name, summary: command.summary, help: error.help, parseOptions: error.parseOptions })}\n`,
      );
      return 0;
    }
    const appError = systemError(error) ?? toAppError(error);
    const text = `error: ${appError.describe()}\n`;
    // under systemd the line carries the error priority (journalctl -p err finds it)
    io.stderr.write(io === process ? text.replace(/^/gm, journalPrefix('error')).replace(/<\d>$/, '') : text);
    if (process.env.AIRGAP_AGENT_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return appError.code === 'USAGE' ? 2 : 1;
  } finally {
    flushLogs();
  }
}
