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
import { splitGlobalOptions, type CommandContext } from './context.js';

type Handler = (context: CommandContext) => Promise<number>;

const COMMANDS = {
  seed: { summary: 'build the demo plant database', load: async () => (await import('./commands/seed.js')).run },
  config: { summary: 'config check | config schema | config show', load: async () => (await import('./commands/config.js')).run },
  mcp: { summary: 'run a shipped stdio MCP server: query | plant | holidays | docs | utils', load: async () => (await import('./commands/mcp.js')).run },
  ask: { summary: 'answer one question: ask "question" [--session ID] [--json]', load: async () => (await import('./commands/ask.js')).run },
  chat: { summary: 'an interactive session (/reset, /exit)', load: async () => (await import('./commands/chat.js')).run },
  'parse-toolcalls': { summary: 'parse one raw assistant message from stdin into tool calls', load: async () => (await import('./commands/parse-toolcalls.js')).run },
  skills: { summary: 'skills list | skills reload', load: async () => (await import('./commands/skills.js')).run },
  serve: { summary: 'run the HTTP API and chat page', load: async () => (await import('./commands/serve.js')).run },
  users: { summary: 'users add|passwd|list', load: async () => (await import('./commands/users.js')).run },
  test: { summary: 'replay YAML regression cases (same as agent-test)', load: async () => (await import('./commands/test.js')).run },
  llm: { summary: 'llm serve: the embedded OpenAI-compatible model service', load: async () => (await import('./commands/llm.js')).run },
  doctor: { summary: 'check the installation: config, databases, model, servers', load: async () => (await import('./commands/doctor.js')).run },
  import: { summary: 'import TABLE FILE… [--mapping M.yaml] [--dry-run]: the plant\'s exports into plant.db', load: async () => (await import('./commands/import.js')).run },
  maintenance: { summary: 'archive old audit rows, optimize, back up agent.db, check disk', load: async () => (await import('./commands/maintenance.js')).run },
  version: { summary: 'print the version', load: async () => async () => (process.stdout.write(`airgap-agent ${VERSION}\n`), 0) },
} satisfies Record<string, { summary: string; load: () => Promise<Handler> }>;

type CommandName = keyof typeof COMMANDS;

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(16)} ${command.summary}`);
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

export async function main(argv: string[]): Promise<number> {
  const args = argv;
  const split = splitGlobalOptions(args);
  if (!split.ok) {
    process.stderr.write(`error: ${split.error}\n\n${usage()}\n`);
    return 2;
  }
  const { globals, rest } = split.value;
  if (globals.version) {
    process.stdout.write(`airgap-agent ${VERSION}\n`);
    return 0;
  }
  const name = rest[0];
  if (globals.help || name === undefined || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined && !globals.help ? 2 : 0;
  }
  if (!(name in COMMANDS)) {
    process.stderr.write(`error: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  const command = COMMANDS[name as CommandName];
  try {
    if (globals.now !== undefined) {
      // the time zone is applied again once the config is known (context.ts)
      setFixedNow(globals.now, 'UTC');
    }
    const handler = await command.load();
    return await handler({ globals, args: rest.slice(1), command: name });
  } catch (error) {
    const appError = toAppError(error);
    process.stderr.write(`error: ${appError instanceof AppError ? appError.describe() : String(error)}\n`);
    if (process.env.AIRGAP_AGENT_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return appError.code === 'USAGE' ? 2 : 1;
  } finally {
    flushLogs();
  }
}
