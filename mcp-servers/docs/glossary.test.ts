import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config/schema.js';
import { translations } from './glossary.js';
import { searchDocuments } from './server.js';

const textOf = (result: { content: unknown[] }): string =>
  (result.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');

test('translations: the other words of a keyword concept, a compound keyword keeps the rest', () => {
  assert.ok(translations('挂牌上锁').includes('lockout'));
  assert.ok(translations('冷机').includes('warm-up'));
  assert.ok(translations('Lockout').includes('挂牌上锁'));
  assert.ok(translations('冲压机振动').includes('冲压机vibration'));
  assert.deepEqual(translations('hydraulic'), []);
});

test('search_documents: a Chinese keyword finds an English-only document through its translation', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-glossary-'));
  try {
    mkdirSync(path.join(dir, 'sop'));
    writeFileSync(
      path.join(dir, 'sop', 'SOP-SF-001-lockout-tagout.en.md'),
      '# Lockout / tagout\n1. Switch off the main isolator and apply your personal lock.\n',
    );
    writeFileSync(
      path.join(dir, 'sop', 'cnc.en.md'),
      '# CNC\nRun the warm-up program for 10 minutes after a cold start.\n',
    );
    const config = { docs: { root: dir } } as unknown as Config;
    const lockout = await searchDocuments(config, { keyword: '挂牌上锁' });
    const structured = lockout.structuredContent as { searched_as?: string; filename_matches: string[] };
    assert.equal(structured.searched_as, 'lockout');
    assert.deepEqual(structured.filename_matches, ['sop/SOP-SF-001-lockout-tagout.en.md']);
    assert.match(textOf(lockout), /No document contains "挂牌上锁"; searched its translation "lockout"/);
    const warm = await searchDocuments(config, { keyword: '冷机' });
    assert.match(textOf(warm), /sop\/cnc\.en\.md:2: Run the warm-up program/);
    // a keyword that is found as it is: no translation tried
    const direct = await searchDocuments(config, { keyword: 'isolator' });
    assert.equal((direct.structuredContent as { searched_as?: string }).searched_as, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
