/**
 * createAgent's choice of model endpoint when llm.base_url is null: the
 * embedded service's URL when a model file is installed (and passes its quick
 * check against the manifest), none otherwise.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromObject } from '../config/load.js';
import { embeddedLlmBaseUrl } from './create.js';

function appRootWith(model: { size: number; listed: number } | undefined): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'create-llm-'));
  const models = path.join(root, 'vendor', 'models');
  mkdirSync(models, { recursive: true });
  if (model) {
    writeFileSync(path.join(models, 'tiny.gguf'), Buffer.alloc(model.size, 1));
    writeFileSync(
      path.join(models, 'manifest.json'),
      JSON.stringify({ models: [{ name: 'tiny.gguf', size: model.listed, sha256: '0'.repeat(64), licence: 'test' }] }),
    );
  }
  return root;
}

const config = (llm: Record<string, unknown> = {}) => configFromObject({ llm }, os.tmpdir());

test('a model in vendor/models: the embedded service URL from llm.embedded.host/port', async () => {
  const root = appRootWith({ size: 64, listed: 64 });
  try {
    assert.equal(await embeddedLlmBaseUrl(config(), { root }), 'http://127.0.0.1:8081/v1');
    assert.equal(
      await embeddedLlmBaseUrl(config({ embedded: { host: '0.0.0.0', port: 9001 } }), { root }),
      'http://127.0.0.1:9001/v1',
    );
    // an explicit endpoint always wins
    assert.equal(await embeddedLlmBaseUrl(config({ base_url: 'http://10.0.0.5:8000/v1' }), { root }), null);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('no model, or a model failing its check: no endpoint (rules only)', async () => {
  const empty = appRootWith(undefined);
  const damaged = appRootWith({ size: 64, listed: 65 });
  try {
    assert.equal(await embeddedLlmBaseUrl(config(), { root: empty }), null);
    assert.equal(await embeddedLlmBaseUrl(config(), { root: damaged }), null);
    assert.equal(
      await embeddedLlmBaseUrl(config({ embedded: { model: path.join(empty, 'missing.gguf') } }), { root: empty }),
      null,
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(damaged, { recursive: true, force: true });
  }
});
