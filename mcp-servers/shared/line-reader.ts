/**
 * Reading JSON-RPC messages from stdin, one per line, for the shipped servers'
 * transport (message-cap.ts). The SDK's reader runs every line through its zod
 * union of the four JSON-RPC shapes before the request handler parses the
 * request against its own schema again; on a server that has answered only a
 * few hundred calls (its code not yet optimised: every lazily started, idle
 * stopped server) that first parse was ~20-80 us of a ~0.3 ms cache hit.
 * A plain, well-formed request (the shape below, exactly what the union
 * would accept) is handed on as parsed; anything else — responses,
 * notifications, odd ids, `_meta` with progress or task fields, any doubt —
 * goes through the SDK's own schema as before, so what is accepted or refused
 * does not change.
 */
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK reader's limit (STDIO_DEFAULT_MAX_BUFFER_SIZE): a line longer than this closes the connection. */
export const READ_MAX_BYTES = 10 * 1024 * 1024;

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when `value` is a JSON-RPC request that JSONRPCMessageSchema accepts unchanged (checked by the test). */
export function isPlainRequest(value: unknown): value is JSONRPCMessage {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string') return false;
  const { id, params } = value;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isSafeInteger(id))) return false;
  for (const key of Object.keys(value)) if (!REQUEST_KEYS.has(key)) return false;
  if (params === undefined) return true;
  if (!isRecord(params)) return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  // progress tokens and task metadata have shapes of their own: the SDK's schema judges them
  for (const key of Object.keys(meta)) if (key === 'progressToken' || key.includes('related-task')) return false;
  return true;
}

/** Parse one line: the fast path for a plain request, the SDK's schema for the rest (throws as the SDK's reader does). */
export function parseLine(line: string): JSONRPCMessage {
  const value: unknown = JSON.parse(line);
  return isPlainRequest(value) ? value : JSONRPCMessageSchema.parse(value);
}

/** Splits a byte stream into lines; `push` returns the complete lines, keeping the rest for the next chunk. */
export class LineReader {
  private buffer: Buffer | undefined;

  constructor(private readonly maxBytes = READ_MAX_BYTES) {}

  push(chunk: Buffer): string[] {
    const size = (this.buffer?.length ?? 0) + chunk.length;
    if (size > this.maxBytes) {
      this.buffer = undefined;
      throw new Error(`ReadBuffer exceeded maximum size of ${this.maxBytes} bytes`);
    }
    let buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const lines: string[] = [];
    for (let index = buffer.indexOf(10); index !== -1; index = buffer.indexOf(10)) {
      const end = index > 0 && buffer[index - 1] === 13 ? index - 1 : index;
      lines.push(buffer.toString('utf8', 0, end));
      buffer = buffer.subarray(index + 1);
    }
    this.buffer = buffer.length > 0 ? buffer : undefined;
    return lines;
  }

  clear(): void {
    this.buffer = undefined;
  }
}
