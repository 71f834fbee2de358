/**
 * The edge's checks before any route: who is connecting (the socket's
 * address, or X-Forwarded-For from a trusted reverse proxy), whether the
 * request came over TLS, and, for state-changing requests, CSRF defences
 * beyond SameSite: a JSON body must say Content-Type: application/json (415
 * otherwise: text/plain and form posts are what a hostile page can send
 * without a preflight), and a browser's Origin (or Sec-Fetch-Site) must be the
 * service's own or one in server.allowed_origins (403 otherwise).
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import type { HttpContext, HttpEnv } from './context.js';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } };

function socketOf(context: HttpContext): { remoteAddress?: string; encrypted?: boolean } | undefined {
  return (context.env as NodeBindings | undefined)?.incoming?.socket;
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** The client's address: the socket's, or the right-most X-Forwarded-For hop not added by a trusted proxy. */
export function clientAddress(context: HttpContext, config: Config): string {
  const peer = normalise(socketOf(context)?.remoteAddress ?? 'unknown');
  const trusted = config.server.trusted_proxies;
  if (!trusted.includes(peer)) return peer;
  const hops = (context.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) if (!trusted.includes(hops[index]!)) return hops[index]!;
  return peer;
}

/** Whether the client reached us over TLS (directly, or through a trusted proxy that says so). */
export function isSecure(context: HttpContext, config: Config): boolean {
  if (socketOf(context)?.encrypted) return true;
  const peer = normalise(socketOf(context)?.remoteAddress ?? '');
  if (config.server.trusted_proxies.includes(peer))
    return (context.req.header('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase() === 'https';
  return new URL(context.req.url).protocol === 'https:';
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function csrfGuard(config: Config): MiddlewareHandler<HttpEnv> {
  return async (context, next) => {
    if (!STATE_CHANGING.has(context.req.method)) return next();
    const type = (context.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const length = context.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || context.req.header('transfer-encoding') !== undefined;
    if ((type !== '' || hasBody) && type !== 'application/json') {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `the body must be JSON sent as Content-Type: application/json, not "${type || 'none'}"`,
        {
          hint: 'send the header Content-Type: application/json with a JSON object',
        },
      );
    }
    const origin = context.req.header('origin');
    const own = new URL(context.req.url);
    const host = context.req.header('host') ?? own.host;
    const allowed = (value: string): boolean => {
      if (config.server.allowed_origins.includes(value)) return true;
      try {
        return new URL(value).host === host;
      } catch {
        return false;
      }
    };
    if (
      origin !== undefined && origin !== 'null'
        ? !allowed(origin)
        : origin === 'null' || context.req.header('sec-fetch-site') === 'cross-site'
    ) {
      context
        .get('log')
        .warn({ origin: origin ?? null, site: context.req.header('sec-fetch-site') ?? null }, 'cross-origin-refused');
      throw new AppError(
        'FORBIDDEN',
        `a state-changing request from another site (${origin ?? 'cross-site'}) is refused`,
        {
          hint: 'use the chat page of this service; to call the API from another web origin, add it to server.allowed_origins',
        },
      );
    }
    return next();
  };
}
