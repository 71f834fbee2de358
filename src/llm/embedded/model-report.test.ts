/**
 * What doctor reads from a GGUF (gguf-info.ts) and says about the model (model-report.ts): the tiny
 * random-weight GGUF with a Hermes-style template, a ChatML one, none; a file that is not a GGUF; the
 * smoke completion through the real embedded service (node-llama-cpp, the tiny model) and through a
 * server that fails.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { configSchema } from '../../config/schema.js';
import { readGgufInfo } from './gguf-info.js';
import { checkModelInfo, humanSize, parserFormat, smokeCompletion } from './model-report.js';
import { startTinyService, type TinyService } from './test-fixture.js';
import { TINY_HERMES_TEMPLATE, writeTinyGguf } from './tiny-gguf.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'model-report-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const llmConfig = (llm: Record<string, unknown> = {}) => configSchema.parse({ llm });

function tiny(name: string, chatTemplate?: string | null): string {
  const file = path.join(dir, name);
  writeTinyGguf({ file, seed: 3, chatTemplate });
  return file;
}

describe('readGgufInfo', () => {
  test('the header and metadata of the tiny GGUF: version, architecture, quantisation, context, template family', () => {
    const info = readGgufInfo(tiny('hermes.gguf', TINY_HERMES_TEMPLATE));
    assert.equal(info.version, 3);
    assert.equal(info.tensors, 21);
    assert.equal(info.architecture, 'llama');
    assert.equal(info.quantisation, 'F32');
    assert.equal(info.contextLength, 32768);
    assert.equal(info.name, 'airgap tiny test model');
    assert.equal(info.chatTemplate, TINY_HERMES_TEMPLATE);
    assert.equal(info.toolFormat, 'hermes');
    // arrays (the vocabulary) are skipped, scalars kept
    assert.equal(info.metadata.has('tokenizer.ggml.tokens'), false);
    assert.equal(info.metadata.get('tokenizer.ggml.eos_token_id'), 2);
  });

  test('ChatML without tool markers: a template, no family; no template at all', () => {
    const chatml = readGgufInfo(tiny('chatml.gguf'));
    assert.match(chatml.chatTemplate ?? '', /<\|im_start\|>/);
    assert.equal(chatml.toolFormat, undefined);
    const none = readGgufInfo(tiny('none.gguf', null));
    assert.equal(none.chatTemplate, undefined);
  });

  test('not a GGUF, an unknown version, a truncated header: each refused with what is wrong', () => {
    const text = path.join(dir, 'notes.gguf');
    writeFileSync(text, 'these are not the weights you are looking for');
    assert.throws(() => readGgufInfo(text), /does not start with the GGUF magic \(found "thes"\)/);
    const v9 = path.join(dir, 'v9.gguf');
    const header = Buffer.alloc(64);
    header.write('GGUF', 0, 'latin1');
    header.writeUInt32LE(9, 4);
    writeFileSync(v9, header);
    assert.throws(() => readGgufInfo(v9), /GGUF version 9: llama.cpp reads versions 2 and 3/);
    const whole = tiny('whole.gguf', TINY_HERMES_TEMPLATE);
    const cut = path.join(dir, 'cut.gguf');
    // the metadata is ~6 KB in (vocabulary arrays first): cut inside it
    writeFileSync(cut, readFileSync(whole).subarray(0, 3000));
    assert.throws(() => readGgufInfo(cut), /ends inside its metadata/);
  });
});

describe('checkModelInfo', () => {
  test('size, version, quantisation, the template family and what the parser reads first', () => {
    const file = tiny('qwen-like.gguf', TINY_HERMES_TEMPLATE);
    const check = checkModelInfo(llmConfig(), { file, size: statSync(file).size }, 64e9);
    assert.equal(check.status, 'ok', check.detail);
    assert.match(check.detail, /^qwen-like\.gguf: \d+ KB, GGUF v3, llama, F32, trained context 32768; /);
    assert.match(check.detail, /chat template: tool calls in the hermes \(Hermes\/Qwen: <tool_call>/);
    assert.match(check.detail, /the parser reads hermes first \(from the chat template\)/);
  });

  test('llm.tool_format and llm.model decide before the template; a file name names a family too', () => {
    const file = tiny('qwen2.5-7b-instruct-q4_k_m.gguf');
    assert.deepEqual(parserFormat(llmConfig({ tool_format: 'glm45' }), file, 'hermes'), {
      format: 'glm45',
      why: 'llm.tool_format',
    });
    assert.deepEqual(parserFormat(llmConfig({ model: 'mistral-small' }), file, 'hermes'), {
      format: 'mistral',
      why: 'llm.model "mistral-small"',
    });
    const chatml = checkModelInfo(llmConfig(), { file, size: statSync(file).size }, 64e9);
    assert.match(
      chatml.detail,
      /chat template: no tool-call markers; the parser reads hermes first \(from the file name\)/,
    );
    const plain = tiny('plain.gguf');
    assert.match(
      checkModelInfo(llmConfig(), { file: plain, size: statSync(plain).size }, 64e9).detail,
      /the parser tries every known format$/,
    );
  });

  test('no template is a warning; a file near the RAM is a warning with the figures; not a GGUF fails', () => {
    const none = tiny('bare.gguf', null);
    const noTemplate = checkModelInfo(llmConfig(), { file: none, size: statSync(none).size }, 64e9);
    assert.equal(noTemplate.status, 'warn');
    assert.match(noTemplate.detail, /no chat template in the file/);
    const file = tiny('big.gguf', TINY_HERMES_TEMPLATE);
    const tight = checkModelInfo(llmConfig(), { file, size: 7_000_000_000 }, 8_000_000_000);
    assert.equal(tight.status, 'warn');
    assert.match(tight.detail, /the file is 7\.00 GB and this host has 8\.00 GB of RAM/);
    const text = path.join(dir, 'readme.gguf');
    writeFileSync(text, '# not a model\n'.repeat(10));
    const broken = checkModelInfo(llmConfig(), { file: text, size: statSync(text).size }, 64e9);
    assert.equal(broken.status, 'fail');
    assert.match(broken.detail, /is not a GGUF file the service can load: it does not start with the GGUF magic/);
    assert.match(broken.fix ?? '', /install\.sh --model/);
  });

  test('humanSize: decimal units as model cards give them', () => {
    assert.equal(humanSize(4_683_073_952), '4.68 GB');
    assert.equal(humanSize(520_256), '520 KB');
    assert.equal(humanSize(900), '900 bytes');
  });
});

describe('smokeCompletion', () => {
  let service: TinyService;
  before(async () => {
    service = await startTinyService({ contextSize: 512, parallel: 1 });
  });
  after(async () => service.close());

  test('a few tokens from the real embedded service (tiny model), timed', async () => {
    const check = await smokeCompletion(llmConfig(), service.server.url, { maxTokens: 4 });
    assert.equal(check.status, 'ok', check.detail);
    assert.match(
      check.detail,
      /^[1-4] token\(s\) in \d+ ms, [\d.]+ tokens\/s with the prompt \(finish: (length|stop)\): ".*"$/,
    );
  });

  test('an endpoint that answers 404 for the model, or never: a failure naming the URL and the fix', async () => {
    const check = await smokeCompletion(llmConfig({ model: 'no-such-model' }), service.server.url, { maxTokens: 2 });
    assert.equal(check.status, 'fail');
    assert.match(check.detail, /chat\/completions answered HTTP 404 after \d+ ms: ".*no-such-model/);
    assert.match(check.fix ?? '', /journalctl -u airgap-agent-llm/);
    const silent = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/v1`;
      const timedOut = await smokeCompletion(llmConfig({ base_url: base }), base, { timeoutMs: 200 });
      assert.equal(timedOut.status, 'fail');
      assert.match(timedOut.detail, /no answer within 200 ms/);
      assert.match(timedOut.fix ?? '', new RegExp(`check the model server at ${base}`));
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
