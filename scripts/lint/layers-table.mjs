#!/usr/bin/env node
// The layer table of scripts/lint/layers.json as Markdown, between the
// markers in docs/ARCHITECTURE.md.
//   node scripts/lint/layers-table.mjs           print the table
//   node scripts/lint/layers-table.mjs --write   put it into docs/ARCHITECTURE.md
//   node scripts/lint/layers-table.mjs --check   exit 1 when the page differs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BEGIN = '<!-- layer-table:begin (generated from scripts/lint/layers.json) -->';
export const END = '<!-- layer-table:end -->';

/** The Markdown table (lowest layer last, as the page draws the layers). */
export function renderLayerTable(table) {
  const rows = [...table.layers].reverse().map((layer) => {
    const modules = layer.modules.map((module) => `\`${module}\``).join(' ');
    return `| ${layer.name} | ${modules} | ${layer.note ?? ''} |`;
  });
  const only = Object.entries(table.only ?? {}).map(
    ([module, rule]) =>
      `- \`${module}\` may import only ${rule.modules.map((each) => `\`${each}\``).join(' ')}: ${rule.note}`,
  );
  return [
    '| layer | modules | |',
    '|---|---|---|',
    ...rows,
    '',
    'A module imports its own layer and the layers below it, never above (type-only imports count).',
    ...only,
    `- exempt (tests and fixtures): ${table.exempt.map((each) => `\`${each}\``).join(' ')}`,
  ].join('\n');
}

/** The page with the generated table between the markers; throws when the markers are missing. */
export function withLayerTable(page, table) {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/ARCHITECTURE.md has no ${BEGIN} … ${END} markers`);
  return `${page.slice(0, begin + BEGIN.length)}\n${renderLayerTable(table)}\n${page.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = JSON.parse(readFileSync(path.join(root, 'scripts', 'lint', 'layers.json'), 'utf8'));
  const pageFile = path.join(root, 'docs', 'ARCHITECTURE.md');
  const page = readFileSync(pageFile, 'utf8');
  const mode = process.argv[2];
  if (mode === '--write') writeFileSync(pageFile, withLayerTable(page, table));
  else if (mode === '--check') {
    if (withLayerTable(page, table) !== page) {
      console.error(
        'docs/ARCHITECTURE.md: the layer table differs from scripts/lint/layers.json; ' +
          'run node scripts/lint/layers-table.mjs --write',
      );
      process.exit(1);
    }
  } else console.log(renderLayerTable(table));
}
