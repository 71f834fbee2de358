/**
 * Writes the JSON Schemas generated from the zod schemas into docs/:
 * docs/config.schema.json (the config) and docs/testcases.schema.json (agent-test cases).
 * `npm run gen:schemas`; a test checks the shipped files are current.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFiles } from './schemas.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const [file, schema] of Object.entries(await schemaFiles())) {
  writeFileSync(path.join(root, file), `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
}
