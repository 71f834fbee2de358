/**
 * The system prompt of the model loop: who the assistant is, the plant's
 * current date, time, weekday and time zone (from now(), so --now holds),
 * the answer language, the tools (also listed in text, for endpoints that do
 * not pass `tools` to the chat template), rules for calling them with one
 * good and one bad example, any relevant Markdown skill's procedure, and the
 * summary of older turns.
 */
import { localParts, offsetMinutes } from '../clock.js';
import type { Language } from '../skills/types.js';
import { namedSignature, signature, type ToolCatalog } from './tool-catalog.js';

const WEEKDAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEKDAY_ZH = ['', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];

export interface PromptOptions {
  plantName: string;
  timezone: string;
  now: Date;
  language: Language;
  catalog: ToolCatalog;
  /** Markdown skills to follow: name and body */
  procedures: Array<{ name: string; body: string }>;
  summary: string | null;
  /** what the rules made of the question, when they found a skill but not every slot */
  routeHint?: string | undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** "2026-11-25 10:00 Wednesday (星期三), Asia/Shanghai (UTC+08:00)" */
export function describeNow(instant: Date, timezone: string): string {
  const parts = localParts(instant, timezone);
  const offset = offsetMinutes(instant, timezone);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)} ` +
    `${WEEKDAY_NAMES[parts.weekday]} (${WEEKDAY_ZH[parts.weekday]}), time zone ${timezone} (UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)})`
  );
}

const QUERY_GOOD =
  '{"sql": "SELECT line_id, record_date, SUM(inspected_qty) AS inspected, SUM(defect_qty) AS defects FROM quality_data ' +
  "WHERE line_id = 'A' AND record_date BETWEEN '2026-11-16' AND '2026-11-22' GROUP BY line_id, record_date LIMIT 100\", " +
  '"purpose": "line A daily defects last week"}';
const QUERY_BAD =
  '{"sql": "SELECT * FROM quality_data"}  — refused: SELECT *, no LIMIT, no purpose (and without WHERE it reads the whole table)';

export function buildSystemPrompt(options: PromptOptions): string {
  const { catalog } = options;
  const lines: string[] = [
    `You are the offline assistant of ${options.plantName}, a quality-inspection plant. You answer ` +
      `operators' questions from the plant's own data, using the tools below. Never invent data: every ` +
      `number comes from a tool result.`,
    `Now: ${describeNow(options.now, options.timezone)}. "Today", "this week" and "last Wednesday" are plant dates in this time zone; weeks start on Monday.`,
    options.language === 'zh'
      ? "Answer in Chinese (简体中文), the operator's language."
      : "Answer in English, the operator's language.",
    '',
    '## Tools',
    ...catalog.offered.map((entry) => `- ${signature(entry)}`),
    ...(catalog.named.length > 0
      ? [
          `- Also available, call by name when the question needs them (a call that lacks an argument is ` +
            `answered with what it needs; ? marks an optional one): ${catalog.named.map(namedSignature).join(', ')}`,
        ]
      : []),
    '',
    '## How to call tools',
    '- Call a tool when you need data; call the next one after you read its result. Arguments are ' +
      "JSON that match the tool's parameters exactly (names, types, required ones).",
    '- If you cannot make a native tool call, reply with ONLY this JSON and nothing else: {"name": "<tool>", "arguments": {...}}',
    '- Never describe a call in words ("I will call …") — make the call.',
    '- If a tool returns an error, read it, fix the arguments and call again.',
    '- When you have what you need, reply with the final answer only: short, with the numbers, their units and the dates they cover.',
  ];
  if (catalog.get('query_database')) {
    lines.push(
      '- query_database is read-only SQL: name the columns (never SELECT *), always a WHERE condition, ' +
        'LIMIT at most 100, and a `purpose` saying the business reason.',
      `  Good: ${QUERY_GOOD}`,
      `  Bad: ${QUERY_BAD}`,
    );
  } else {
    const example = catalog.offered[0];
    if (example) {
      const required = example.schema.required ?? [];
      const args = Object.fromEntries(required.map((key) => [key, '…']));
      lines.push(
        `  Good: {"name": "${example.name}", "arguments": ${JSON.stringify(args)}}`,
        `  Bad: "I will now call ${example.name} to look this up."  — a description, not a call`,
      );
    }
  }
  for (const procedure of options.procedures) {
    lines.push(
      '',
      `## Procedure: ${procedure.name}`,
      'When the question matches this procedure, follow it step by step.',
      procedure.body.trim(),
    );
  }
  if (options.routeHint) {
    lines.push('', '## Hint from the rules', options.routeHint);
  }
  if (options.summary) {
    lines.push('', '## Earlier in this conversation (summary)', options.summary);
  }
  return lines.join('\n');
}
