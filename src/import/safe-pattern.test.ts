/**
 * skip_rows patterns that backtrack without bound are refused when the mapping is read, before any row
 * (issue 29, N13: `^(a+)+$` ran past 60 s on one cell and the import had no limit). The patterns are the
 * classic ReDoS shapes (OWASP "Regular expression Denial of Service"; the Cloudflare outage of 2019-07-02
 * was `.*(?:.*=.*)`), and ordinary footer patterns from the admin guide still pass.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { importFile } from './importer.js';
import { parseMapping } from './mapping.js';
import { runawayReason } from './safe-pattern.js';
import { QUALITY_HEADER, testPlants } from './test-plant.js';

const plants = testPlants('safe-pattern', 100);

const RUNAWAY = [
  '^(a+)+$', // the red team's
  '(a|a)*$',
  '^(\\w+\\s?)*$', // OWASP's example
  '(a?){25}a{25}',
  '^(([a-z])+.)+[A-Z]([a-z])+$', // OWASP
  '.*(?:.*=.*)', // Cloudflare 2019
  '(x+x+)+y',
  '^(\\d+|\\w+)+$',
  '(a)\\1+', // a back-reference
  '(?<v>a)\\k<v>',
  `^${'a'.repeat(201)}`,
];

const ORDINARY = [
  '^(制表|审核|打印)',
  '^TEST-',
  '^样品',
  '^备注',
  '^\\s*(合计|小计)\\s*$',
  '.*备注.*',
  '^第\\d+页',
  '^(Total|Sum)\\b',
  '^[A-D]线小计$',
  '^\\p{Script=Han}{2,4}：',
  '(?:abc)?def',
  '^(a+)?b$',
];

test('runaway patterns are named with the reason; ordinary footer patterns pass', () => {
  for (const source of RUNAWAY) assert.ok(runawayReason(source) !== undefined, `${source} should be refused`);
  for (const source of ORDINARY) assert.equal(runawayReason(source), undefined, source);
});

test('a mapping with a runaway skip_rows pattern is refused when it is read, with the key, the reason and the fix', () => {
  assert.throws(
    () => parseMapping('table: quality_data\nskip_rows:\n  inspector: "^(a+)+$"\n', 'runaway.yaml'),
    (error: unknown) =>
      error instanceof AppError &&
      error.code === 'CONFIG_INVALID' &&
      /runaway\.yaml: skip_rows\.inspector: "\^\(a\+\)\+\$" is refused: a repeated group holds a quantifier/.test(
        error.message,
      ) &&
      /\^\(合计\|小计\)/.test(error.hint ?? ''),
  );
});

test('an allowed pattern on a cell of 32,767 characters: the row is skipped, the import ends', async () => {
  const mapping = parseMapping('table: quality_data\nskip_rows:\n  inspector: "^a*a*$"\n', 'long.yaml');
  const file = path.join(plants.dir, 'long-cell.csv');
  writeFileSync(
    file,
    `${QUALITY_HEADER}\nA,2026-11-30,day,LC1,铰链,480,3,burr,张伟,2026-11-30 09:00\n` +
      `A,2026-11-30,day,LC2,铰链,480,3,burr,${'a'.repeat(32_766)}b,2026-11-30 09:00\n` +
      `A,2026-11-30,day,LC3,铰链,480,3,burr,${'a'.repeat(32_767)},2026-11-30 09:00\n`,
  );
  const report = await importFile({
    db: plants.fresh(),
    table: 'quality_data',
    file,
    mapping,
    importedAt: '2026-12-05T08:00:00',
  });
  assert.equal(report.status, 'imported');
  // skip_rows sees a cell's first 256 characters: both long cells start with 256 a's
  assert.equal(report.skipped, 2);
  assert.equal(report.written, 1);
});
