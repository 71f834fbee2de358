/**
 * The Hono application: every request gets a trace id (the X-Trace-Id
 * response header; a well-formed incoming one is kept), a pino child logger,
 * a body-size limit, security headers and a line in the metrics. Errors of
 * every route become responses in one place (error-status.ts). The app is
 * testable in process with `app.request(...)`, and served by server.ts.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { AppError } from '../errors.js';
import { limitedBody } from './body.js';
import { sendError } from './error-status.js';
import { localUser } from './local-user.js';
import { lazyChild } from '../log/index.js';
import { commonHeaders, type HttpContext, type HttpEnv } from './context.js';
import { apiRoutes } from './routes-api.js';
import { feedbackRoutes } from './routes-feedback.js';
import { opsRoutes } from './routes-ops.js';
import { pageRoutes } from './routes-page.js';
import { buildService, type Service, type ServiceDeps } from './service.js';
import { csrfGuard, hostGuard } from './guard.js';

const TRACE_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface HttpApp {
  app: Hono<HttpEnv>;
  service: Service;
}

export function createHttpApp(deps: ServiceDeps): HttpApp {
  const service = buildService(deps);
  const app = new Hono<HttpEnv>();
  const limitBytes = deps.config.server.body_limit_kb * 1024;

  app.use('*', async (context, next) => {
    const incoming = context.req.header('x-trace-id');
    const traceId = incoming && TRACE_ID.test(incoming) ? incoming : randomUUID();
    const log = lazyChild(service.log, { trace: traceId, method: context.req.method, path: context.req.path });
    context.set('traceId', traceId);
    context.set('log', log);
    // only the console socket's listener binds a user (local-socket.ts); a request never can
    context.set('user', localUser(context.env));
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route =
      context.req.routePath && context.req.routePath !== '*' && context.req.routePath !== '/*'
        ? context.req.routePath
        : 'unmatched';
    // a response the route wrote straight to the socket (an event stream) carries these headers itself
    const sentRaw = context.get('sentRaw') === true;
    if (!sentRaw) {
      for (const [name, value] of Object.entries(commonHeaders(traceId))) context.res.headers.set(name, value);
      if (!context.res.headers.has('Cache-Control')) context.res.headers.set('Cache-Control', 'no-store');
    }
    const status = sentRaw ? 200 : context.res.status;
    service.metrics.requests.inc({ route, method: context.req.method, status: String(status) });
    service.metrics.latency.observe({ route }, seconds);
    const level = status >= 500 ? 'warn' : 'debug';
    log[level]({ status, ms: Math.round(seconds * 10000) / 10 }, 'request-end');
  });

  // DNS rebinding: only the service's own names, on every route (the page, /readyz and /metrics included)
  app.use('*', hostGuard(deps.config));

  app.use(
    '/api/*',
    limitedBody<HttpContext>(limitBytes, (context) => {
      const error = new AppError(
        'PAYLOAD_TOO_LARGE',
        `the request body is larger than ${deps.config.server.body_limit_kb} KiB`,
        {
          hint: 'send a shorter question, or raise server.body_limit_kb in the config',
        },
      );
      return sendError(context, { error, traceId: context.get('traceId'), log: context.get('log') });
    }),
  );

  app.use('/api/*', csrfGuard(deps.config));

  app.onError((error, context) =>
    sendError(context, { error, traceId: context.get('traceId') ?? 'none', log: context.get('log') ?? service.log }),
  );
  app.notFound((context) =>
    sendError(context, {
      error: new AppError('NOT_FOUND', `no route ${context.req.method} ${context.req.path}`, {
        hint: 'see docs/api.md for the routes',
      }),
      traceId: context.get('traceId') ?? 'none',
      log: context.get('log') ?? service.log,
    }),
  );

  app.route('/', opsRoutes(service));
  app.route('/api', apiRoutes(service));
  app.route('/api', feedbackRoutes(service));
  app.route('/', pageRoutes());
  return { app, service };
}
