/**
 * The JSON API under /api: log-in, sessions, tasks (questions) and their event
 * streams, cancel, approvals, skills, tools and the audit log. Bodies are
 * validated with zod; errors are thrown as AppErrors and become responses in
 * error-status.ts.
 */
import { readFreshness } from '../import/freshness.js';
import { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { VERSION } from '../version.js';
import {
  commonHeaders,
  COOKIE_NAME,
  FIRST_ADMIN_HINT,
  parseBody,
  requestToken,
  requireAdmin,
  requireUser,
  validate,
  type HttpContext,
  type HttpEnv,
} from './context.js';
import type { Service } from './service.js';
import { createSession, listSessions, requireSession, sessionMessages } from './sessions.js';
import { lastEventId, SSE_HEADERS, sseStream, sseToResponse, type SseOptions } from './sse.js';
import { taskJson } from './task-manager.js';
import { clientAddress, isSecure } from './guard.js';
import { satisfies } from '../skills/semver.js';

const SESSION_ID = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'use the session_id a session was created with');

const loginBody = z.object({
  username: z.string().min(1, 'give a user name').max(64),
  password: z.string().min(1, 'give the password').max(256),
  kind: z.enum(['cookie', 'bearer']).default('cookie'),
});
const sessionBody = z.object({ title: z.string().max(200).optional() }).strict();
const taskBody = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'the question is empty')
      .max(4000, 'the question is longer than 4000 characters'),
    session_id: SESSION_ID.optional(),
    skill_versions: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]*$/, 'a skill name: snake_case'),
        z
          .string()
          .max(40)
          .refine(
            (range) => satisfies('0.0.0', range) !== undefined,
            'a version range such as 1.2.3, ^1.2, ~1.2.0, 1.x',
          ),
      )
      .optional()
      .describe('skill pins for this question only: name → version range (over skills.pins)'),
  })
  .strict();
