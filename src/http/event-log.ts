/**
 * One task's numbered event log: what its SSE streams replay (after a
 * Last-Event-ID) and then follow. Bounded: an event over EVENT_MAX_BYTES
 * keeps its place without its bulk, and past TASK_LOG_MAX_BYTES every event
 * is held to 4 KiB (the stored answer and the audit log keep what matters).
 * A task whose log is no longer in memory is replayed from its row
 * (`synthesized`).
 */
import type { WireAnswer, WireData, WireEvent, WireEventName, WireEvents } from '../types/wire.js';
import { bytesOf, cutString, jsonOfAnswer } from './bounded.js';
import { isFinal, type TaskRow } from './task-store.js';

/** A wire event with its number in the task's log (the SSE `id:`). */
export type StreamEvent = WireEvent & { id: number };

/** Each kept event's `data` as JSON, made once when it is appended (its size is measured from it; SSE sends it). */
const jsonOfEvent = new WeakMap<StreamEvent, string>();

/** The event's `data` as JSON: the text made when it was appended, else made now (a replay rebuilt from agent.db). */
export function dataJson(event: StreamEvent): string {
  return jsonOfEvent.get(event) ?? JSON.stringify(event.data);
}

function jsonOf(value: unknown): string {
  return JSON.stringify(value ?? null) ?? 'null';
}
export type Listener = (event: StreamEvent) => void;

/** Events kept per task; past this, further model tokens are dropped (the final answer carries the whole text). */
export const MAX_EVENTS = 20_000;
/** One event's data, serialised, at most this (a bigger tool result or answer is cut, and says so). */
export const EVENT_MAX_BYTES = 256 * 1024;
/** One task's event log at most this; past it, tokens are dropped and results left out (the stored answer still comes). */
export const TASK_LOG_MAX_BYTES = 2 * 1024 * 1024;

export class EventLog {
  readonly events: StreamEvent[] = [];
  /** the serialised size of `events` */
  bytes = 0;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Room for more model tokens (past the limits they are dropped: the answer carries the whole text). */
  get roomForTokens(): boolean {
    return this.events.length < MAX_EVENTS && this.bytes < TASK_LOG_MAX_BYTES;
  }

  /** Number the event, keep it (cut to size) and hand it to every listener. */
  append(wire: WireEvent): StreamEvent {
    let data: unknown = wire.data;
    let json = wire.event === 'answer' ? jsonOfAnswer(wire.data as WireAnswer) : jsonOf(data);
    let size = Buffer.byteLength(json, 'utf8');
    const limit = this.bytes >= TASK_LOG_MAX_BYTES ? 4096 : EVENT_MAX_BYTES;
    if (size > limit && data && typeof data === 'object') {
      // a huge tool result, argument or progress payload: its place in the log, without the bulk
      const shrunk: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
        const valueBytes = bytesOf(value);
        shrunk[key] = valueBytes <= 1024 ? value : typeof value === 'string' ? cutString(value, 1024) : null;
      }
      shrunk.truncated = {
        bytes: size,
        note: `left out of the event stream (over ${Math.round(limit / 1024)} KiB); the audit log and the stored answer keep what matters`,
      };
      data = shrunk;
      json = jsonOf(data);
      size = Buffer.byteLength(json, 'utf8');
    }
    const entry = { id: this.events.length + 1, event: wire.event, data } as StreamEvent;
    jsonOfEvent.set(entry, json);
    this.events.push(entry);
    this.bytes += size;
    for (const listener of [...this.listeners]) {
      try {
        listener(entry);
      } catch (error) {
        this.onListenerError(error);
      }
    }
    return entry;
  }

  after(id: number): StreamEvent[] {
    return this.events.filter((event) => event.id > id);
  }

  /** Follow what comes next; the function returned stops it. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The log is complete: nobody follows it any more. */
  close(): void {
    this.listeners.clear();
  }
}

/** One wire event from its name and data (the generic keeps name and data paired). */
export function wireEvent<E extends WireEventName>(event: E, data: WireEvents[E]): WireEvent {
  return { event, data } as WireEvent;
}

/** The event log of a task whose run is no longer in memory, rebuilt from its row. */
export function synthesized(task: TaskRow): StreamEvent[] {
  const events: WireEvent[] = [];
  let stored: Record<string, unknown> | undefined;
  if (task.result) {
    try {
      stored = JSON.parse(task.result) as Record<string, unknown>;
    } catch {
      // an unreadable result: the state and error below still tell the story
    }
  }
  // a task that failed before any answer keeps only its trace id and the hand-over it offered
  const isAnswer = typeof stored?.answer === 'string';
  if (stored && isAnswer) events.push(wireEvent('answer', stored as unknown as WireData<'answer'>));
  if (stored?.handover_offer)
    events.push(wireEvent('handover-offer', stored.handover_offer as WireData<'handover-offer'>));
  if (!isAnswer && task.error)
    events.push(
      wireEvent('task-error', {
        code: task.state === 'cancelled' ? 'CANCELLED' : 'INTERNAL',
        message: task.error,
        hint: null,
      }),
    );
  events.push(wireEvent('task-state', { task_id: task.task_id, state: task.state, error: task.error }));
  if (isFinal(task.state)) events.push(wireEvent('done', { task_id: task.task_id, state: task.state }));
  return events.map((event, index) => ({ id: index + 1, ...event }));
}
