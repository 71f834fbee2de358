/**
 * The example mappings that ship with the program (deploy/import-mappings/ under the release: a Chinese
 * MES quality export, an Excel work-order list, equipment), used to say which one fits a file imported
 * without --mapping (issue 30: an export whose headers were exactly mes-quality.yaml's was rejected with
 * "write a mapping", and the report said "product: not in the file" though 产品名称 was there). They are
 * only named, never applied unasked: the administrator chooses the mapping.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../runtime/self.js';
import { loadMapping, type Mapping } from './mapping.js';
import { normalizeText } from './values.js';

let cache: { folder: string; mappings: Mapping[] } | undefined;

/** the shipped mappings' folder */
export function shippedMappingsFolder(): string {
  return path.join(appRoot(), 'deploy', 'import-mappings');
}

/** The shipped mappings (read once; a folder that is missing or a file that does not load is left out). */
export function shippedMappings(): Mapping[] {
  const folder = shippedMappingsFolder();
  if (cache?.folder === folder) return cache.mappings;
  const mappings: Mapping[] = [];
  if (existsSync(folder)) {
    for (const name of readdirSync(folder).sort()) {
      if (!/\.ya?ml$/i.test(name)) continue;
      try {
        mappings.push(loadMapping(path.join(folder, name)));
      } catch {
        // a broken example is the release's bug, reported by its own test (importer.test.ts)
      }
    }
  }
  cache = { folder, mappings };
  return mappings;
}

const key = (text: string): string => normalizeText(text).toLowerCase();

/**
 * The shipped mapping for this table whose columns the file's headers hold best (at least half of its
 * columns, and every contract column the file lacks), or undefined.
 */
export function fittingMapping(
  table: string,
  headers: readonly string[],
  missing: readonly string[],
): Mapping | undefined {
  const present = new Set(headers.map(key));
  let best: { mapping: Mapping; share: number } | undefined;
  for (const mapping of shippedMappings()) {
    if (mapping.table !== table || mapping.columns.size === 0) continue;
    const rules = [...mapping.columns.values()];
    const found = rules.filter((rule) => present.has(key(rule.source)));
    const covers = missing.every((column) => mapping.constants.has(column) || found.some((rule) => rule.to === column));
    const share = found.length / rules.length;
    if (covers && share >= 0.5 && (best === undefined || share > best.share)) best = { mapping, share };
  }
  return best?.mapping;
}

/** The fix for required columns a file without --mapping lacks: the shipped mapping that fits, if one does. */
export function noMappingFix(table: string, headers: readonly string[], missing: readonly string[]): string {
  const fitting = fittingMapping(table, headers, missing);
  const plain =
    `name the columns as the contract does (${missing.join(', ')}), or write a mapping (--mapping FILE.yaml, ` +
    `see ${shippedMappingsFolder()})`;
  if (fitting?.file === undefined) return plain;
  return (
    `these are the columns of the shipped mapping ${path.basename(fitting.file)}: import with --mapping ` +
    `${fitting.file} (for the drop folder, copy it into import.mappings_dir and set its match: to the file ` +
    'names), or adapt a copy of it'
  );
}

/** A file's column that a shipped mapping maps to `field` of `table`, among the columns not imported. */
export function mappedElsewhere(
  table: string,
  field: string,
  ignored: readonly string[],
): { column: string; file: string } | undefined {
  const columns = new Map(ignored.map((column) => [key(column), column]));
  for (const mapping of shippedMappings()) {
    if (mapping.table !== table || mapping.file === undefined) continue;
    for (const rule of mapping.columns.values()) {
      const column = columns.get(key(rule.source));
      if (rule.to === field && column !== undefined) return { column, file: path.basename(mapping.file) };
    }
  }
  return undefined;
}
