/**
 * Server-Sent Events for a task: replay what already happened after the
 * client's Last-Event-ID, then follow live events until `done`, then close.
 * A comment line every `heartbeatMs` keeps idle connections open through
 * proxies. Works with a browser's EventSource (which reconnects and sends
 * Last-Event-ID by itself) and with `curl -N`. What is written in one turn
 * of the event loop goes out as one chunk.
 */
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

export function sseStream(options: {
  subscribe: (listener: (event: StreamEvent) => void) => Subscription;
  signal?: AbortSignal | undefined;
  heartbeatMs?: number | undefined;
  onOpen?: (() => void) | undefined;
  onClose?: (() => void) | undefined;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
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
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const close = (): void => {
        if (closed) return;
        if (flushing) clearImmediate(flushing);
        flush();
        closed = true;
        if (heartbeat) clearInterval(heartbeat);
        subscription?.unsubscribe();
        options.signal?.removeEventListener('abort', close);
        options.onClose?.();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      cleanup = close;
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
      if (subscription.finished) return close();
      heartbeat = setInterval(() => write(': keep-alive\n\n'), options.heartbeatMs ?? 15_000);
      heartbeat.unref();
      if (options.signal?.aborted) return close();
      options.signal?.addEventListener('abort', close, { once: true });
    },
    cancel() {
      cleanup?.();
    },
  });
}
