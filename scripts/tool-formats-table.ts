/**
 * Writes the conformance table of docs/tool-call-formats.md (between its
 * markers) from the engine fixtures: one row per wire format, our result on
 * each engine's own tests. Without --write it prints the table.
 *   node --import tsx scripts/tool-formats-table.ts [--write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderLeftOut, renderTable } from '../src/agent/toolcalls/conformance/rows.js';

export const DOC = path.join(process.cwd(), 'docs', 'tool-call-formats.md');

export function withTables(doc: string): string {
  return doc
    .replace(/(<!-- conformance-table:start -->)[\s\S]*?(<!-- conformance-table:end -->)/, `$1\n${renderTable()}\n$2`)
    .replace(/(<!-- left-out:start -->)[\s\S]*?(<!-- left-out:end -->)/, `$1\n${renderLeftOut()}\n$2`);
}

if (process.argv.includes('--write')) {
  writeFileSync(DOC, withTables(readFileSync(DOC, 'utf8')));
  console.log(`wrote ${DOC}`);
} else if (process.argv[1]?.endsWith('tool-formats-table.ts')) {
  console.log(renderTable());
}
