import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFiles } from './schemas.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('the JSON Schemas shipped in docs/ match the zod schemas (run npm run gen:schemas)', async () => {
  for (const [file, schema] of Object.entries(await schemaFiles())) {
    const shipped = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;
    assert.deepEqual(shipped, schema, `${file} is stale: run npm run gen:schemas`);
  }
});
