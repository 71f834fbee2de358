import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, type SqliteDatabase } from '../../src/store/sqlite.js';
import { createPlantDb, type FixtureOrder } from './fixture.js';
import { buildIndex } from './fts-index.js';
import { findSimilar, symptomConcepts, TRANSLATION_WEIGHT } from './similar.js';
import { SYMPTOM_SYNONYMS, matchesOf } from './synonyms.js';

const TODAY = '2026-11-25';

function closed(
  order_id: number,
  text: { title: string; symptom: string; resolution: string },
  closing: { closedOn: string; line?: string },
): FixtureOrder {
  const { title, symptom, resolution } = text;
  const { closedOn, line = 'C' } = closing;
  return {
    order_id,
    equipment_id: null,
    line_id: line,
    priority: 'P2',
    status: 'closed',
    title,
    symptom,
    root_cause: null,
    resolution,
    assignee_id: 1,
    opened_at: `${closedOn}T08:00:00`,
    closed_at: `${closedOn}T12:00:00`,
  };
}

// conveyor jams and weld porosity, in both languages, beside the fixture's press-vibration orders
const EXTRA: FixtureOrder[] = [
  closed(
    401,
    {
      title: 'C线 输送线卡料停线',
      symptom: '输送线卡料停线：工件在转角处堆积',
      resolution: '清洁光电传感器，调整灵敏度',
    },
    { closedOn: '2026-11-20' },
  ),
  closed(
    402,
    {
      title: 'C线 输送线卡料停线',
      symptom: '输送线卡料停线：工件在转角处堆积',
      resolution: '清洁光电传感器，调整灵敏度',
    },
    { closedOn: '2026-11-10' },
  ),
  closed(
    403,
    {
      title: 'Line C: Conveyor jam stopped the line',
      symptom: 'Conveyor jam stopped the line: parts pile up at the transfer corner',
      resolution: 'Straightened and braced the guide rail',
    },
    { closedOn: '2026-10-01' },
  ),
  closed(
    404,
    { title: 'A线 焊缝气孔', symptom: '焊缝气孔：X 光检测发现密集气孔', resolution: '更换合格气源，检测气体纯度' },
    { closedOn: '2026-11-15', line: 'A' },
  ),
  closed(
    405,
    {
      title: 'Line A: Porosity in the welds',
      symptom: 'Porosity in the welds: pinholes on the bead surface',
      resolution: 'Improved pre-weld cleaning and added a check',
    },
    { closedOn: '2026-11-01', line: 'A' },
  ),
  closed(
    406,
    { title: 'Line B: coil batch changed', symptom: 'Scratches from the coil', resolution: 'Switched coil batch' },
    { closedOn: '2026-11-20', line: 'B' },
  ),
];

