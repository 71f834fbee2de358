/**
 * Reading a text/event-stream body as a browser would; no dependencies, so
 * the CLI's fast path through the service (service-client.ts) loads
 * nothing else.
 */
import { parseWireEvent, type WireEvent } from '../types/wire.js';

export interface SseEvent {
  event: string;
  data: string;
}

/** The event as the wire union (src/types/wire.ts), typed by its name; undefined when it is not a wire event. */
export function wireEventOf(event: SseEvent): WireEvent | undefined {
  return parseWireEvent(event.event, event.data);
}

/** Parse an SSE body as a browser would (event/data fields, blank-line separated). */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { event, data: data.join('\n') };
        event = 'message';
        data = [];
      } else if (line.startsWith(':')) {
        continue;
      } else {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
    }
  }
}
