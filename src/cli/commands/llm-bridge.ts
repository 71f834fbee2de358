/**
 * `airgap-agent llm bridge --dir DIR [--port N] [--host H] [--timeout S]`: an
 * OpenAI-compatible endpoint answered by files (src/llm/bridge): each request
 * is written to DIR/requests/<id>.json and the reply read from
 * DIR/responses/<id>.json (DIR/RESPONDER.md says how). Point llm.base_url at
 * the URL it prints. Logs go to stderr and llm-bridge.N.log; stdout carries one
 * line once ready: `llm bridge: listening on <url> …`. `--port 0` (the
 * default) takes a free port. SIGTERM / SIGINT stop it (waiting requests are
 * marked cancelled).
 */
import { AppError } from '../../errors.js';
import { initLogging, logger } from '../../log/index.js';
import { startBridgeServer } from '../../llm/bridge/server.js';
import { loadCommandConfig, parseCommandArgs, wholeOption, type CommandContext } from '../context.js';
import type { CommandHelp } from '../help.js';

export const BRIDGE_USAGE = 'airgap-agent llm bridge --dir DIR [--port N] [--host H] [--timeout S]';

export const BRIDGE_HELP: CommandHelp = {
  usage: BRIDGE_USAGE,
  about: ['An OpenAI-compatible endpoint whose model is whoever answers the files in DIR (DIR/RESPONDER.md says how).'],
  options: {
    dir: {
      value: 'DIR',
      text: 'the exchange folder (must exist): requests/ and responses/ are made in it',
      default: 'none: required',
    },
    port: { value: 'N', text: 'the TCP port (0: any free port)', default: '0' },
    host: { value: 'H', text: 'the address to listen on', default: '127.0.0.1' },
    timeout: { value: 'S', text: 'seconds to wait for each response file (1…86400); then HTTP 504', default: '600' },
  },
  examples: ['mkdir -p /tmp/bridge && airgap-agent llm bridge --dir /tmp/bridge --port 8090'],
};

export async function bridge(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, timeout: { type: 'string' } },
    { usage: BRIDGE_HELP, allowPositionals: false },
  );
  if (typeof values.dir !== 'string' || values.dir === '') {
    throw new AppError(
      'USAGE',
      'llm bridge: --dir is required (the folder where requests and responses are exchanged)',
      {
        hint: `usage: ${BRIDGE_USAGE}`,
      },
    );
  }
  const port = wholeOption(values.port, [0, 65535], { command: 'llm bridge', name: 'port', usage: BRIDGE_USAGE }) ?? 0;
  const timeoutS =
    wholeOption(values.timeout, [1, 86400], { command: 'llm bridge', name: 'timeout', usage: BRIDGE_USAGE }) ?? 600;
  const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
  const { config } = loadCommandConfig(context);
  await initLogging({ config, fileName: 'llm-bridge', stderr: true, name: 'airgap-agent-llm-bridge' });
  const log = logger('llm-bridge');
  let server;
  try {
    server = await startBridgeServer({
      dir: values.dir,
      host,
      port,
      timeoutMs: timeoutS * 1000,
      modelId: config.llm.model,
      log,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    throw new AppError('USAGE', `llm bridge: cannot listen on ${host}:${port}: ${(error as Error).message}`, {
      hint:
        code === 'EADDRINUSE'
          ? 'another process uses that port: stop it or pass another --port'
          : 'check --host and --port',
      cause: error,
    });
  }
  log.info({ url: server.url, dir: server.exchange.dir, timeout_s: timeoutS }, 'llm-bridge-ready');
  process.stdout.write(
    `llm bridge: listening on ${server.url} (dir ${server.exchange.dir}, model "${config.llm.model}", ` +
      `timeout ${timeoutS} s; responders read ${server.exchange.dir}/RESPONDER.md)\n`,
  );
  const ready = server;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'llm-bridge-stopping');
      ready.close().then(
        () => resolve(0),
        (error: unknown) => {
          log.error({ err: error }, 'llm-bridge-stop-failed');
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}
