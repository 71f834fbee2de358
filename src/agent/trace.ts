/**
 * One line of stderr trace per agent event, for `ask` and `chat` (SOURCES.md
 * part B: each step of the tool loop is traced to stderr; stdout carries only
 * the answer). Tokens and the answer itself are not traced.
 */
import type { AgentEvent } from './types.js';
import { previewText } from './tool-result-text.js';

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

function argumentsText(args: Record<string, unknown>): string {
  const { sql, purpose, ...rest } = args;
  const parts: string[] = [];
  if (typeof purpose === 'string') parts.push(`purpose: ${purpose}`);
  if (typeof sql === 'string') parts.push(`sql: ${sql.replace(/\s+/g, ' ').trim()}`);
  if (Object.keys(rest).length > 0 || parts.length === 0) parts.push(JSON.stringify(rest));
  return parts.join(' | ');
}

export function formatEvent(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'mode':
      return `[mode] ${event.mode} — ${event.reason}`;
    case 'step-start':
      return `[step ${event.step}]`;
    case 'step-end':
    case 'token':
    case 'answer':
      return undefined;
    case 'tool-call-start':
      return (
        `  → ${event.name} ${argumentsText(event.arguments)}` +
        `${event.repairs && event.repairs.length > 0 ? `  [repaired: ${event.repairs.join('; ')}]` : ''}`
      );
    case 'tool-call-end':
      return (
        `  ← ${event.name} ${event.ok ? 'ok' : 'FAILED'} ` +
        `${ms(event.ms)}${event.cached ? ' (cached)' : ''}: ` +
        `${previewText(event.ok ? event.result : event.error)}`
      );
    case 'skill-start':
      return `[skill] ${event.skill} ${event.version} ${JSON.stringify(event.arguments)}`;
    case 'skill-progress':
      return `  · ${event.skill}: ${event.message}`;
    case 'skill-end':
      return `[skill] ${event.skill} ${event.ok ? 'done' : 'failed'} ${ms(event.ms)}`;
    case 'retry':
      return `  ↻ retry ${event.attempt}: ${previewText(event.reason, 300)}`;
    case 'notice':
      return `[notice] ${event.message}${event.detail ? ` (${event.detail})` : ''}`;
    case 'error':
      return `[error] ${event.code}: ${event.message}`;
  }
}
