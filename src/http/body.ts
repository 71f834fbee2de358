/**
 * A request's body, read once and held to server.body_limit_kb. Served by Node (@hono/node-server), it is
 * read straight from Node's request: no web Request, Headers-backed body stream and reader are made for it
 * (on the rules path they were a question's largest cost in the HTTP layer). The bytes are kept where the
 * adapter looks for them (`rawBody`), so a route that asks for the web Request still gets the whole body.
 * Elsewhere (app.request() in tests) hono's bodyLimit does the same through the web Request.
 */
import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** the body's bytes, when this middleware read them (see parseBody) */
const BODY = 'rawBodyBytes';

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/** The body, or undefined once it passes `maxBytes` (reading stops there; the adapter drains the rest). */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        incoming.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      done();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/** `maxBytes` at most, as hono's bodyLimit: a Content-Length over it is refused unread, a longer chunked body when it passes. */
export function limitedBody<C extends Context>(
  maxBytes: number,
  onError: (context: C) => Response | Promise<Response>,
): MiddlewareHandler {
  const viaRequest = bodyLimit({ maxSize: maxBytes, onError: onError as never });
  return async (context, next) => {
    const incoming = (context.env as { incoming?: unknown } | undefined)?.incoming;
    const method = context.req.method;
    if (!(incoming instanceof IncomingMessage) || 'rawBody' in incoming || method === 'GET' || method === 'HEAD')
      return viaRequest(context, next);
    const length = incoming.headers['content-length'];
    if (length !== undefined && incoming.headers['transfer-encoding'] === undefined) {
      if (Number.parseInt(length, 10) > maxBytes) return onError(context as C);
    }
    const body = await readIncoming(incoming, maxBytes);
    if (body === undefined) return onError(context as C);
    (incoming as WithRawBody).rawBody = body;
    context.set(BODY as never, body as never);
    return next();
  };
}

// the body as text the way the web Request's text() decodes it: UTF-8, a leading byte order mark dropped
const utf8 = new TextDecoder();

/** The request's body as text: the bytes limitedBody read, else through the web Request. */
export function bodyText(context: Context): Promise<string> {
  const bytes = context.get(BODY as never) as Buffer | undefined;
  return bytes === undefined ? context.req.text() : Promise.resolve(utf8.decode(bytes));
}
