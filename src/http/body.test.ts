import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyText, limitedBody } from './body.js';

/** A raw request (no fetch: Content-Length and chunking exactly as given); status and body text. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: string[] },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'POST', headers: options.headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

function app(): Hono {
  const hono = new Hono();
  hono.use(
    '*',
    limitedBody(16, (context) => context.text('too large', 413)),
  );
  hono.post('/text', async (context) => context.text(`[${await bodyText(context)}]`));
  // a route that reads the web Request after the middleware read the bytes: it sees the whole body
  hono.post('/json', async (context) => context.json(await context.req.json()));
  hono.get('/get', (context) => context.text('ok'));
  return hono;
}

describe('limitedBody: the body read once, within the limit', () => {
  let server: http.Server;
  let url: string;
  before(async () => {
    server = createAdaptorServer({ fetch: app().fetch }) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('read from Node: as the route reads it, and again through the web Request', async () => {
    assert.deepEqual(await send(`${url}/text`, { chunks: ['{"q":"产线"}'] }), { status: 200, text: '[{"q":"产线"}]' });
    // the web Request's text(): UTF-8 with a leading byte order mark dropped; the same here
    assert.deepEqual(await send(`${url}/text`, { chunks: ['\uFEFF{}'] }), { status: 200, text: '[{}]' });
    assert.deepEqual(await send(`${url}/json`, { chunks: ['{"a":', '1}'] }), { status: 200, text: '{"a":1}' });
    assert.deepEqual(await send(`${url}/text`, { chunks: [] }), { status: 200, text: '[]' });
    assert.deepEqual(await send(`${url}/get`, { method: 'GET' }), { status: 200, text: 'ok' });
  });

  test('a Content-Length over the limit is refused unread; a chunked body when it passes the limit', async () => {
    const long = 'x'.repeat(17);
    assert.equal((await send(`${url}/text`, { chunks: [long] })).status, 413);
    assert.equal(
      (
        await send(`${url}/text`, {
          headers: { 'Transfer-Encoding': 'chunked' },
          chunks: ['x'.repeat(10), 'x'.repeat(10)],
        })
      ).status,
      413,
    );
    // exactly the limit passes, chunked or not
    assert.deepEqual(await send(`${url}/text`, { chunks: ['y'.repeat(16)] }), {
      status: 200,
      text: `[${'y'.repeat(16)}]`,
    });
    assert.deepEqual(
      await send(`${url}/text`, {
        headers: { 'Transfer-Encoding': 'chunked' },
        chunks: ['y'.repeat(8), 'y'.repeat(8)],
      }),
      { status: 200, text: `[${'y'.repeat(16)}]` },
    );
  });

  test('in process (app.request, no Node request): hono bodyLimit through the web Request', async () => {
    const hono = app();
    const ok = await hono.request('/text', { method: 'POST', body: 'hello' });
    assert.equal(await ok.text(), '[hello]');
    const big = await hono.request('/text', { method: 'POST', body: 'z'.repeat(17) });
    assert.equal(big.status, 413);
  });
});
