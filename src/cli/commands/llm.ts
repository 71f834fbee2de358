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
import { initLogging, logger } from '../../log/index.js';
import { disposeLlamas, EmbeddedModel } from '../../llm/embedded/engine.js';
import { requireUsableModel, resolveModelFile, verifyModelFile } from '../../llm/embedded/model-file.js';
import { startLlmServer } from '../../llm/embedded/server.js';
import { loadCommandConfig, parseCommandArgs, showHelp, type CommandContext } from '../context.js';

const USAGE =
  'airgap-agent llm serve [--port N] [--host H] [--model FILE] [--threads N] [--parallel N] [--context-size N] [--queue N]';

function integer(
  name: string,
  value: string | boolean | string[] | boolean[] | undefined,
  [min, max]: [min: number, max: number],
): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new AppError(
      'USAGE',
      `llm serve: --${name} must be a whole number from ${min} to ${max}, got "${String(value)}"`,
      { hint: `usage: ${USAGE}` },
    );
  }
  return number;
}

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
    { usage: USAGE, allowPositionals: false },
  );
  const { config } = loadCommandConfig(context);
  const embedded = config.llm.embedded;
  const port = integer('port', values.port, [0, 65535]) ?? embedded.port;
  const threads = integer('threads', values.threads, [1, 256]) ?? embedded.threads;
  const parallel = integer('parallel', values.parallel, [1, 16]) ?? embedded.parallel;
  const contextSize = integer('context-size', values['context-size'], [256, 131072]) ?? embedded.context_size;
  const queueMax = integer('queue', values.queue, [0, 10000]) ?? parallel * 8;
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
    process.stderr.write(`warning: ${warning}\n`);
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
  showHelp(context, USAGE);
  throw new AppError('USAGE', sub === undefined ? 'llm: which subcommand?' : `llm: unknown subcommand "${sub}"`, {
    hint: `usage: ${USAGE}`,
  });
}
