/**
 * The edge's checks before any route: who is connecting (the socket's
 * address, or X-Forwarded-For from a trusted reverse proxy), whether the
 * request came over TLS, and, for state-changing requests, CSRF defences
 * beyond SameSite: a JSON body must say Content-Type: application/json (415
 * otherwise: text/plain and form posts are what a hostile page can send
 * without a preflight), and a browser's Origin (or Sec-Fetch-Site) must be the
 * service's own or one in server.allowed_origins (403 otherwise). Before all
 * of these, the Host must be one of the service's own names (hostGuard):
 * with DNS rebinding a hostile page's own name resolves to the appliance, and
 * its requests carry Host = Origin = that name.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import type { HttpContext, HttpEnv } from './context.js';
import { localUser } from './local-user.js';

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

/** The host part of a Host header, lower case, without port, brackets or a trailing dot. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(value);
  const name = bracketed
    ? bracketed[1]!
    : value.includes(':') && value.indexOf(':') === value.lastIndexOf(':')
      ? value.slice(0, value.indexOf(':'))
      : value;
  return name.replace(/\.$/, '');
}

const HOSTS_TTL_MS = 30_000;

/**
 * The names this machine answers to by default: the bind address, localhost
 * and the loopback addresses, the host name (and its first label), every
 * interface address it can list, and the /etc/hosts names of those
 * addresses. Listing interfaces needs a netlink socket, which the unit's
 * RestrictAddressFamilies= refuses (EAFNOSUPPORT): then they are left out —
 * the address a request actually reached is accepted on its own (hostGuard).
 */
export function ownHostNames(
  bindHost: string,
  interfaces: () => ReturnType<typeof os.networkInterfaces> = os.networkInterfaces,
): Set<string> {
  const names = new Set<string>(['localhost', '127.0.0.1', '::1']);
  const add = (name: string | undefined): void => {
    if (name) names.add(hostName(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name));
  };
  if (bindHost !== '0.0.0.0' && bindHost !== '::' && bindHost !== '') add(bindHost);
  const host = os.hostname();
  add(host);
  add(host.split('.')[0]);
  const addresses = new Set<string>(['127.0.0.1', '::1']);
  let listed: ReturnType<typeof os.networkInterfaces> = {};
  try {
    listed = interfaces();
  } catch {
    // no netlink here (the unit's sandbox): the connection's own local address stands in
  }
  for (const list of Object.values(listed))
    for (const entry of list ?? []) {
      const address = entry.address.split('%')[0]!.toLowerCase();
      addresses.add(address);
      add(address);
    }
  try {
    for (const line of readFileSync('/etc/hosts', 'utf8').split('\n')) {
      const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
      if (address && addresses.has(address.toLowerCase())) for (const alias of aliases) add(alias);
    }
  } catch {
    // no /etc/hosts: the names above
  }
  return names;
}

type LocalBindings = { incoming?: { socket?: { localAddress?: string } } };

/**
 * Every request over TCP must name the service by one of its own names
 * (ownHostNames), one in server.allowed_hosts, or the very address the
 * connection reached (an address literal is no name a page can rebind); anything else is 403. The
 * console socket (a local identity) is not asked. A request without a Host
 * (HTTP/1.0 by hand) cannot come from a browser and is let through.
 */
export function hostGuard(config: Config): MiddlewareHandler<HttpEnv> {
  const extra = config.server.allowed_hosts.map(hostName);
  let cached: { at: number; names: Set<string> } | undefined;
  const allowed = (): Set<string> => {
    if (!cached || performance.now() - cached.at > HOSTS_TTL_MS)
      cached = { at: performance.now(), names: new Set([...ownHostNames(config.server.host), ...extra]) };
    return cached.names;
  };
  return async (context, next) => {
    if (localUser(context.env)) return next();
    const header = context.req.header('host');
    if (header === undefined || header === '') return next();
    const name = hostName(header);
    if (allowed().has(name)) return next();
    const reached = (context.env as LocalBindings | undefined)?.incoming?.socket?.localAddress;
    if (reached && hostName(reached.includes(':') ? `[${normalise(reached)}]` : reached) === name) return next();
    if (reached && normalise(reached) === name) return next();
    context.get('log').warn({ host: header.slice(0, 200) }, 'host-refused');
    throw new AppError('FORBIDDEN', `"${name.slice(0, 100)}" is not a name of this service`, {
      hint:
        "open the chat page by the appliance's own name or address; if this name is right (a DNS alias, the " +
        "reverse proxy's public name), add it to server.allowed_hosts",
    });
  };
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
