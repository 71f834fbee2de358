/**
 * `airgap-agent ask ["question"] [--session ID] [--json] [--quiet]` (no question: the config's
 * agent.default_question, the plant's "what do I usually ask first")
 *
 * stdout carries only the answer (or, with --json, one JSON object:
 * {answer, mode, skill, tool_calls: [{name, arguments, ok, ms}], data,
 * session, trace_id[, error]}); stderr traces each step: the mode, each tool with its
 * arguments (the SQL and its purpose), a preview of the result and the time.
 * Exit code 0 when answered, 1 when the answer is an honest failure, 130 when
 * interrupted. SIGINT/SIGTERM cancel the question and shut down cleanly (MCP
 * children closed, audit flushed).
 */
import type { Writable } from 'node:stream';
import { AppError } from '../../errors.js';
import type { LoadedConfig } from '../../config/load.js';
import { initLogging } from '../../log/index.js';
import { formatEvent } from '../../agent/trace.js';
import type { AgentAnswer } from '../../agent/types.js';
import { loadCommandConfig, parseCommandArgs, newAgentDbWarning, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';
import { connectService, type CliRuntime, type ServiceProbe } from '../service-client.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent ask ["question"] [--session ID] [--json] [--quiet] [--local]',
  about: [
    'The answer goes to stdout; each step (rules or model, tools, SQL, time) to stderr.',
    'Exit 0 when answered, 1 when the answer is an honest failure, 130 when interrupted.',
    "No question given: the config's agent.default_question is asked.",
  ],
  options: {
    session: {
      value: 'ID',
      text: 'continue this conversation (follow-ups such as "and line B?")',
      default: 'a new session',
    },
    json: {
      text: 'one JSON object on stdout: answer, mode, skill, tool_calls, data, session, trace_id',
      default: 'off: the answer as text',
    },
    quiet: { text: 'no step trace on stderr', default: 'off' },
    local: {
      text: 'answer in this process even when the service runs on server.socket',
      default: 'off: through the running service when there is one',
    },
  },
  examples: [
    `airgap-agent ask "What was line A's defect rate last Wednesday?"`,
    'airgap-agent ask "本周质量周报" --json --quiet',
  ],
};
const USAGE = usageOf(HELP);

export interface CommandIo {
  stdout: Writable;
  stderr: Writable;
}

export type RuntimeFactory = (loaded: LoadedConfig) => Promise<CliRuntime>;
export type ServiceConnector = (socket: string | null) => Promise<ServiceProbe>;

/**
 * The running service when it answers on the console socket (server.socket),
 * else an agent in this process (`create`), with logging set up only then.
 * The trace says which, and why the service was not used when one is configured.
 */
export async function openRuntime(options: {
  loaded: LoadedConfig;
  create: RuntimeFactory;
  connect?: ServiceConnector | undefined;
  local: boolean;
  trace: (line: string) => void;
}): Promise<CliRuntime> {
  const { loaded } = options;
  if (!options.local && loaded.config.server.socket !== null) {
    const probe = await (options.connect ?? connectService)(loaded.config.server.socket);
    if (probe.runtime) {
      options.trace(`[via] ${probe.runtime.via}`);
      return probe.runtime;
    }
    options.trace(`[via] this process: ${probe.reason}`);
  }
  const newDb = newAgentDbWarning(loaded);
  if (newDb) options.trace(newDb);
  await initLogging({ config: loaded.config, fileName: 'cli' });
  return options.create(loaded);
}

// loaded on demand: a question that goes to the service never loads the agent
export const realRuntime: RuntimeFactory = async (loaded) =>
  (await import('../../agent/create.js')).createAgent({ config: loaded.config, configFile: loaded.file });

/** The --json shape. */
export function answerJson(answer: AgentAnswer): Record<string, unknown> {
  return {
    answer: answer.answer,
    mode: answer.mode,
    skill: answer.skill ?? null,
    tool_calls: answer.tool_calls.map((call) => ({
      name: call.name,
      arguments: call.arguments,
      ok: call.ok,
      ms: Math.round(call.ms * 10) / 10,
    })),
    data: answer.data ?? null,
    session: answer.session,
    trace_id: answer.trace_id,
    ...(answer.error ? { error: answer.error } : {}),
  };
}

/** Cancel on SIGINT/SIGTERM; returns a function that removes the handlers. */
export function onInterrupt(handler: (signal: NodeJS.Signals) => void): () => void {
  const listener = (signal: NodeJS.Signals): void => handler(signal);
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return () => {
    process.off('SIGINT', listener);
    process.off('SIGTERM', listener);
  };
}

export async function askCommand(options: {
  context: CommandContext;
  create: RuntimeFactory;
  connect?: ServiceConnector;
  io: CommandIo;
}): Promise<number> {
  const { context, io } = options;
  const { values, positionals } = parseCommandArgs(
    context,
    {
      session: { type: 'string' },
      json: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
    },
    HELP,
  );
  const given = positionals.join(' ').trim();
  const loaded = loadCommandConfig(context);
  // no question: the plant's default one (agent.default_question), "what do I usually ask first"
  const question = given.length > 0 ? given : (loaded.config.agent.default_question ?? '');
  if (question.length === 0)
    throw new AppError('USAGE', 'ask: no question given, and the config sets no default question', {
      hint: `usage: ${USAGE}; or set agent.default_question in the config (the question asked when none is given)`,
    });
  const quiet = values.quiet === true;
  const trace = (line: string): void => {
    if (!quiet) io.stderr.write(`${line}\n`);
  };
  if (given.length === 0) trace(`[question] ${question}   (agent.default_question)`);
  const runtime = await openRuntime({
    loaded,
    create: options.create,
    connect: options.connect,
    local: values.local === true,
    trace,
  });
  let interrupted = false;
  const removeHandlers = onInterrupt((signal) => {
    interrupted = true;
    trace(`[${signal}] cancelling and shutting down…`);
    void runtime.close();
  });
  try {
    const answer = await runtime.agent.ask({
      question,
      sessionId: typeof values.session === 'string' ? values.session : undefined,
      signal: runtime.signal,
      onEvent: (event) => {
        const line = formatEvent(event);
        // --quiet keeps the one-time notice (e.g. no model reachable)
        if (line !== undefined) event.type === 'notice' ? io.stderr.write(`${line}\n`) : trace(line);
      },
    });
    trace(
      `[done] ${answer.mode}${answer.skill ? ` (${answer.skill})` : ''}, ${answer.tool_calls.length} tool call(s), session ${answer.session}`,
    );
    io.stdout.write(values.json ? `${JSON.stringify(answerJson(answer))}\n` : `${answer.answer}\n`);
    return answer.error ? 1 : 0;
  } catch (error) {
    if (interrupted) return 130;
    throw error;
  } finally {
    removeHandlers();
    await runtime.close();
  }
}

export async function run(context: CommandContext): Promise<number> {
  return askCommand({ context, create: realRuntime, io: { stdout: process.stdout, stderr: process.stderr } });
}
