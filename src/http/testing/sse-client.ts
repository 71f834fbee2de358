/**
 * An SSE parser that follows the WHATWG event-stream rules the way a browser's
 * EventSource does (fields id/event/data/retry, multi-line data, comments,
 * CR/LF/CRLF line ends, dispatch on a blank line, the last event id carried
 * over), over a fetch Response body or any text chunks. `wireOf` and
 * `dataNamed` read the events as the wire union (src/types/wire.ts).
 */
import { parseWireEvent, type WireData, type WireEvent, type WireEventName } from '../../types/wire.js';

export interface SseEvent {
  id: string;
  event: string;
  data: string;
}

export class SseParser {
  lastEventId = '';
  retry: number | undefined;
  private buffer = '';
  private eventName = '';
  private data: string[] = [];

  /** Feed a chunk; returns the events completed by it. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // a lone CR at the very end might be the first half of CRLF: wait for more
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (this.data.length === 0) {
        this.eventName = '';
        return undefined;
      }
      const event = { id: this.lastEventId, event: this.eventName || 'message', data: this.data.join('\n') };
      this.eventName = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }
}

/** Read a fetch Response's SSE body; `onEvent` returning false stops reading (the connection is dropped). */
export async function readSse(
  response: Response,
  onEvent: (event: SseEvent) => boolean | void = () => true,
): Promise<{ events: SseEvent[]; parser: SseParser; ended: boolean }> {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  if (!response.body) return { events, parser, ended: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { events, parser, ended: true };
    for (const event of parser.push(decoder.decode(value, { stream: true }))) {
      events.push(event);
      if (onEvent(event) === false) {
        await reader.cancel();
        return { events, parser, ended: false };
      }
    }
  }
}

export function dataOf<T = any>(event: SseEvent): T {
  return JSON.parse(event.data) as T;
}

/** The event as a wire event, typed by its name; throws for a name that is not on the wire or data that is not JSON. */
export function wireOf(event: SseEvent): WireEvent {
  const wire = parseWireEvent(event.event, event.data);
  if (!wire) throw new Error(`not a wire event: ${event.event} ${event.data.slice(0, 200)}`);
  return wire;
}

/** The data of the first event named `name`, typed; throws when there is none. */
export function dataNamed<E extends WireEventName>(events: SseEvent[], name: E): WireData<E> {
  const found = events.find((event) => event.event === name);
  if (!found) throw new Error(`no ${name} event among: ${events.map((event) => event.event).join(' ')}`);
  return wireOf(found).data as WireData<E>;
}
