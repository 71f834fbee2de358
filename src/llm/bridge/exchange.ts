/**
 * The bridge's file exchange (`llm bridge --dir DIR`): a model turn is a pair
 * of files, so a person, a script or another program can be the model.
 *
 *   DIR/requests/<id>.json    written whole by the bridge (temp file + rename):
 *                             the new messages first, then every message, the
 *                             parameters and the tools offered;
 *   DIR/responses/<id>.json   written by the responder: an assistant message
 *                             `{content?, tool_calls?}` or `{raw: "text"}`;
 *   DIR/requests/<id>.expired / .cancelled / .refused   the request was given
 *                             up (timed out, the client went away, the response
 *                             was malformed), the reason in <id>.<state>.txt.
 *
 * Policy, with its numbers: the responses folder is polled every 100 ms; a
 * response is read once its size and mtime are unchanged across two polls (a
 * responder writing in several steps is not read half-written), and a file that
 * is still not a valid response after that is refused (malformed). Ids are
 * `0001`, `0002`… in arrival order, continuing after the highest id already in
 * DIR/requests, so that `ls` shows the newest last.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { RESPONDER_GUIDE } from './responder-guide.js';

export const POLL_MS = 100;

const toolCallSchema = z
  .object({
    id: z.string().min(1).optional(),
    type: z.literal('function').optional(),
    function: z.object({
      name: z.string().min(1, 'a tool call needs the tool name in function.name'),
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    }),
  })
  .strict();

/** What a responder may write: raw model text, or an assistant message (below). */
const rawResponseSchema = z
  .object({ raw: z.string(), finish_reason: z.enum(['stop', 'length']).optional(), note: z.string().optional() })
  .strict();

const messageResponseSchema = z
  .object({
    role: z.literal('assistant').optional(),
    content: z.string().nullable().optional(),
    tool_calls: z.array(toolCallSchema).optional(),
    finish_reason: z.enum(['stop', 'length', 'tool_calls']).optional(),
    usage: z.object({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) }).optional(),
    // a note to the people reading the run later; never sent to the agent
    note: z.string().optional(),
  })
  .strict()
  .refine((value) => (value.content ?? '') !== '' || (value.tool_calls ?? []).length > 0, {
    message: 'the response has neither "content" nor "tool_calls": write one of them (or {"raw": "text"})',
  });

export interface BridgeReply {
  content: string;
  toolCalls: Array<{ id: string | undefined; name: string; arguments: string }>;
  finishReason: 'stop' | 'length' | 'tool_calls';
  usage: { prompt_tokens: number; completion_tokens: number } | undefined;
}

/** A checked response file → the reply the endpoint sends; a malformed file → AppError (BAD_REQUEST-free: LLM_ERROR). */
export function readResponse(text: string, file: string): BridgeReply {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('LLM_ERROR', `the response ${file} is not valid JSON: ${(error as Error).message}`, {
      hint: 'write one JSON object, e.g. {"content": "..."} or {"tool_calls": [...]} (see RESPONDER.md in the bridge dir)',
      details: { code: 'malformed_response' },
    });
  }
  const isRaw = typeof json === 'object' && json !== null && !Array.isArray(json) && 'raw' in json;
  const parsed = isRaw ? rawResponseSchema.safeParse(json) : messageResponseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'response';
    const message = issue.message;
    throw new AppError('LLM_ERROR', `the response ${file} is malformed: ${where}: ${message}`, {
      hint:
        'write {"content": "text"} and/or {"tool_calls": [{"function": {"name": "TOOL", "arguments": "{\\"key\\": 1}"}}]},' +
        ' or {"raw": "model text"} (see RESPONDER.md in the bridge dir)',
      details: { code: 'malformed_response' },
    });
  }
  const value = parsed.data;
  if ('raw' in value) {
    return { content: value.raw, toolCalls: [], finishReason: value.finish_reason ?? 'stop', usage: undefined };
  }
  const toolCalls = (value.tool_calls ?? []).map((call) => ({
    id: call.id,
    name: call.function.name,
    arguments:
      call.function.arguments === undefined
        ? '{}'
        : typeof call.function.arguments === 'string'
          ? call.function.arguments
          : JSON.stringify(call.function.arguments),
  }));
  return {
    content: value.content ?? '',
    toolCalls,
    finishReason: value.finish_reason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
    usage: value.usage,
  };
}

