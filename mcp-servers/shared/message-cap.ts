/**
 * No shipped MCP server ever writes a message over MESSAGE_MAX_BYTES (issue
 * #12): the SDK's stdio reader drops a connection whose line passes 10 MiB,
 * failing every in-flight call. `CappedStdioServerTransport` is the one seam
 * every server sends through; a tool result over the cap is cut — its largest
 * arrays shortened, long strings and the text rendering shortened — and says
 * so with `has_more: true` and a `note`; any other message over the cap is
 * answered as a JSON-RPC error instead. It reads through `LineReader`
 * (line-reader.ts): plain requests skip the SDK's first, redundant schema pass.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineReader, parseLine } from './line-reader.js';

/** Largest message (one JSON line) a shipped server writes; well under the SDK reader's 10 MiB. */
export const MESSAGE_MAX_BYTES = 4 * 1024 * 1024;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const byteSize = (text: string): number =>
  text.length * 3 <= MESSAGE_MAX_BYTES ? text.length : Buffer.byteLength(text, 'utf8');

/** The largest array inside a value (by element count), with its holder, for cutting. */
function largestArray(
  value: Json,
  best: { array: Json[]; size: number } | undefined = undefined,
): { array: Json[]; size: number } | undefined {
  if (Array.isArray(value)) {
    if (value.length > 0 && (!best || value.length > best.size)) best = { array: value, size: value.length };
    for (const item of value) if (item !== null && typeof item === 'object') best = largestArray(item, best);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value))
      if (item !== null && typeof item === 'object') best = largestArray(item, best);
  }
  return best;
}

function cutStrings(value: Json, max: number): Json {
  if (typeof value === 'string')
    return value.length > max ? `${value.slice(0, max)}… [cut: ${value.length} characters in all]` : value;
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, max));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutStrings(item, max)]));
  return value;
}

/**
 * Cut a tools/call result until it serializes under `maxBytes`. Returns the
 * result unchanged when it fits. Never silent: has_more and a note say what
 * was left out and how to get it.
 */
export function capToolResult<T extends Record<string, unknown>>(result: T, maxBytes = MESSAGE_MAX_BYTES): T {
  let size = byteSize(JSON.stringify(result));
  if (size <= maxBytes) return result;
  const original = size;
  const copy = JSON.parse(JSON.stringify(result)) as {
    content?: Array<{ type: string; text?: string }>;
    structuredContent?: Record<string, Json>;
    [key: string]: unknown;
  };
  const note =
    `this answer was ${original} bytes, over the ${maxBytes}-byte message limit, and was cut: ask ` +
    `for less (a narrower folder, fewer results, a smaller LIMIT, offset/paging)`;
  // the text for the model: at most a quarter of the budget
  const textBudget = Math.floor(maxBytes / 4 / 3);
  for (const part of copy.content ?? []) {
    if (part.type === 'text' && typeof part.text === 'string' && part.text.length > textBudget) {
      part.text = `${part.text.slice(0, textBudget)}\n… [${note}]`;
    }
  }
  const structured = copy.structuredContent;
  if (structured && typeof structured === 'object') {
    structured.has_more = true;
    structured.note = note;
    for (let step = 0; step < 64; step++) {
      size = byteSize(JSON.stringify(copy));
      if (size <= maxBytes) break;
      const largest = largestArray(structured);
      if (!largest || largest.array.length <= 1) break;
      const keep = Math.max(1, Math.floor((largest.array.length * maxBytes * 0.9) / size));
      largest.array.length = Math.min(keep, largest.array.length - 1);
    }
    if (byteSize(JSON.stringify(copy)) > maxBytes)
      copy.structuredContent = cutStrings(structured, 2000) as Record<string, Json>;
  }
  if (byteSize(JSON.stringify(copy)) > maxBytes) {
    // nothing left to cut sensibly: an error the model can act on
    return {
      isError: true,
      content: [{ type: 'text', text: `Error (RESULT_TOO_LARGE): ${note}` }],
      structuredContent: {
        error: {
          code: 'RESULT_TOO_LARGE',
          message: note,
          hint: 'ask for less: a narrower folder, fewer results or a smaller page',
        },
      },
    } as unknown as T;
  }
  return copy as T;
}

/** The SDK's stdio transport, but no message it writes is over MESSAGE_MAX_BYTES. */
export class CappedStdioServerTransport extends StdioServerTransport {
  private readonly lines = new LineReader();

  constructor(private readonly maxBytes = MESSAGE_MAX_BYTES) {
    super();
    // the SDK's reader, with the fast path for plain requests (start() listens with `_ondata`)
    this._ondata = (chunk: Buffer): void => {
      let lines: string[];
      try {
        lines = this.lines.push(chunk);
      } catch (error) {
        this.onerror?.(error as Error);
        this.close().catch(() => {});
        return;
      }
      for (const line of lines) {
        try {
          this.onmessage?.(parseLine(line));
        } catch (error) {
          this.onerror?.(error as Error);
        }
      }
    };
  }

  override async close(): Promise<void> {
    this.lines.clear();
    await super.close();
  }

  override send(message: JSONRPCMessage): Promise<void> {
    const json = JSON.stringify(message);
    if (byteSize(json) <= this.maxBytes) return this.write(`${json}\n`);
    const record = message as { id?: string | number; result?: Record<string, unknown> };
    if (
      record.result &&
      typeof record.result === 'object' &&
      ('content' in record.result || 'structuredContent' in record.result)
    ) {
      return this.write(
        `${JSON.stringify({ ...message, result: capToolResult(record.result, this.maxBytes - 1024) })}\n`,
      );
    }
    if (record.id !== undefined) {
      const error = {
        jsonrpc: '2.0',
        id: record.id,
        error: {
          code: -32603,
          message: `the response was over the ${this.maxBytes}-byte message limit and was not sent; ask for less`,
        },
      };
      return this.write(`${JSON.stringify(error)}\n`);
    }
    return Promise.resolve(); // a notification that large is dropped (logged by the caller's server)
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (process.stdout.write(line)) resolve();
      else process.stdout.once('drain', resolve);
    });
  }
}
