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
import { logger } from '../log/index.js';
import { createHttpApp, type HttpApp } from './app.js';
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
  const server = await new Promise<Server>((resolve, reject) => {
    const instance = serve({ fetch: http.app.fetch, hostname: host, port }, () => resolve(instance as Server)) as Server;
    instance.once('error', reject);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 15_000;
  server.requestTimeout = 0; // event streams stay open as long as their task runs
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;
  log.info({ url }, 'server-listen');
  let closing: Promise<void> | undefined;
  const close = (closeOptions: { graceMs?: number } = {}): Promise<void> => {
    closing ??= (async () => {
      const started = performance.now();
      http.service.state.closing = true;
      log.info({ grace_ms: closeOptions.graceMs ?? 10_000 }, 'server-close-start');
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await http.service.deps.inbox?.stop(); // an import in progress finishes (its own transaction)
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
