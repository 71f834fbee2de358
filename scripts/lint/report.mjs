#!/usr/bin/env node
// The lint's findings summed up for a fix pass: per rule, how many, how many
// `npm run lint:fix` fixes, and the files left to fix by hand.
//   node scripts/lint/report.mjs [--files]   (npm run lint:report)
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const started = Date.now();
const results = await new ESLint({ cwd: root }).lintFiles(['.']);
const rules = new Map();
for (const result of results) {
  const file = path.relative(root, result.filePath);
  for (const message of result.messages) {
    const rule = message.ruleId ?? '(parse error)';
    const entry = rules.get(rule) ?? { count: 0, fixable: 0, files: new Map() };
    entry.count++;
    if (message.fix) entry.fixable++;
    else entry.files.set(file, (entry.files.get(file) ?? 0) + 1);
    rules.set(rule, entry);
  }
}
console.log(`${results.length} files linted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const [rule, entry] of [...rules].sort((a, b) => b[1].count - a[1].count)) {
  console.log(
    `${rule}: ${entry.count} (${entry.fixable} fixed by npm run lint:fix) in ${entry.files.size} files by hand`,
  );
  if (process.argv.includes('--files')) {
    for (const [file, count] of [...entry.files].sort((a, b) => b[1] - a[1])) console.log(`  ${count}\t${file}`);
  }
}
if (rules.size === 0) console.log('no findings');
