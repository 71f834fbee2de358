#!/usr/bin/env node
// Runs every *.test.ts beside the code (src/ — code skills included, in
// src/skills/code/ —, mcp-servers/, scripts/, deploy/) with Node's own test
// runner, TypeScript through tsx. skills/ holds Markdown skills only.
//   node scripts/run-tests.mjs [--only PATTERN] [more node --test flags]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { walkFiles } from './lib/walk.mjs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = ['src', 'mcp-servers', 'scripts', 'deploy'];
const args = process.argv.slice(2);
let only;
const passThrough = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--only') only = new RegExp(args[++i]);
  else passThrough.push(args[i]);
}

const files = folders
  .flatMap((folder) => walkFiles(path.join(root, folder), (name) => name.endsWith('.test.ts')))
  .filter((file) => !only || only.test(file))
  .sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`,
    ...passThrough,
    ...files.map((file) => path.relative(root, file)),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
