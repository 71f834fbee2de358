/**
 * The HTTP service on a socket (@hono/node-server), and its orderly end:
 * stop accepting connections, cancel questions not yet started, give running
 * ones `graceMs` to finish (then abort them; every task ends in a final
 * state), end the event streams, then close the agent runtime (MCP children,
 * audit flush, agent.db).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { watch, type FSWatcher } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { Socket } from 'node:net';
import { AppError } from '../errors.js';
import { logger } from '../log/index.js';
import { createHttpApp, type HttpApp } from './app.js';
import { readTlsPair } from './tls-files.js';
import type { ServiceDeps } from './service.js';

export interface RunningServer {
  url: string;
  port: number;
  http: HttpApp;
  server: Server;
  /** shut down (idempotent); `closeRuntime` runs after the tasks have ended */
  close(options?: { graceMs?: number }): Promise<void>;
}

export async function startHttpServer(options: {
  deps: ServiceDeps;
  host?: string | undefined;
  port?: number | undefined;
  /** closes what the deps hold (createAgent's runtime.close) */
  closeRuntime?: (() => Promise<void>) | undefined;
  log?: Logger | undefined;
}): Promise<RunningServer> {
  const log = options.log ?? logger('http');
  const http = createHttpApp({ ...options.deps, log });
  const host = options.host ?? options.deps.config.server.host;
  const port = options.port ?? options.deps.config.server.port;
  const { server: settings } = options.deps.config;
  const tls = settings.tls.cert && settings.tls.key ? readTls(settings.tls.cert, settings.tls.key) : undefined;
  if ((settings.tls.cert === null) !== (settings.tls.key === null)) {
    throw new AppError('CONFIG_INVALID', 'server.tls needs both cert and key (PEM files), or neither', {
      hint: 'set server.tls.cert and server.tls.key together',
    });
  }
  // the whole request (headers and body) must arrive in time; a response (an event stream) may last as long as its task
  const serverOptions = {
    headersTimeout: settings.header_timeout_s * 1000,
    requestTimeout: settings.request_timeout_s * 1000,
    connectionsCheckingInterval: 1000,
    keepAliveTimeout: 5_000,
  };
  const server = await new Promise<Server>((resolve, reject) => {
    const instance = (
      tls
        ? serve(
            {
              fetch: http.app.fetch,
              hostname: host,
              port,
              createServer: createHttpsServer,
              // a connection that sends no ClientHello is closed like one that sends no headers
              serverOptions: { ...serverOptions, ...tls, handshakeTimeout: settings.header_timeout_s * 1000 },
            },
            () => resolve(instance as Server),
          )
        : serve({ fetch: http.app.fetch, hostname: host, port, serverOptions }, () => resolve(instance as Server))
    ) as Server;
    instance.once('error', reject);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = settings.header_timeout_s * 1000;
  server.requestTimeout = settings.request_timeout_s * 1000;
  limitConnections(server, settings.connections_per_address, log);
  const stopTlsReload = tls
    ? watchTls(server as unknown as HttpsServer, { cert: settings.tls.cert!, key: settings.tls.key! }, log)
    : () => undefined;
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${tls ? 'https' : 'http'}://${shownHost}:${address.port}`;
  log.info({ url, tls: tls !== undefined }, 'server-listen');
  let closing: Promise<void> | undefined;
  const close = (closeOptions: { graceMs?: number } = {}): Promise<void> => {
    closing ??= (async () => {
      const started = performance.now();
      http.service.state.closing = true;
      stopTlsReload();
      log.info({ grace_ms: closeOptions.graceMs ?? 10_000 }, 'server-close-start');
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await http.service.deps.inbox?.stop(); // an import in its worker is stopped: nothing written, the file stays
      await http.service.tasks.shutdown({ graceMs: closeOptions.graceMs ?? 10_000 });
      // streams got their `done`; whatever is still connected is idle or stuck
      setTimeout(() => server.closeAllConnections(), 1_000).unref();
      await stopped;
      try {
        await options.closeRuntime?.();
      } catch (error) {
        log.warn({ err: error }, 'runtime-close-failed');
      }
      log.info({ ms: Math.round(performance.now() - started) }, 'server-close-end');
    })();
    return closing;
  };
  return { url, port: address.port, http, server, close };
}

/** The pair, checked (tls-files.ts), and accepted by OpenSSL — or a sentence with its fix, never OpenSSL's text. */
export function readTls(cert: string, key: string): { cert: Buffer; key: Buffer } {
  const pair = readTlsPair(cert, key);
  try {
    createSecureContext({ cert: pair.cert, key: pair.key });
  } catch (error) {
    throw new AppError('CONFIG_INVALID', `server.tls: OpenSSL cannot use ${cert} with ${key}`, {
      hint: `check the pair with: openssl x509 -noout -text -in ${cert}; openssl pkey -noout -in ${key} (${String((error as Error).message).slice(0, 120)})`,
    });
  }
  return { cert: pair.cert, key: pair.key };
}

/**
 * Re-read the certificate and key when either file changes (a renewed
 * certificate copied in place) or on SIGHUP; new connections get the new
 * ones, open ones keep theirs. A bad pair is logged and the old one kept.
 */
function watchTls(server: HttpsServer, files: { cert: string; key: string }, log: Logger): () => void {
  const { cert, key } = files;
  let timer: NodeJS.Timeout | undefined;
  const reload = (why: string): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        server.setSecureContext(readTls(cert, key));
        log.info({ why, cert }, 'tls-reloaded');
      } catch (error) {
        log.error({ err: error, cert }, 'tls-reload-failed');
      }
    }, 200);
    timer.unref();
  };
  const watchers: FSWatcher[] = [];
  for (const file of new Set([cert, key])) {
    try {
      const watcher = watch(file, () => reload('file-changed'));
      watcher.unref();
      watchers.push(watcher);
    } catch (error) {
      log.warn({ err: error, file }, 'tls-watch-failed');
    }
  }
  const onHup = (): void => reload('SIGHUP');
  process.on('SIGHUP', onHup);
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
    process.off('SIGHUP', onHup);
  };
}

/** At most `max` open connections from one address; one more is closed at once (and logged once a minute). */
function limitConnections(server: Server, max: number, log: Logger): void {
  const open = new Map<string, number>();
  let lastWarn = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      if (performance.now() - lastWarn > 60_000) {
        lastWarn = performance.now();
        log.warn({ address, max }, 'connections-per-address-exceeded');
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