let dir: string;
let index: SqliteDatabase;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plant-synonyms-'));
  const plantFile = path.join(dir, 'plant.db');
  createPlantDb(plantFile, EXTRA);
  const plant = openSqlite(plantFile, { readonly: true });
  try {
    buildIndex({
      plant,
      target: path.join(dir, 'fts.db'),
      source: plantFile,
      token: 't',
      builtAt: '2026-11-25T10:00:00',
    });
  } finally {
    plant.close();
  }
  index = openSqlite(path.join(dir, 'fts.db'), { readonly: true });
});
after(() => {
  index?.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (symptom: string) => findSimilar({ index, symptom, today: TODAY });
const ids = (result: ReturnType<typeof search>) => result.similar.map((order) => order.order_id);

test('an English symptom finds the Chinese work orders of the same fault, after the English ones', () => {
  const jammed = search('conveyor jammed');
  assert.deepEqual(ids(jammed), [403, 401, 402]);
  assert.equal(jammed.similar[0]!.similarity, 1);
  assert.ok(
    jammed.similar.slice(1).every((order) => order.similarity === TRANSLATION_WEIGHT),
    JSON.stringify(jammed.similar),
  );
  // both fixes offered: the Chinese one worked twice and recently, so it leads
  assert.deepEqual(
    jammed.resolutions.map((group) => [group.resolution, group.order_ids]),
    [
      ['清洁光电传感器，调整灵敏度', [401, 402]],
      ['Straightened and braced the guide rail', [403]],
    ],
  );
  const porosity = search('porosity');
  assert.deepEqual(ids(porosity), [405, 404]);
  assert.deepEqual(
    porosity.similar.map((order) => order.similarity),
    [1, TRANSLATION_WEIGHT],
  );
});

test('a Chinese symptom finds the English work orders of the same fault, after the Chinese ones', () => {
  const jam = search('输送线卡料');
  assert.deepEqual(ids(jam), [401, 402, 403]);
  assert.ok(jam.similar[2]!.similarity < jam.similar[1]!.similarity);
  const porosity = search('焊缝气孔');
  assert.deepEqual(ids(porosity), [404, 405]);
  const vibration = search('振动');
  assert.deepEqual(ids(vibration).slice(-1), [106], 'the English vibration order comes last');
});

test('the words of the symptom itself still decide: unrelated orders stay out, Latin terms match at word starts', () => {
  assert.ok(!ids(search('conveyor jammed')).some((id) => id < 400), 'no press orders for a conveyor jam');
  // "oil" is not found inside "coil"
  assert.deepEqual(ids(search('oil')), []);
  assert.deepEqual(ids(search('coil')), [406]);
});

test('concepts: a known word gathers its stems and bigrams; other terms stay alone', () => {
  const concepts = symptomConcepts('输送线卡料');
  const jam = concepts.find((concept) => concept.synonym === 'jam')!;
  assert.deepEqual(
    jam.alternatives.map((alternative) => [alternative.text, alternative.weight]),
    [
      ['卡料', 1],
      ['jam', TRANSLATION_WEIGHT],
      ['pile up', TRANSLATION_WEIGHT],
      ['堆积', 1],
    ],
  );
  assert.ok(concepts.some((concept) => concept.synonym === 'conveyor'));
  assert.ok(concepts.some((concept) => concept.phrase === true && concept.text === '输送线卡料'));
  const english = symptomConcepts('parts out of tolerance');
  const tolerance = english.find((concept) => concept.synonym === 'out of tolerance')!;
  assert.ok(!tolerance.alternatives.some((alternative) => alternative.text === 'out'), '"out" alone is not searched');
  assert.ok(
    tolerance.alternatives.some(
      (alternative) => alternative.text === '超差' && alternative.weight === TRANSLATION_WEIGHT,
    ),
  );
  assert.deepEqual(
    symptomConcepts('gearbox').map((concept) => concept.text),
    ['gearb'],
  );
});

test('every entry of the table recognises its own search words, in both languages', () => {
  for (const entry of SYMPTOM_SYNONYMS) {
    for (const word of entry.searchZh)
      assert.ok(matchesOf(entry.zh, word).length > 0 || word.length < 2, `${entry.concept}: ${word}`);
    assert.ok(entry.searchEn.length > 0 && entry.searchZh.length > 0, entry.concept);
  }
});

test('more similar orders than are listed: the count and the fixes cover them all, not a silent 200', () => {
  const many: FixtureOrder[] = Array.from({ length: 210 }, (_, position) =>
    closed(
      1000 + position,
      {
        title: 'Line B: Excessive burrs on stamped parts',
        symptom: 'burr height above 0.1 mm',
        resolution: position % 3 === 0 ? 'Reground the die' : 'Set the cutting clearance',
      },
      { closedOn: '2026-11-01', line: 'B' },
    ),
  );
  const manyDir = mkdtempSync(path.join(os.tmpdir(), 'plant-many-'));
  try {
    const plantFile = path.join(manyDir, 'plant.db');
    createPlantDb(plantFile, many);
    const plant = openSqlite(plantFile, { readonly: true });
    buildIndex({
      plant,
      target: path.join(manyDir, 'fts.db'),
      source: plantFile,
      token: 't',
      builtAt: '2026-11-25T10:00:00',
    });
    plant.close();
    const db = openSqlite(path.join(manyDir, 'fts.db'), { readonly: true });
    const result = findSimilar({ index: db, symptom: 'burrs', today: TODAY });
    db.close();
    assert.equal(result.similar.length, 200);
    assert.equal(result.similar_total, 210);
    assert.deepEqual(
      result.resolutions.map((group) => [group.resolution, group.count]),
      [
        ['Set the cutting clearance', 140],
        ['Reground the die', 70],
      ],
    );
  } finally {
    rmSync(manyDir, { recursive: true, force: true });
  }
});
