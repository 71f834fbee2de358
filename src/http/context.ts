/**
 * Per-request helpers shared by the routes: the Hono env (trace id, request
 * logger, user), who is asking (cookie or bearer token), role checks, and
 * body parsing with zod that names the bad field.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { User } from './accounts.js';
import { bodyText } from './body.js';
import type { Service } from './service.js';

export type HttpEnv = {
  Variables: {
    traceId: string;
    log: Logger;
    user: User | undefined;
    /** the route wrote its response straight to Node's (an event stream: sseToResponse), status 200 */
    sentRaw: boolean | undefined;
  };
};

/** Headers every response carries (the app's middleware; a response written straight to the socket adds them itself). */
export function commonHeaders(traceId: string): Record<string, string> {
  return { 'X-Trace-Id': traceId, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
}
export type HttpContext = Context<HttpEnv>;

export const COOKIE_NAME = 'airgap_session';
export const FIRST_ADMIN_HINT =
  'no accounts exist yet: on the appliance, create the first admin with `airgap-agent users add NAME --role admin`, then log in';

/** The bearer token or session cookie of the request, if any. */
export function requestToken(context: HttpContext): string | undefined {
  const header = context.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match) return match[1];
  }
  return getCookie(context, COOKIE_NAME);
}

export function requireUser(context: HttpContext, service: Service): User {
  const known = context.get('user');
  if (known) return known;
  const token = requestToken(context);
  const user = token ? service.accounts.authenticate(token) : undefined;
  if (!user) {
    const none = service.accounts.count() === 0;
    throw new AppError(
      'UNAUTHENTICATED',
      token ? 'the session has expired or was ended; log in again' : 'log in first',
      {
        hint: none
          ? FIRST_ADMIN_HINT
          : 'POST /api/login {"username", "password"} gives a session cookie, or a bearer token with "kind": "bearer"',
      },
    );
  }
  context.set('user', user);
  context.get('log').setBindings({ user: user.username });
  return user;
}

export function requireAdmin(context: HttpContext, service: Service): User {
  const user = requireUser(context, service);
  if (user.role !== 'admin')
    throw new AppError('FORBIDDEN', `${user.username} is an operator; this needs an admin`, {
      hint: 'ask an admin to do it, or to give you the admin role',
    });
  return user;
}

/** Read a JSON body and validate it; errors say which field is wrong and why. */
export async function parseBody<T extends z.ZodType>(context: HttpContext, schema: T): Promise<z.infer<T>> {
  const text = await bodyText(context);
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    throw new AppError('BAD_REQUEST', `the request body is not valid JSON: ${(error as Error).message}`, {
      hint: 'send Content-Type: application/json with a JSON object',
    });
  }
  return validate(schema, value, 'body');
}

export function validate<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.length > 0 ? `"${issue.path.join('.')}"` : `the ${where}`;
    throw new AppError('BAD_REQUEST', `${where} ${field}: ${issue.message}`, {
      hint: parsed.error.issues.length > 1 ? `${parsed.error.issues.length} problems; the first is shown` : undefined,
      details: {
        issues: parsed.error.issues
          .slice(0, 5)
          .map((entry) => ({ path: entry.path.join('.'), message: entry.message })),
      },
    });
  }
  return parsed.data;
}
