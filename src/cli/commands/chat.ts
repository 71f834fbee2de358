/**
 * `airgap-agent chat [--session ID] [--quiet]` — an interactive session on
 * stdin/stdout, usable under tmux or with piped input. The conversation keeps
 * its history (one session); `/reset` starts a new session, `exit`, `quit`
 * (or `/exit`, `退出`) or Ctrl-D leaves. Model tokens stream to stdout as they arrive; the step trace goes
 * to stderr. Ctrl-C cancels the question in flight (at the prompt it leaves);
 * SIGTERM shuts down cleanly.
 */
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { formatEvent } from '../../agent/trace.js';
import { isAppError, toAppError } from '../../errors.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import type { CommandHelp } from '../help.js';
import { openRuntime, realRuntime, type CommandIo, type RuntimeFactory, type ServiceConnector } from './ask.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent chat [--session ID] [--quiet] [--local]',
  about: [
    'At the prompt: /reset starts a new conversation; exit, quit, /exit, 退出 or Ctrl-D leave;',
    'Ctrl-C cancels the question being answered.',
  ],
  options: {
    session: { value: 'ID', text: 'continue this conversation', default: 'a new session' },
    quiet: { text: 'no step trace on stderr', default: 'off' },
    local: {
      text: 'answer in this process even when the service runs on server.socket',
      default: 'off: through the running service when there is one',
    },
  },
  examples: ['airgap-agent chat', 'printf "本周质量周报\\n" | airgap-agent chat --quiet'],
};

/** `exit`, `quit` (any case, with or without a leading slash, a trailing "." or "。"), `退出`: leave, never a question. */
export function isExitCommand(line: string): boolean {
  return /^\/?(exit|quit|bye)[.。!！]?$/iu.test(line.trim()) || /^(退出|再见)[.。!！]?$/u.test(line.trim());
}

export async function chatCommand(options: {
  context: CommandContext;
  create: RuntimeFactory;
  connect?: ServiceConnector;
  io: CommandIo & { stdin: Readable };
}): Promise<number> {
  const { context, io } = options;
  const { values } = parseCommandArgs(
    context,
    {
      session: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
    },
    { usage: HELP, allowPositionals: false },
  );
  const loaded = loadCommandConfig(context);
  const quiet = values.quiet === true;
  const trace = (line: string): void => {
    if (!quiet) io.stderr.write(`${line}\n`);
  };
  const runtime = await openRuntime({
    loaded,
    create: options.create,
    connect: options.connect,
    local: values.local === true,
    trace,
  });
  const terminal = (io.stdin as { isTTY?: boolean }).isTTY === true;
  const lines = readline.createInterface({ input: io.stdin, output: io.stdout, terminal, historySize: 200 });
  lines.setPrompt('> ');
  let sessionId = typeof values.session === 'string' ? values.session : undefined;
  let current: AbortController | undefined;
  let stopping = false;

  const interrupt = (signal: 'SIGINT' | 'SIGTERM'): void => {
    if (signal === 'SIGINT' && current) {
      current.abort();
      return;
    }
    stopping = true;
    current?.abort();
    lines.close();
  };
  const onSigint = (): void => interrupt('SIGINT');
  const onSigterm = (): void => interrupt('SIGTERM');
  lines.on('SIGINT', onSigint);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);

  trace(`airgap-agent chat — ${loaded.config.plant.name}. /reset starts a new session, exit (or quit, Ctrl-D) leaves.`);
  try {
    if (terminal) lines.prompt();
    for await (const raw of lines) {
      const line = raw.trim();
      if (isExitCommand(line)) break;
      if (line === '/reset') {
        sessionId = undefined;
        trace('(new session)');
      } else if (line.length > 0) {
        current = new AbortController();
        let streamed = '';
        try {
          const answer = await runtime.agent.ask({
            question: line,
            sessionId,
            signal: AbortSignal.any([current.signal, runtime.signal]),
            onEvent: (event) => {
              if (event.type === 'token') {
                streamed += event.text;
                io.stdout.write(event.text);
                return;
              }
              const text = formatEvent(event);
              // --quiet keeps the one-time notice (e.g. no model reachable)
              if (text !== undefined) event.type === 'notice' ? io.stderr.write(`${text}\n`) : trace(text);
            },
          });
          sessionId = answer.session;
          if (streamed.length === 0) io.stdout.write(`${answer.answer}\n`);
          else if (streamed === answer.answer) io.stdout.write('\n');
          else io.stdout.write(`\n${answer.answer}\n`);
        } catch (error) {
          if (streamed.length > 0) io.stdout.write('\n');
          const appError = toAppError(error);
          trace(
            appError.code === 'CANCELLED'
              ? '(cancelled)'
              : `error: ${isAppError(appError) ? appError.describe() : String(error)}`,
          );
        } finally {
          current = undefined;
        }
      }
      if (stopping) break;
      if (terminal) lines.prompt();
    }
    return 0;
  } finally {
    lines.off('SIGINT', onSigint);
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    lines.close();
    await runtime.close();
  }
}

export async function run(context: CommandContext): Promise<number> {
  return chatCommand({
    context,
    create: realRuntime,
    io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  });
}
