/**
 * The HTTP plumbing of an OpenAI-compatible endpoint, shared by the embedded model service and the
 * `llm bridge`: a JSON reply, a request body read within a size limit, a chat request checked against the
 * schema, with errors that name the parameter.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../errors.js';
import { chatRequestSchema, type ChatRequest } from './request-schema.js';

export function sendJson(
  response: http.ServerResponse,
  reply: { status: number; body: unknown; headers?: Record<string, string> },
): void {
  const { status, body, headers = {} } = reply;
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export function readBody(request: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (data: Buffer) => {
      size += data.length;
      if (size > limit) {
        reject(
          new AppError('PAYLOAD_TOO_LARGE', `the request body is larger than ${limit} bytes`, {
            hint: 'send a shorter conversation',
          }),
        );
        request.destroy();
        return;
      }
      chunks.push(data);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function parseRequest(text: string): ChatRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError('BAD_REQUEST', `the body is not valid JSON: ${(error as Error).message}`, {
      hint: 'send a JSON object with "model" and "messages"',
      details: { code: 'invalid_json' },
    });
  }
  const parsed = chatRequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = issue.path
      .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
      .join('');
    throw new AppError('BAD_REQUEST', `${param || 'body'}: ${issue.message}`, {
      details: { param: param || null, code: 'invalid_value' },
    });
  }
  return parsed.data;
}

/** Listen on port and host (0: a free port); the address bound, its host in URL form (`[::1]` for IPv6). */
export async function listen(
  server: http.Server,
  options: { port: number; host: string },
): Promise<{ address: AddressInfo; urlHost: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { address, urlHost: address.family === 'IPv6' ? `[${address.address}]` : address.address };
}
