/**
 * Server-Sent Events for a task: replay what already happened after the
 * client's Last-Event-ID, then follow live events until `done`, then close.
 * A comment line every `heartbeatMs` keeps idle connections open through
 * proxies. Works with a browser's EventSource (which reconnects and sends
 * Last-Event-ID by itself) and with `curl -N`. What is written in one turn
 * of the event loop goes out as one chunk.
 */
import type { ServerResponse } from 'node:http';
import { dataJson, type StreamEvent } from './event-log.js';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
} as const;

export function formatEvent(event: StreamEvent): string {
  // JSON.stringify never emits a raw newline, so one data line carries it all
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${dataJson(event)}\n\n`;
}

/** Parse a Last-Event-ID header (or ?last_event_id=) into the number of the last event seen. */
export function lastEventId(value: string | undefined | null): number {
  if (!value) return 0;
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

export interface Subscription {
  replay: StreamEvent[];
  finished: boolean;
  unsubscribe: () => void;
}

export interface SseOptions {
  subscribe: (listener: (event: StreamEvent) => void) => Subscription;
  signal?: AbortSignal | undefined;
  heartbeatMs?: number | undefined;
  onOpen?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
}

/**
 * Where a stream's text goes: `write` a chunk (false: the other end has gone), `end` after the last one
 * (`last`: text that goes with the end, when there is some).
 */
interface SseSink {
  write(text: string): boolean;
  end(last: string): void;
}

/** The stream itself: replay, follow, heartbeat, `done`; what is written in one turn of the loop is one chunk. Returns close. */
function runSse(options: SseOptions, sink: SseSink): () => void {
  let closed = false;
  let subscription: Subscription | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  // events written in one turn of the event loop leave as one chunk (a rules-path answer is a dozen events)
  let pending = '';
  let flushing: NodeJS.Immediate | undefined;
  const flush = (): void => {
    flushing = undefined;
    if (closed || !pending) return;
    const text = pending;
    pending = '';
    if (!sink.write(text)) close();
  };
  const close = (): void => {
    if (closed) return;
    if (flushing) clearImmediate(flushing);
    flushing = undefined;
    const last = pending;
    pending = '';
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    subscription?.unsubscribe();
    options.signal?.removeEventListener('abort', close);
    options.onClose?.();
    sink.end(last);
  };
  const write = (text: string): void => {
    if (closed) return;
    pending += text;
    flushing ??= setImmediate(flush);
  };
  const send = (event: StreamEvent): void => {
    write(formatEvent(event));
    if (event.event === 'done') close();
  };
  options.onOpen?.();
  write('retry: 2000\n\n');
  subscription = options.subscribe(send);
  for (const event of subscription.replay) send(event);
  if (subscription.finished) {
    close();
    return close;
  }
  heartbeat = setInterval(() => write(': keep-alive\n\n'), options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  if (options.signal?.aborted) close();
  else options.signal?.addEventListener('abort', close, { once: true });
  return close;
}

/** The stream as a web ReadableStream (a Response body). */
export function sseStream(options: SseOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      cleanup = runSse(options, {
        write: (text) => {
          try {
            controller.enqueue(encoder.encode(text));
            return true;
          } catch {
            return false;
          }
        },
        end: (last) => {
          if (ended) return;
          ended = true;
          try {
            if (last) controller.enqueue(encoder.encode(last));
            controller.close();
          } catch {
            // already closed by the reader
          }
        },
      });
    },
    cancel() {
      cleanup?.();
    },
  });
}

/**
 * The stream written straight to Node's response (the service on its socket): no web stream between, the
 * status line and headers go out with the first chunk (one write, not two) and the last chunk with the end.
 * `headers()` is read when the first chunk leaves, after every middleware has set its own.
 */
export function sseToResponse(
  options: SseOptions,
  response: ServerResponse,
  headers: () => Record<string, string>,
): void {
  let close: (() => void) | undefined;
  const gone = (): boolean => response.destroyed || response.writableEnded;
  const head = (): void => {
    if (!response.headersSent) response.writeHead(200, headers());
  };
  response.on('close', () => close?.());
  response.on('error', () => close?.());
  close = runSse(options, {
    write: (text) => {
      if (gone()) return false;
      head();
      response.write(text);
      return true;
    },
    // never inside the handler (a replay that has ended already): the route has not returned yet
    end: (last) =>
      setImmediate(() => {
        if (gone()) return;
        head();
        response.end(last);
      }),
  });
}
