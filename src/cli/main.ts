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
import { flushLogs } from '../log/index.js';
import { VERSION } from '../version.js';
import { asksForHelp, HelpShown, showHelp, splitGlobalOptions, type CommandContext } from './context.js';

type Handler = (context: CommandContext) => Promise<number>;

const COMMANDS = {
  seed: { summary: 'build the demo plant database', load: async () => (await import('./commands/seed.js')).run },
  config: {
    summary: 'config check | config schema | config show',
    load: async () => (await import('./commands/config.js')).run,
  },
  mcp: {
    summary: 'run a shipped stdio MCP server: query | plant | holidays | docs | utils',
    load: async () => (await import('./commands/mcp.js')).run,
  },
  ask: {
    summary: 'answer one question: ask "question" [--session ID] [--json]',
    load: async () => (await import('./commands/ask.js')).run,
  },
  chat: {
    summary: 'an interactive session (/reset, /exit)',
    load: async () => (await import('./commands/chat.js')).run,
  },
  'parse-toolcalls': {
    summary: 'parse one raw assistant message from stdin into tool calls',
    load: async () => (await import('./commands/parse-toolcalls.js')).run,
  },
  skills: { summary: 'skills list | skills reload', load: async () => (await import('./commands/skills.js')).run },
  serve: { summary: 'run the HTTP API and chat page', load: async () => (await import('./commands/serve.js')).run },
  users: { summary: 'users add|passwd|list', load: async () => (await import('./commands/users.js')).run },
  test: {
    summary: 'replay YAML regression cases (same as agent-test)',
    load: async () => (await import('./commands/test.js')).run,
  },
  llm: {
    summary: 'llm serve: the embedded OpenAI-compatible model service',
    load: async () => (await import('./commands/llm.js')).run,
  },
  doctor: {
    summary: 'check the installation: config, databases, model, servers',
    load: async () => (await import('./commands/doctor.js')).run,
  },
  import: {
    summary: "import TABLE FILE… [--mapping M.yaml] [--dry-run]: the plant's exports into plant.db",
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
    summary: 'archive old audit rows, optimize, back up agent.db, check disk',
    load: async () => (await import('./commands/maintenance.js')).run,
  },
  scripts: {
    summary: 'maintenance scripts: scripts list | run NAME [--arg k=v] [--approve-as ADMIN] | runs | polkit-rule',
    load: async () => (await import('./commands/scripts.js')).run,
  },
  reports: {
    summary: 'report files: reports list | export-quality --from D --to D',
    load: async () => (await import('./commands/reports.js')).run,
  },
  feedback: {
    summary: 'operator feedback: feedback list | review | export --format agent-test | teach | phrasings',
    load: async () => (await import('./commands/feedback.js')).run,
  },
  version: {
    summary: 'print the version',
    load: async () => async (context: CommandContext) => (
      showHelp(context, 'airgap-agent version'),
      process.stdout.write(`airgap-agent ${VERSION}\n`),
      0
    ),
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
  ].join('\n');
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
  const name = rest[0];
  if (globals.help || name === undefined || name === 'help') {
    io.stdout.write(`${usage()}\n`);
    return name === undefined && !globals.help ? 2 : 0;
  }
  if (!(name in COMMANDS)) {
    io.stderr.write(`error: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  const command = COMMANDS[name as CommandName];
  try {
    if (globals.now !== undefined) {
      // the time zone is applied again once the config is known (context.ts)
      setFixedNow(globals.now, 'UTC');
    }
    const args = rest.slice(1);
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
      io.stdout.write(`usage: ${error.usage}\n\n${name}: ${command.summary}\n`);
      return 0;
    }
    const appError = toAppError(error);
    io.stderr.write(`error: ${appError instanceof AppError ? appError.describe() : String(error)}\n`);
    if (process.env.AIRGAP_AGENT_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return appError.code === 'USAGE' ? 2 : 1;
  } finally {
    flushLogs();
  }
}