const decisionBody = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().max(500).optional() })
  .strict();
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  all: z.enum(['0', '1', 'true', 'false']).optional(),
});
const auditQuery = z.object({
  trace_id: z.string().max(100).optional(),
  session_id: z.string().max(100).optional(),
  tool: z.string().max(100).optional(),
  before_id: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export function apiRoutes(service: Service): Hono<HttpEnv> {
  const api = new Hono<HttpEnv>();
  const { db } = service.deps;

  api.get('/status', (context) => {
    const users = service.accounts.count();
    const token = requestToken(context);
    const user = token ? service.accounts.authenticate(token) : undefined;
    return context.json({
      version: VERSION,
      plant: service.deps.config.plant.name,
      timezone: service.deps.config.plant.timezone,
      needs_first_admin: users === 0,
      hint: users === 0 ? FIRST_ADMIN_HINT : null,
      user: user ? { username: user.username, role: user.role } : null,
      data: readFreshness(service.deps.config),
    });
  });

  api.post('/login', async (context) => {
    const body = await parseBody(context, loginBody);
    if (service.accounts.count() === 0)
      throw new AppError('UNAUTHENTICATED', 'there are no accounts yet', { hint: FIRST_ADMIN_HINT });
    const address = clientAddress(context, service.deps.config);
    const wait = service.throttle.retryAfter(body.username, address);
    if (wait > 0) {
      context.get('log').warn({ user: body.username, address, retry_after_s: wait }, 'login-throttled');
      throw new AppError(
        'RATE_LIMITED',
        `too many failed log-ins for "${body.username.slice(0, 64)}" or from ${address}; wait ${wait} s`,
        {
          hint: `try again in ${wait} s; the wait grows with each failure (an account's to at most 1 min) and ends with a correct log-in`,
          details: { retry_after_s: wait },
        },
      );
    }
    let login: Awaited<ReturnType<typeof service.accounts.login>>;
    try {
      login = await service.accounts.login(body.username, body.password);
    } catch (error) {
      const failures = service.throttle.failed(body.username, address);
      context
        .get('log')
        .warn(
          { user: body.username.slice(0, 64), address, failures: failures.account, address_failures: failures.address },
          'login-failed',
        );
      throw error;
    }
    service.throttle.succeeded(body.username, address);
    context.get('log').info({ user: login.user.username, kind: body.kind, address }, 'login');
    const user = { username: login.user.username, role: login.user.role };
    if (body.kind === 'bearer') return context.json({ user, token: login.token, expires_at: login.expires_at });
    setCookie(context, COOKIE_NAME, login.token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: isSecure(context, service.deps.config),
      maxAge: service.deps.config.server.session_ttl_hours * 3600,
    });
    return context.json({ user, expires_at: login.expires_at });
  });

  api.post('/logout', (context) => {
    const token = requestToken(context);
    if (token) service.accounts.logout(token);
    deleteCookie(context, COOKIE_NAME, { path: '/' });
    return context.json({ ok: true });
  });

  api.get('/me', (context) => {
    const user = requireUser(context, service);
    return context.json({ username: user.username, role: user.role });
  });

  api.post('/sessions', async (context) => {
    const user = requireUser(context, service);
    const body = await parseBody(context, sessionBody);
    return context.json(createSession(db, { user, title: body.title }), 201);
  });

  api.get('/sessions', (context) => {
    const user = requireUser(context, service);
    const query = validate(listQuery, context.req.query(), 'query');
    const all = query.all === '1' || query.all === 'true';
    return context.json({ sessions: listSessions(db, { user, limit: query.limit, all }) });
  });

  api.get('/sessions/:id/messages', (context) => {
    const user = requireUser(context, service);
    return context.json(sessionMessages(db, { user, sessionId: context.req.param('id') }));
  });

  api.get('/sessions/:id/tasks', (context) => {
    const user = requireUser(context, service);
    const sessionId = context.req.param('id');
    requireSession(db, { user, sessionId });
    return context.json({ session_id: sessionId, tasks: service.tasks.store.listBySession(sessionId).map(taskJson) });
  });

  api.post('/tasks', async (context) => {
    const user = requireUser(context, service);
    const body = await parseBody(context, taskBody);
    // the lane is chosen by routing: the first question reads the equipment list first
    await service.deps.skills.prepare?.();
    const { task, lane } = service.tasks.submit({
      question: body.question,
      sessionId: body.session_id,
      user,
      traceId: context.get('traceId'),
      versions: body.skill_versions,
    });
    const eventsUrl = `/api/tasks/${task.task_id}/events`;
    if ((context.req.header('accept') ?? '').includes('text/event-stream')) {
      return streamTask(context, service, {
        taskId: task.task_id,
        after: 0,
        headers: { 'X-Task-Id': task.task_id, 'X-Session-Id': task.session_id },
        userId: user.user_id,
      });
    }
    context.header('Location', `/api/tasks/${task.task_id}`);
    return context.json(
      { task_id: task.task_id, session_id: task.session_id, state: task.state, lane, events_url: eventsUrl },
      202,
    );
  });

  api.get('/tasks/:id', (context) => {
    const user = requireUser(context, service);
    return context.json(taskJson(service.tasks.get(context.req.param('id'), user)));
  });

  api.get('/tasks/:id/events', (context) => {
    const user = requireUser(context, service);
    const task = service.tasks.get(context.req.param('id'), user);
    const after = lastEventId(context.req.header('last-event-id') ?? context.req.query('last_event_id'));
    return streamTask(context, service, { taskId: task.task_id, after, headers: {}, userId: user.user_id });
  });

  api.post('/tasks/:id/cancel', async (context) => {
    const user = requireUser(context, service);
    const task = await service.tasks.cancel(context.req.param('id'), user);
    return context.json(taskJson(task));
  });

  api.get('/approvals', (context) => {
    requireAdmin(context, service);
    const state = validate(
      z.object({ state: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') }),
      context.req.query(),
      'query',
    ).state;
    const approvals = service.tasks.approvals.store
      .list(state === 'all' ? undefined : state)
      .map((row) => ({ ...row, arguments: JSON.parse(row.arguments) as unknown }));
    return context.json({ approvals });
  });

  api.post('/approvals/:id', async (context) => {
    const user = requireAdmin(context, service);
    const body = await parseBody(context, decisionBody);
    const { approval, task } = service.tasks.decide(context.req.param('id'), {
      approved: body.decision === 'approve',
      user,
      reason: body.reason,
    });
    return context.json({
      approval: { ...approval, arguments: JSON.parse(approval.arguments) as unknown },
      task: taskJson(task),
    });
  });

  api.get('/skills', (context) => {
    requireUser(context, service);
    return context.json({ skills: service.deps.skills.list() });
  });

  api.post('/skills/reload', (context) => {
    const user = requireAdmin(context, service);
    const engine = service.deps.skills as unknown as { registry?: { load?: () => void } };
    if (typeof engine.registry?.load !== 'function')
      throw new AppError('BAD_REQUEST', 'this skills engine cannot reload', {
        hint: 'restart the service to reload skills',
      });
    engine.registry.load();
    context.get('log').info({ by: user.username }, 'skills-reload');
    return context.json({ skills: service.deps.skills.list() });
  });

  api.get('/tools', (context) => {
    requireUser(context, service);
    return context.json({
      tools: service.deps.tools.listTools().map((tool) => ({
        server: tool.server,
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    });
  });

  api.get('/audit', (context) => {
    requireAdmin(context, service);
    const query = validate(auditQuery, context.req.query(), 'query');
    service.deps.audit?.flush();
    const rows = db
      .prepare(
        `SELECT id, session_id, trace_id, origin, server, tool_name, parameters, purpose, result_summary,` +
          ` duration_ms, success, cached, error_code, attempt, created_at
         FROM tool_call_log
         WHERE (@trace_id IS NULL OR trace_id = @trace_id) AND (@session_id IS NULL OR session_id = @session_id)
           AND (@tool IS NULL OR tool_name = @tool) AND (@before_id IS NULL OR id < @before_id)
         ORDER BY id DESC LIMIT @limit`,
      )
      .all({
        trace_id: query.trace_id ?? null,
        session_id: query.session_id ?? null,
        tool: query.tool ?? null,
        before_id: query.before_id ?? null,
        limit: query.limit,
      });
    return context.json({ rows });
  });

  return api;
}

function streamTask(
  context: HttpContext,
  service: Service,
  stream: { taskId: string; after: number; headers: Record<string, string>; userId: number },
): Response {
  const { taskId, after, headers, userId } = stream;
  const limit = service.deps.config.server.streams_per_user;
  const mine = service.streams.byUser.get(userId) ?? 0;
  if (mine >= limit) {
    throw new AppError(
      'RATE_LIMITED',
      `you have ${mine} event streams open, the most one user may (server.streams_per_user)`,
      {
        hint: 'close other tabs of the chat page, or wait for their questions to finish',
        details: { retry_after_s: 5 },
      },
    );
  }
  const subscribe = (listener: Parameters<typeof service.tasks.subscribe>[2]) =>
    service.tasks.subscribe(taskId, after, listener);
  // a finished task whose events the client has all seen: 204 tells EventSource to stop reconnecting
  const probe = service.tasks.subscribe(taskId, after, () => undefined);
  probe.unsubscribe();
  if (probe.finished && probe.replay.length === 0) return context.body(null, 204);
  const options: SseOptions = {
    subscribe,
    onOpen: () => {
      service.streams.open += 1;
      service.streams.byUser.set(userId, (service.streams.byUser.get(userId) ?? 0) + 1);
    },
    onClose: () => {
      service.streams.open -= 1;
      const left = (service.streams.byUser.get(userId) ?? 1) - 1;
      if (left > 0) service.streams.byUser.set(userId, left);
      else service.streams.byUser.delete(userId);
    },
  };
  const traceId = context.get('traceId');
  // on the service's socket: written straight to Node's response (no web stream, headers with the first chunk)
  const outgoing = (context.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) {
    // the response's own close ends the stream (sseToResponse): the web Request's signal is not made for it
    sseToResponse(options, outgoing, () => ({ ...commonHeaders(traceId), ...SSE_HEADERS, ...headers }));
    context.set('sentRaw', true);
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(sseStream({ ...options, signal: context.req.raw.signal }), {
    status: 200,
    headers: { ...SSE_HEADERS, 'X-Trace-Id': traceId, ...headers },
  });
}