/** Write a file whole: a temp file in the same folder, then rename (a reader never sees half of it). */
export function writeAtomic(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temp, text);
  renameSync(temp, file);
}

export interface ExchangeDir {
  dir: string;
  requests: string;
  responses: string;
}

/** Check DIR, make its two folders and write RESPONDER.md. A missing DIR is an error (a typo must not scatter files). */
export function openExchangeDir(dir: string): ExchangeDir {
  const absolute = path.resolve(dir);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
    throw new AppError('NOT_FOUND', `llm bridge: the exchange dir ${absolute} does not exist or is not a directory`, {
      hint: `create it first (mkdir -p ${absolute}) or pass an existing directory to --dir`,
    });
  }
  const exchange = {
    dir: absolute,
    requests: path.join(absolute, 'requests'),
    responses: path.join(absolute, 'responses'),
  };
  mkdirSync(exchange.requests, { recursive: true });
  mkdirSync(exchange.responses, { recursive: true });
  writeAtomic(path.join(absolute, 'RESPONDER.md'), RESPONDER_GUIDE);
  return exchange;
}

/** The highest request number already in the folder (a restarted bridge continues after it). */
export function lastRequestNumber(exchange: ExchangeDir): number {
  let highest = 0;
  for (const name of readdirSync(exchange.requests)) {
    const match = /^(\d+)\./.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

export function requestId(number: number): string {
  return String(number).padStart(4, '0');
}

/** The exchange dir vanished or is not writable: say so as an endpoint error. */
function exchangeBroken(exchange: ExchangeDir, error: unknown): AppError {
  return new AppError(
    'LLM_UNAVAILABLE',
    `llm bridge: cannot write to the exchange dir ${exchange.dir}: ${(error as Error).message}`,
    { hint: 'the dir was removed or is not writable: recreate it and restart `airgap-agent llm bridge`', cause: error },
  );
}

export function writeRequest(exchange: ExchangeDir, id: string, body: unknown): string {
  const file = path.join(exchange.requests, `${id}.json`);
  try {
    writeAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
  } catch (error) {
    throw exchangeBroken(exchange, error);
  }
  return file;
}

/** Mark a request given up so responders skip it, with the reason beside it (best effort: the dir may be gone). */
export function markRequest(
  exchange: ExchangeDir,
  options: { id: string; state: 'expired' | 'cancelled' | 'refused'; reason: string },
): void {
  try {
    const marked = path.join(exchange.requests, `${options.id}.${options.state}`);
    renameSync(path.join(exchange.requests, `${options.id}.json`), marked);
    writeFileSync(`${marked}.txt`, `${options.reason}\n`);
  } catch {
    // the request file is gone already: nothing to mark
  }
}

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Wait for DIR/responses/<id>.json to appear and settle, then read and check it.
 * Throws LLM_TIMEOUT after `timeoutMs`, CANCELLED when `signal` fires, LLM_ERROR for a malformed file.
 */
export async function awaitResponse(
  exchange: ExchangeDir,
  options: { id: string; timeoutMs: number; signal: AbortSignal },
): Promise<{ reply: BridgeReply; file: string }> {
  const file = path.join(exchange.responses, `${options.id}.json`);
  const deadline = performance.now() + options.timeoutMs;
  let last = '';
  for (;;) {
    if (options.signal.aborted) throw new AppError('CANCELLED', `the client gave up request ${options.id}`);
    let seen = '';
    try {
      const stat = statSync(file);
      // an empty file is a responder that opened it and has not written yet
      if (stat.size > 0) seen = `${stat.size}:${stat.mtimeMs}`;
    } catch {
      if (!existsSync(exchange.dir)) throw exchangeBroken(exchange, new Error('the directory is gone'));
    }
    if (seen !== '' && seen === last) {
      return { reply: readResponse(await readFile(file, 'utf8'), path.relative(exchange.dir, file)), file };
    }
    last = seen;
    if (performance.now() >= deadline) {
      const waited =
        options.timeoutMs >= 10000 ? `${Math.round(options.timeoutMs / 1000)} s` : `${options.timeoutMs} ms`;
      throw new AppError(
        'LLM_TIMEOUT',
        `llm bridge: no response to request ${options.id} within ${waited}` +
          ` (expected ${path.relative(exchange.dir, file)} in ${exchange.dir})`,
        { hint: 'the responder is not answering: check it watches this dir, or raise --timeout' },
      );
    }
    await sleep(POLL_MS, options.signal);
  }
}
