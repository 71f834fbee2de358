/**
 * Cassettes: the model turns of one regression case, recorded from a live
 * model (`agent-test --record`) or written by hand (malformed outputs, 500s,
 * timeouts), and replayed through the scripted OpenAI-compatible server so
 * cases run offline and identically in CI.
 *
 * Format (JSON): { version: 1, case, recorded_at?, model?, turns: [
 *   { content?, tool_calls?: [{name, arguments (string as the model sent it, or object)}],
 *     finish_reason?, status?, error_message?, delay_ms? } ] }
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { ScriptedTurn } from './scripted-llm-server.js';

const turnSchema = z
  .object({
    content: z.string().nullable().optional(),
    tool_calls: z
      .array(
        z
          .object({ name: z.string().min(1), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]) })
          .strict(),
      )
      .optional(),
    finish_reason: z.string().optional(),
    status: z.number().int().min(100).max(599).optional(),
    error_message: z.string().optional(),
    delay_ms: z.number().int().min(0).max(600000).optional(),
  })
  .strict();

export const cassetteSchema = z
  .object({
    version: z.literal(1),
    case: z.string(),
    recorded_at: z.string().optional(),
    model: z.string().optional(),
    turns: z.array(turnSchema),
  })
  .strict();

export type Cassette = z.infer<typeof cassetteSchema>;
export type CassetteTurn = z.infer<typeof turnSchema>;

export function slug(name: string): string {
  const text = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return text.slice(0, 80) || 'case';
}

/** Where a case's cassette lives: its `cassette` key, else cassettes/<file>/<case>.json beside the case file. */
export function cassettePath(caseFile: string, caseName: string, explicit?: string): string {
  if (explicit) return path.resolve(path.dirname(caseFile), explicit);
  return path.join(
    path.dirname(caseFile),
    'cassettes',
    path.basename(caseFile).replace(/\.ya?ml$/i, ''),
    `${slug(caseName)}.json`,
  );
}

export function loadCassette(file: string): Cassette | undefined {
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('BAD_REQUEST', `cassette ${file} is not valid JSON: ${(error as Error).message}`, {
      hint: 're-record it with --record, or fix the JSON',
    });
  }
  const parsed = cassetteSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_REQUEST', `cassette ${file}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`, {
      hint: 'see docs/admin-guide.md#regression-tests for the cassette format',
    });
  }
  return parsed.data;
}

export function saveCassette(file: string, cassette: Cassette): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(cassette, null, 2)}\n`);
}

export function toScriptedTurn(turn: CassetteTurn): ScriptedTurn {
  return {
    content: turn.content,
    toolCalls: turn.tool_calls?.map((call) => ({ name: call.name, arguments: call.arguments })),
    finishReason: turn.finish_reason,
    status: turn.status,
    errorMessage: turn.error_message,
    delayMs: turn.delay_ms,
  };
}

/** Reassemble one assistant turn from an OpenAI response body (JSON or SSE). */
export function turnFromResponse(status: number, contentType: string, body: string): CassetteTurn {
  if (status >= 400) {
    let message: string | undefined;
    try {
      message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
    } catch {
      message = body.slice(0, 500);
    }
    return { status, error_message: message };
  }
  if (!contentType.includes('text/event-stream')) {
    const json = JSON.parse(body) as {
      choices?: Array<{
        message?: { content?: string | null; tool_calls?: Array<{ function: { name: string; arguments: string } }> };
        finish_reason?: string;
      }>;
    };
    const choice = json.choices?.[0];
    return {
      content: choice?.message?.content ?? null,
      ...(choice?.message?.tool_calls?.length
        ? {
            tool_calls: choice.message.tool_calls.map((call) => ({
              name: call.function.name,
              arguments: call.function.arguments,
            })),
          }
        : {}),
      ...(choice?.finish_reason ? { finish_reason: choice.finish_reason } : {}),
    };
  }
  let content = '';
  let finish: string | undefined;
  const calls: Array<{ name: string; arguments: string }> = [];
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data === '[DONE]' || data === '') continue;
    const chunk = JSON.parse(data) as {
      choices?: Array<{
        delta?: {
          content?: string | null;
          tool_calls?: Array<{ index: number; function?: { name?: string; arguments?: string } }>;
        };
        finish_reason?: string | null;
      }>;
    };
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    if (choice.delta?.content) content += choice.delta.content;
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = (calls[delta.index] ??= { name: '', arguments: '' });
      if (delta.function?.name) call.name += delta.function.name;
      if (delta.function?.arguments) call.arguments += delta.function.arguments;
    }
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  return {
    content: content || (calls.length ? null : ''),
    ...(calls.length ? { tool_calls: calls } : {}),
    ...(finish ? { finish_reason: finish } : {}),
  };
}

export interface RecordingProxy {
  /** base URL ending in /v1, to use as llm.base_url */
  url: string;
  /** the turns recorded since the last call */
  take(): CassetteTurn[];
  close(): Promise<void>;
}

/** A loopback proxy in front of a live model that records every chat completion it forwards. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const base = target.replace(/\/+$/, '');
  let turns: CassetteTurn[] = [];
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const suffix = (request.url ?? '').replace(/^\/v1/, '');
      const headers: Record<string, string> = { 'content-type': request.headers['content-type'] ?? 'application/json' };
      if (request.headers.authorization) headers.authorization = request.headers.authorization;
      fetch(`${base}${suffix}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' ? undefined : Buffer.concat(parts),
      })
        .then(async (upstream) => {
          const contentType = upstream.headers.get('content-type') ?? 'application/json';
          const text = await upstream.text();
          if (suffix.startsWith('/chat/completions')) turns.push(turnFromResponse(upstream.status, contentType, text));
          response.writeHead(upstream.status, { 'content-type': contentType });
          response.end(text);
        })
        .catch((error: unknown) => {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ error: { message: `recording proxy: ${(error as Error).message}`, type: 'proxy_error' } }),
          );
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    take() {
      const taken = turns;
      turns = [];
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
