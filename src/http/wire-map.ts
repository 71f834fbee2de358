/**
 * The agent's events (AgentEvent, src/types/answer.ts) as wire events
 * (src/types/wire.ts): tool calls named `tool` and their end carrying the
 * arguments of their start, the row count and rounded times; answers cut to
 * the stream's size; an agent `error` as `task-error`. One mapper per task
 * run (it remembers the arguments of the calls in flight).
 */
import type { AgentEvent } from '../types/answer.js';
import type { WireEvent } from '../types/wire.js';
import { boundedAnswer } from './bounded.js';
import { wireEvent } from './event-log.js';

export class WireMapper {
  private readonly toolArguments = new Map<string, Record<string, unknown>>();

  /** `answerMaxBytes`: an answer event at most this (the smaller of server.result_max_kb and one event's limit). */
  constructor(private readonly answerMaxBytes: number) {}

  map(event: AgentEvent): WireEvent {
    switch (event.type) {
      case 'mode':
        return wireEvent('mode', { mode: event.mode, reason: event.reason });
      case 'step-start':
      case 'step-end':
        return wireEvent(event.type, { step: event.step });
      case 'token':
        return wireEvent('token', { text: event.text });
      case 'tool-call-start':
        this.toolArguments.set(event.id, event.arguments);
        return wireEvent('tool-call-start', { id: event.id, tool: event.name, arguments: event.arguments });
      case 'tool-call-end': {
        const started = this.toolArguments.get(event.id);
        this.toolArguments.delete(event.id);
        return wireEvent('tool-call-end', {
          id: event.id,
          tool: event.name,
          arguments: started ?? {},
          ok: event.ok,
          ms: Math.round(event.ms * 10) / 10,
          cached: event.cached === true,
          rows: rowCount(event.result),
          result: event.result ?? null,
          error: event.error ?? null,
        });
      }
      case 'skill-start':
        return wireEvent('skill-start', { skill: event.skill, version: event.version, arguments: event.arguments });
      case 'skill-progress':
        return wireEvent('skill-progress', { skill: event.skill, message: event.message, data: event.data });
      case 'skill-end':
        return wireEvent('skill-end', { skill: event.skill, ok: event.ok, ms: event.ms });
      case 'retry':
        return wireEvent('retry', { attempt: event.attempt, reason: event.reason });
      case 'notice':
        return wireEvent('notice', { message: event.message });
      case 'answer':
        return wireEvent('answer', boundedAnswer(event.answer, this.answerMaxBytes));
      case 'error':
        return wireEvent('task-error', { code: event.code, message: event.message, hint: null });
      default: {
        const unknown: never = event;
        throw new Error(`an agent event the wire does not know: ${JSON.stringify(unknown)}`);
      }
    }
  }
}

/** query_database's row count (`row_count`, else the rows' length); null for other results. */
export function rowCount(result: unknown): number | null {
  if (result && typeof result === 'object') {
    const value = result as { row_count?: unknown; rows?: unknown };
    if (typeof value.row_count === 'number') return value.row_count;
    if (Array.isArray(value.rows)) return value.rows.length;
  }
  return null;
}
