/**
 * The CSV reader against csv-spectrum (npm csv-spectrum 2.0.0, BSD-2-Clause,
 * https://github.com/max-mapper/csv-spectrum): a corpus of CSV edge cases —
 * commas, quotes and newlines inside quotes, CRLF line ends, quoted empty
 * cells, UTF-8 — each with the rows its author expects as JSON. Written by
 * nobody on this team, read here as an export would be: by readSource in the
 * importer and by the reader process, with the encoding and delimiter
 * detected (no mapping).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NO_MAPPING } from './mapping.js';
import { readSource, type SourceHandlers } from './source.js';
import { readSourceInChild } from './source-process.js';

const spectrum = path.dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json'));

/**
 * Upstream's expected rows, with its one known error mended: location_coordinates.json is a bare object (not
 * a list of rows) whose phone number is not the CSV's (the CSV has 2095257564; max-mapper/csv-spectrum#20).
 */
function expected(name: string): Array<Record<string, string>> {
  const rows = JSON.parse(readFileSync(path.join(spectrum, 'json', `${name}.json`), 'utf8')) as
    Array<Record<string, string>> | Record<string, string>;
  if (name !== 'location_coordinates') return rows as Array<Record<string, string>>;
  assert.equal((rows as Record<string, string>)['Contact Phone Number'], '1234567890', 'upstream still has #20');
  return [{ ...(rows as Record<string, string>), 'Contact Phone Number': '2095257564' }];
}

type Read = (file: string, mapping: typeof NO_MAPPING, handlers: SourceHandlers) => Promise<void>;

async function rowsOf(read: Read, file: string): Promise<{ rows: Array<Record<string, unknown>>; delimiter: string }> {
  let headers: string[] = [];
  let delimiter = '';
  const rows: Array<Record<string, unknown>> = [];
  await read(file, NO_MAPPING, {
    header: (names, info) => {
      headers = names;
      delimiter = info.delimiter ?? '';
      return true;
    },
    rows: (batch) => {
      for (const row of batch) rows.push(Object.fromEntries(headers.map((name, index) => [name, row.cells[index]])));
      return true;
    },
  });
  return { rows, delimiter };
}

test('csv-spectrum: every case reads as its author expects, in the importer and in the reader process', async () => {
  const names = readdirSync(path.join(spectrum, 'csvs'))
    .filter((file) => file.endsWith('.csv'))
    .map((file) => file.slice(0, -'.csv'.length))
    .sort();
  assert.ok(names.length >= 12, `the corpus: ${names.join(', ')}`);
  assert.ok(
    readFileSync(path.join(spectrum, 'csvs', 'newlines_crlf.csv'), 'latin1').includes('\r\n'),
    'the CRLF cases have CRLF line ends',
  );
  for (const name of names) {
    const file = path.join(spectrum, 'csvs', `${name}.csv`);
    for (const [where, read] of [
      ['importer', readSource],
      ['reader process', readSourceInChild],
    ] as const) {
      const { rows, delimiter } = await rowsOf(read, file);
      assert.equal(delimiter, 'comma', `${name} (${where}): delimiter`);
      assert.deepEqual(rows, expected(name), `${name} (${where})`);
    }
  }
});
