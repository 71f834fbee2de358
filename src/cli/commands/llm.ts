/**
 * `airgap-agent llm serve [--port N] [--host H] [--model FILE] [--threads N]
 *  [--parallel N] [--context-size N] [--queue N]`: the embedded
 * OpenAI-compatible model service (src/llm/embedded). Defaults come from
 * `llm.embedded.*`; `--port 0` takes a free port. The model file is checked
 * against vendor/models/manifest.json first (a mismatch refuses to start).
 * Logs go to stderr and the rotating file llm.N.log; stdout carries one line
 * once ready: `llm serve: listening on <url> …`. SIGTERM / SIGINT stop it
 * cleanly (requests cancelled, context and model freed).
 */
import { AppError } from '../../errors.js';
import { consoleLine, initLogging, logger } from '../../log/index.js';
import { disposeLlamas, EmbeddedModel } from '../../llm/embedded/engine.js';
import { requireUsableModel, resolveModelFile, verifyModelFile } from '../../llm/embedded/model-file.js';
import { startLlmServer } from '../../llm/embedded/server.js';
import { loadCommandConfig, parseCommandArgs, showHelp, wholeOption, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';
import { bridge, BRIDGE_USAGE } from './llm-bridge.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent llm serve [--port N] [--host H] [--model FILE] [--threads N] [--parallel N] [--context-size N] [--queue N]',
    BRIDGE_USAGE,
  ],
  about: [
    'The embedded OpenAI-compatible model service (unit airgap-agent-llm). The model is checked against its manifest first.',
    'llm bridge: a model answered by files in DIR (DIR/RESPONDER.md; docs/llm-endpoints.md); `llm bridge --help`.',
  ],
  options: {
    port: { value: 'N', text: 'the TCP port (0: any free port)', default: 'llm.embedded.port (8081)' },
    host: { value: 'H', text: 'the address to listen on', default: 'llm.embedded.host (127.0.0.1)' },
    model: {
      value: 'FILE',
      text: 'the GGUF model file',
      default: 'llm.embedded.model, else the first in vendor/models',
    },
    threads: { value: 'N', text: 'CPU threads for inference (1…256)', default: 'llm.embedded.threads (every core)' },
    parallel: { value: 'N', text: 'requests decoded at once (1…16)', default: 'llm.embedded.parallel (2)' },
    'context-size': {
      value: 'N',
      text: 'tokens per request (256…131072)',
      default: 'llm.embedded.context_size (16384)',
    },
    queue: { value: 'N', text: 'requests waiting at most (0…10000); beyond: 503', default: '8 × --parallel' },
  },
  examples: ['airgap-agent llm serve', 'airgap-agent llm serve --port 0 --model vendor/models/tiny.gguf --threads 4'],
};
const USAGE = usageOf(HELP);

async function serve(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      model: { type: 'string' },
      threads: { type: 'string' },
      parallel: { type: 'string' },
      'context-size': { type: 'string' },
      queue: { type: 'string' },
    },
    { usage: HELP, allowPositionals: false },
  );
  const { config } = loadCommandConfig(context);
  const embedded = config.llm.embedded;
  const port =
    wholeOption(values.port, [0, 65535], { command: 'llm serve', name: 'port', usage: USAGE }) ?? embedded.port;
  const threads =
    wholeOption(values.threads, [1, 256], { command: 'llm serve', name: 'threads', usage: USAGE }) ?? embedded.threads;
  const parallel =
    wholeOption(values.parallel, [1, 16], { command: 'llm serve', name: 'parallel', usage: USAGE }) ??
    embedded.parallel;
  const contextSize =
    wholeOption(values['context-size'], [256, 131072], { command: 'llm serve', name: 'context-size', usage: USAGE }) ??
    embedded.context_size;
  const queueMax =
    wholeOption(values.queue, [0, 10000], { command: 'llm serve', name: 'queue', usage: USAGE }) ?? parallel * 8;
  const host = typeof values.host === 'string' ? values.host : embedded.host;
  await initLogging({ config, fileName: 'llm', stderr: true, name: 'airgap-agent-llm' });
  const log = logger('llm-serve');

  const file = resolveModelFile(config, { override: typeof values.model === 'string' ? values.model : undefined });
  if (file === undefined) {
    throw new AppError(
      'LLM_UNAVAILABLE',
      'no model to serve: llm.embedded.model is not set and vendor/models holds no *.gguf',
      {
        hint: 'copy a GGUF model and its manifest entry into vendor/models (docs/embedded-llm.md), or pass --model FILE',
      },
    );
  }
  const check = await verifyModelFile(file);
  const warning = requireUsableModel(check);
  if (warning) {
    log.warn({ file }, 'model-unverified');
    consoleLine('warn', `warning: ${warning}\n`);
  } else log.info({ file, sha256: check.sha256, licence: check.entry?.licence }, 'model-verified');

  const model = await EmbeddedModel.load({ file, threads, contextSize, parallel, queueMax, log: logger('llm-engine') });
  log.info(
    {
      model: model.id,
      load_ms: model.loadMs,
      threads: model.threads,
      context_size: model.contextSize,
      parallel,
      gpu: model.gpu,
      chat_wrapper: model.chatWrapperName,
    },
    'model-loaded',
  );
  let server;
  try {
    server = await startLlmServer({ model, host, port, aliases: [config.llm.model], log: logger('llm-http') });
  } catch (error) {
    await model.close();
    await disposeLlamas();
    const code = (error as { code?: string }).code;
    throw new AppError('USAGE', `llm serve: cannot listen on ${host}:${port}: ${(error as Error).message}`, {
      hint:
        code === 'EADDRINUSE'
          ? 'another process uses that port: stop it or pass --port / set llm.embedded.port'
          : 'check llm.embedded.host and llm.embedded.port',
      cause: error,
    });
  }
  log.info({ url: server.url }, 'llm-serve-ready');
  process.stdout.write(
    `llm serve: listening on ${server.url} (model ${model.id}, ${model.threads} thread(s), context ` +
      `${model.contextSize} × ${parallel}, chat template ${model.chatWrapperName}, loaded in ` +
      `${model.loadMs} ms)\n`,
  );

  const ready = server;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'llm-serve-stopping');
      ready
        .close()
        .then(() => disposeLlamas())
        .then(
          () => {
            log.info('llm-serve-stopped');
            resolve(0);
          },
          (error: unknown) => {
            log.error({ err: error }, 'llm-serve-stop-failed');
            resolve(1);
          },
        );
    };
    // kept (not once): a repeated signal must not cut the clean stop short; systemd escalates to SIGKILL itself
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}

export async function run(context: CommandContext): Promise<number> {
  const [sub, ...rest] = context.args;
  if (sub === 'serve') return serve({ ...context, args: rest, command: 'llm serve' });
  if (sub === 'bridge') return bridge({ ...context, args: rest, command: 'llm bridge' });
  showHelp(context, HELP);
  throw new AppError('USAGE', sub === undefined ? 'llm: which subcommand?' : `llm: unknown subcommand "${sub}"`, {
    hint: `usage: ${USAGE} | ${BRIDGE_USAGE}`,
  });
}
