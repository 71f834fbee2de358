/**
 * `airgap-agent serve [--host H] [--port N] [--grace SECONDS]`
 *
 * The HTTP API and the operators' chat page (src/http). Starts the agent
 * (MCP servers, skills, model client), listens, and says where on stderr;
 * logs go to stdout (journald) and the rotating file. With no accounts yet it
 * still starts and says how to create the first admin. SIGTERM/SIGINT shut
 * down in order: stop accepting, cancel queued questions, let running ones
 * finish for the grace period, close MCP children, flush the audit log.
 */
import { AppError } from '../../errors.js';
import { initLogging, logger } from '../../log/index.js';
import { createAgent } from '../../agent/create.js';
import { serviceFromRuntime } from '../../http/service.js';
import { startHttpServer } from '../../http/server.js';
import { FIRST_ADMIN_HINT } from '../../http/context.js';
import { listenLocalSocket, type LocalSocket } from '../../http/local-socket.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE = 'airgap-agent serve [--host HOST] [--port PORT] [--grace SECONDS]';

function integer(value: unknown, name: string, [min, max]: [min: number, max: number]): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new AppError('USAGE', `serve: ${name} must be a whole number from ${min} to ${max}, not "${String(value)}"`, {
      hint: `usage: ${USAGE}`,
    });
  return number;
}

export async function run(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    { host: { type: 'string' }, port: { type: 'string' }, grace: { type: 'string' } },
    { usage: USAGE, allowPositionals: false },
  );
  const port = integer(values.port, '--port', [0, 65535]);
  const graceSeconds = integer(values.grace, '--grace', [0, 3600]) ?? 10;
  const loaded = loadCommandConfig(context);
  await initLogging({ config: loaded.config, fileName: 'service', stdout: true });
  const log = logger('serve');
  const runtime = await createAgent({ config: loaded.config, configFile: loaded.file });
  let running;
  try {
    running = await startHttpServer({
      deps: serviceFromRuntime(runtime, loaded.config),
      host: typeof values.host === 'string' ? values.host : undefined,
      port,
      closeRuntime: () => runtime.close(),
      log: logger('http'),
    });
  } catch (error) {
    await runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new AppError(
        'USAGE',
        `serve: cannot listen on ${values.host ?? loaded.config.server.host}:${port ?? loaded.config.server.port} (${code})`,
        {
          hint:
            code === 'EADDRINUSE'
              ? 'another program (or another airgap-agent) uses the port: stop it or pass --port'
              : 'ports below 1024 need privileges: use a higher --port',
        },
      );
    }
    throw error;
  }
  let consoleSocket: LocalSocket | undefined;
  if (loaded.config.server.socket !== null) {
    try {
      consoleSocket = await listenLocalSocket({
        http: running.http,
        file: loaded.config.server.socket,
        log: logger('http'),
      });
      process.stderr.write(
        `airgap-agent serve: console socket ${consoleSocket.path} (ask, chat and agent-test on this host use it)\n`,
      );
    } catch (error) {
      // the chat page still works; the CLI then answers on its own (slower)
      log.error({ err: error }, 'console-socket-failed');
      process.stderr.write(`airgap-agent serve: WARNING: ${(error as Error).message}\n`);
    }
  }
  const users = running.http.service.accounts.count();
  process.stderr.write(`airgap-agent serve: listening on ${running.url} (${users} account${users === 1 ? '' : 's'})\n`);
  if (users === 0) process.stderr.write(`airgap-agent serve: ${FIRST_ADMIN_HINT}\n`);
  const server = running;
  return new Promise<number>((resolve) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals): void => {
      signals += 1;
      if (signals > 1) {
        process.stderr.write(`airgap-agent serve: ${signal} again, exiting now\n`);
        process.exit(130);
      }
      process.stderr.write(
        `airgap-agent serve: ${signal}, shutting down (up to ${graceSeconds} s for running questions)…\n`,
      );
      log.info({ signal }, 'shutdown-signal');
      // no new console connections; those streaming a running answer end with it
      consoleSocket?.server.close();
      void server.close({ graceMs: graceSeconds * 1000 }).then(async () => {
        await consoleSocket?.close();
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        process.stderr.write('airgap-agent serve: stopped\n');
        resolve(0);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
