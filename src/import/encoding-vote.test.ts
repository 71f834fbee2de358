/**
 * GBK text that is also valid UTF-8 (issue 29, N12: 卢梅 was imported as "¬÷" without a word). Files are
 * encoded by iconv-lite, as a Chinese MES writes them; the importer must read them as they were written,
 * and say so when a reading is in doubt.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { importFile } from './importer.js';
import { formatReport } from './report.js';
import { detectEncoding } from './source.js';
import { QUALITY_HEADER, query, testPlants } from './test-plant.js';

const plants = testPlants('encoding-vote', 100);

async function importText(name: string, text: string, encoding: string) {
  const file = path.join(plants.dir, name);
  const bytes = iconv.encode(text, encoding);
  writeFileSync(file, bytes);
  const db = plants.fresh();
  const report = await importFile({ db, table: 'quality_data', file, importedAt: '2026-12-05T08:00:00' });
  return { bytes, db, report };
}

test('GBK whose bytes are valid UTF-8 (卢梅 = C2 AC C3 B7) is read as GBK, and the report says why', async () => {
  const { bytes, db, report } = await importText(
    'gbk-valid-utf8.csv',
    `${QUALITY_HEADER}\nA,2026-11-30,day,ENC1,hinge,480,3,burr,卢梅,2026-11-30 09:00\n`,
    'gbk',
  );
  assert.ok(isUtf8(bytes), 'the attack: the GBK file passes the strict UTF-8 check');
  assert.equal(report.status, 'imported', JSON.stringify(report.problems));
  assert.deepEqual(query(db, "SELECT inspector FROM quality_data WHERE batch_no = 'ENC1'"), [{ inspector: '卢梅' }]);
  assert.match(report.source?.encoding ?? '', /^gb18030 .*also valid UTF-8.*"¬÷" as UTF-8 and "卢梅" as GBK/);
  assert.match(formatReport(report), /source: CSV, encoding gb18030 .*"¬÷" as UTF-8 and "卢梅" as GBK: read as GBK/);
});

test('real UTF-8 stays UTF-8: Chinese, and European names with accents', async () => {
  const chinese = await importText(
    'utf8-chinese.csv',
    `${QUALITY_HEADER}\nA,2026-11-30,day,ENC2,铰链,480,3,burr,张伟,2026-11-30 09:00\n`,
    'utf8',
  );
  assert.equal(chinese.report.source?.encoding, 'utf-8 (detected)');
  assert.deepEqual(query(chinese.db, "SELECT inspector FROM quality_data WHERE batch_no = 'ENC2'"), [
    { inspector: '张伟' },
  ]);
  const european = await importText(
    'utf8-european.csv',
    `${QUALITY_HEADER}\nA,2026-11-30,day,ENC3,Scharnier,480,3,burr,Jürgen Müller-Ærø,2026-11-30 09:00\n`,
    'utf8',
  );
  assert.equal(european.report.source?.encoding, 'utf-8 (detected)');
  assert.deepEqual(query(european.db, "SELECT inspector FROM quality_data WHERE batch_no = 'ENC3'"), [
    { inspector: 'Jürgen Müller-Ærø' },
  ]);
});

test('one character alone cannot tell (csv-spectrum\'s "ʤ" is GBK 胜): UTF-8, with both readings in the label', () => {
  const { encoding, label } = detectEncoding(Buffer.from('a,b,c\n1,2,3\n4,5,ʤ\n', 'utf8'));
  assert.equal(encoding, 'utf-8');
  assert.match(label, /^utf-8 \(detected; the same bytes read "ʤ" as UTF-8 and "胜" as GBK: check the text/);
});
