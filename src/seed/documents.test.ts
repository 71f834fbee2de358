import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { AppError } from '../errors.js';
import { openSqlite } from '../store/sqlite.js';
import { seedPlant, seedTestPlant, type TestPlant } from './index.js';

let dir: string;
let plant: TestPlant;
let docsDir: string;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'seed-docs-'));
  plant = seedTestPlant({ dir });
  docsDir = plant.docsDir!;
});
after(() => rmSync(dir, { recursive: true, force: true }));

function walk(folder: string, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? walk(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

const isUtf8 = (bytes: Buffer): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

test('the documents folder holds SOPs, manuals and handover notes, as the summary says', () => {
  const files = walk(docsDir).sort();
  assert.deepEqual(files, [...plant.summary.documents].sort());
  for (const folder of ['sop/', 'manuals/', 'handover/'])
    assert.ok(files.filter((file) => file.startsWith(folder)).length >= 3, folder);
  assert.ok(files.includes('handover/2026-11-20-night.txt'));
  assert.ok(files.includes('handover/2026-11-29-day.md'));
  assert.ok(!files.includes('handover/2026-11-29-night.txt'), "tonight's shift has not happened");
  assert.ok(!files.some((file) => file.includes('.tmp-')), 'no temp files left');
});

test('the GBK files really are GBK, the rest UTF-8, and README.md lists the GBK ones', () => {
  const readme = readFileSync(path.join(docsDir, 'README.md'), 'utf8');
  assert.ok(plant.summary.gbkDocuments.length >= 5);
  assert.ok(plant.summary.gbkDocuments.includes('handover/2026-11-20-night.txt'));
  assert.ok(plant.summary.gbkDocuments.includes('manuals/legacy/welder-NB-500.txt'));
  for (const file of plant.summary.documents) {
    const bytes = readFileSync(path.join(docsDir, file));
    if (plant.summary.gbkDocuments.includes(file)) {
      assert.ok(readme.includes(`- ${file}`), `README lists ${file}`);
      assert.equal(isUtf8(bytes), false, `${file} is not UTF-8`);
      const text = iconv.decode(bytes, 'gbk');
      assert.ok(/[\u4e00-\u9fff]{4}/.test(text) && !text.includes('\ufffd'), `${file} decodes as GBK`);
      assert.deepEqual(iconv.encode(text, 'gbk'), bytes, `${file} round-trips`);
    } else {
      assert.equal(isUtf8(bytes), true, `${file} is UTF-8`);
      assert.ok(!readme.includes(`- ${file}\n`) || file === 'README.md');
    }
  }
  const note = iconv.decode(readFileSync(path.join(docsDir, 'handover/2026-11-20-night.txt')), 'gbk');
  assert.match(note, /交接班记录（夜班）/);
  assert.match(note, /日期：2026-11-20/);
});

test('handover notes agree with plant.db', () => {
  const db = openSqlite(plant.db, { readonly: true });
  try {
    const night = iconv.decode(readFileSync(path.join(docsDir, 'handover/2026-11-24-night.txt')), 'gbk');
    const totals = db
      .prepare(
        'SELECT l.name, SUM(q.inspected_qty) AS inspected, SUM(q.defect_qty) AS defects FROM ' +
          "quality_data q JOIN production_lines l USING (line_id) WHERE q.record_date = '2026-11-24' AND " +
          "q.shift = 'night' GROUP BY l.name",
      )
      .all() as Array<{ name: string; inspected: number; defects: number }>;
    assert.equal(totals.length, 4);
    for (const line of totals)
      assert.ok(
        night.includes(`${line.name}`) && night.includes(`检验 ${line.inspected} 件，不良 ${line.defects} 件`),
        line.name,
      );
    const day = readFileSync(path.join(docsDir, 'handover/2026-11-26-day.md'), 'utf8');
    const orders = db
      .prepare(
        "SELECT order_id FROM work_orders WHERE opened_at >= '2026-11-26T08:00:00' AND opened_at < '2026-11-26T20:00:00'",
      )
      .all() as Array<{ order_id: number }>;
    for (const order of orders)
      assert.ok(day.includes(`#${order.order_id} `), `order ${order.order_id} in the day note`);
  } finally {
    db.close();
  }
});

test('the press vibration SOP is there in Chinese and English with searchable content', () => {
  const zh = readFileSync(path.join(docsDir, 'sop/SOP-PR-007-press-vibration.md'), 'utf8');
  const en = readFileSync(path.join(docsDir, 'sop/SOP-PR-007-press-vibration.en.md'), 'utf8');
  assert.match(zh, /冲压机异常振动/);
  assert.match(zh, /地脚螺栓/);
  assert.match(en, /anchor bolts/i);
  assert.match(en, /640 N·m/);
  assert.match(
    readFileSync(path.join(docsDir, 'sop/SOP-QA-010-defect-classification.md'), 'utf8'),
    /\| porosity \| 气孔 \| Porosity \|/,
  );
});

test('documents are deterministic for a seed and today', () => {
  const again = seedTestPlant({ dir: path.join(dir, 'again') });
  for (const file of plant.summary.documents) {
    assert.deepEqual(readFileSync(path.join(again.docsDir!, file)), readFileSync(path.join(docsDir, file)), file);
  }
});

test('existing demo documents are refused without force, before the database is written', () => {
  const target = path.join(dir, 'fresh', 'plant.db');
  assert.throws(
    () => seedPlant({ db: target, rows: 100, today: plant.today, docsDir }),
    (error: unknown) =>
      error instanceof AppError && error.code === 'ALREADY_EXISTS' && /--force/.test(error.hint ?? ''),
  );
  assert.throws(() => statSync(target));
  writeFileSync(path.join(docsDir, 'README.md'), 'old');
  seedPlant({ db: target, rows: 100, today: plant.today, docsDir, force: true });
  assert.match(readFileSync(path.join(docsDir, 'README.md'), 'utf8'), /GBK/);
});
