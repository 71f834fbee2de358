/**
 * `airgap-agent serve [--host H] [--port N] [--grace SECONDS]`
 *
 * The HTTP API and the operators' chat page (src/http). Starts the agent
 * (MCP servers, skills, model client), listens, and says where on stderr;
 * logs go to stderr (journald, with priorities) and the rotating file. A state
 * folder it may not write, or a port in use, stops it at once with the fix
 * (exit 1, not the usage code 2). With no accounts yet it
 * still starts and says how to create the first admin. SIGTERM/SIGINT shut
 * down in order: stop accepting, cancel queued questions, let running ones
 * finish for the grace period, close MCP children, flush the audit log.
 */
import { createServer } from 'node:net';
import { AppError } from '../../errors.js';
import { consoleLine, initLogging, logger } from '../../log/index.js';
import { stateProblems } from '../../store/state-dirs.js';
import { createAgent } from '../../agent/create.js';
import { serviceFromRuntime } from '../../http/service.js';
import { readTls, startHttpServer } from '../../http/server.js';
import { FIRST_ADMIN_HINT } from '../../http/context.js';
import { listenLocalSocket, type LocalSocket } from '../../http/local-socket.js';
import { loadCommandConfig, parseCommandArgs, newAgentDbWarning, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent serve [--host HOST] [--port PORT] [--grace SECONDS]',
  about: [
    'Serves the chat page and the API until SIGTERM or Ctrl-C, then lets running questions finish for --grace seconds.',
    'With no accounts yet it still starts and says how to create the first admin.',
  ],
  options: {
    host: { value: 'HOST', text: 'the address to listen on', default: 'server.host from the config (127.0.0.1)' },
    port: { value: 'PORT', text: 'the TCP port (0: any free port)', default: 'server.port from the config (8080)' },
    grace: { value: 'SECONDS', text: 'how long running questions may finish at shutdown (0…3600)', default: '10' },
  },
  examples: [
    'airgap-agent serve',
    'airgap-agent --config /etc/airgap-agent/config.yaml serve --host 0.0.0.0 --port 8443',
  ],
};
const USAGE = usageOf(HELP);

function integer(value: unknown, name: string, [min, max]: [min: number, max: number]): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new AppError('USAGE', `serve: ${name} must be a whole number from ${min} to ${max}, not "${String(value)}"`, {
      hint: `usage: ${USAGE}`,
    });
  return number;
}

/** EADDRINUSE / EACCES on listen as an AppError with the fix (exit 1, not the usage code). */
function cannotListen(error: unknown, where: { host: string; port: number }): AppError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return undefined;
  const { host, port } = where;
  // the command that takes another port: the demo passes its own (npm run demo -- --port N)
  const again = process.env.AIRGAP_AGENT_PORT_COMMAND ?? 'airgap-agent serve';
  const other = port === 8080 ? 8081 : port + 1;
  return new AppError(
    'PORT_IN_USE',
    code === 'EADDRINUSE'
      ? `serve: port ${port} on ${host} is already in use`
      : `serve: port ${port} on ${host} needs privileges this user does not have`,
    {
      hint:
        (code === 'EADDRINUSE'
          ? `stop the other program on port ${port} (\`ss -ltnp 'sport = :${port}'\` names it), or take another port: `
          : 'ports below 1024 need root: take a higher one: ') +
        `\`${again} --port ${other}\`` +
        (again === 'airgap-agent serve' ? ' (or server.port in the config)' : ''),
    },
  );
}

/** Try the port before the agent starts (seconds of work), so a busy port is said at once. */
async function probePort(where: { host: string; port: number }): Promise<void> {
  if (where.port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host: where.host, port: where.port, exclusive: true }, () => probe.close(() => resolve()));
  }).catch((error: unknown) => {
    throw cannotListen(error, where) ?? error;
  });
}

export async function run(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    { host: { type: 'string' }, port: { type: 'string' }, grace: { type: 'string' } },
    { usage: HELP, allowPositionals: false },
  );
  const port = integer(values.port, '--port', [0, 65535]);
  const graceSeconds = integer(values.grace, '--grace', [0, 3600]) ?? 10;
  const loaded = loadCommandConfig(context);
  // a state folder the service may not write: say which and how to fix it, before anything starts
  const unwritable = stateProblems(loaded.config);
  if (unwritable.length > 0)
    throw new AppError(
      'STATE_NOT_WRITABLE',
      `serve: cannot write its state:\n${unwritable.map((problem) => `  ${problem.key}: ${problem.reason}`).join('\n')}`,
      { hint: unwritable.map((problem) => problem.fix).join('\n  fix: ') },
    );
  const newDb = newAgentDbWarning(loaded);
  if (newDb) consoleLine('warn', `${newDb}\n`);
  await initLogging({ config: loaded.config, fileName: 'service', console: true });
  const log = logger('serve');
  // a bad certificate or key stops the start here, with its fix, before any child process starts
  const { tls } = loaded.config.server;
  if (tls.cert !== null && tls.key !== null) readTls(tls.cert, tls.key);
  const where = {
    host: typeof values.host === 'string' ? values.host : loaded.config.server.host,
    port: port ?? loaded.config.server.port,
  };
  await probePort(where);
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
    const listenError = cannotListen(error, where);
    if (listenError) throw listenError;
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
      consoleLine(
        'info',
        `airgap-agent serve: console socket ${consoleSocket.path} (ask, chat and agent-test on this host use it)\n`,
      );
    } catch (error) {
      // the chat page still works; the CLI then answers on its own (slower)
      log.error({ err: error }, 'console-socket-failed');
      consoleLine('warn', `airgap-agent serve: WARNING: ${(error as Error).message}\n`);
    }
  }
  const users = running.http.service.accounts.count();
  consoleLine('info', `airgap-agent serve: listening on ${running.url} (${users} account${users === 1 ? '' : 's'})\n`);
  if (users === 0) consoleLine('warn', `airgap-agent serve: ${FIRST_ADMIN_HINT}\n`);
  const server = running;
  return new Promise<number>((resolve) => {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals): void => {
      signals += 1;
      if (signals > 1) {
        consoleLine('warn', `airgap-agent serve: ${signal} again, exiting now\n`);
        process.exit(130);
      }
      // under journald these lines carry their priority too (consoleLine), as every other line of the service
      consoleLine(
        'info',
        `airgap-agent serve: ${signal}, shutting down (up to ${graceSeconds} s for running questions)…\n`,
      );
      log.info({ signal }, 'shutdown-signal');
      // no new console connections; those streaming a running answer end with it
      consoleSocket?.server.close();
      void server.close({ graceMs: graceSeconds * 1000 }).then(async () => {
        await consoleSocket?.close();
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        consoleLine('info', 'airgap-agent serve: stopped\n');
        resolve(0);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
