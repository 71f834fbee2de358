/**
 * npm run bench:seed — seeds 100,000 and 1,000,000 quality rows (documents
 * included) into temp folders and prints the elapsed time and file size.
 * Target: 1,000,000 rows well under a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedPlant } from '../src/seed/index.js';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((value) => Number.isInteger(value) && value > 0);
const results: Array<{ rows: number; seconds: number; megabytes: number; rowsPerSecond: number }> = [];
for (const rows of sizes.length > 0 ? sizes : [100_000, 1_000_000]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-seed-'));
  try {
    const started = performance.now();
    const summary = seedPlant({
      db: path.join(dir, 'plant.db'),
      rows,
      today: '2026-11-29',
      docsDir: path.join(dir, 'docs'),
    });
    const seconds = (performance.now() - started) / 1000;
    results.push({
      rows,
      seconds: Number(seconds.toFixed(2)),
      megabytes: Number((summary.bytes / 1048576).toFixed(1)),
      rowsPerSecond: Math.round(rows / seconds),
    });
    process.stdout.write(
      `seed ${rows.toLocaleString('en-US')} rows: ${seconds.toFixed(2)} s, ` +
        `${(summary.bytes / 1048576).toFixed(1)} MiB, ${summary.tables.work_orders} work orders, ` +
        `${summary.documents.length} documents\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const million = results.find((result) => result.rows === 1_000_000);
if (million)
  process.stdout.write(
    `target: 1,000,000 rows well under 60 s: ${million.seconds < 30 ? 'met' : 'NOT met'} (${million.seconds} s)\n`,
  );
process.stdout.write(`${JSON.stringify(results)}\n`);
