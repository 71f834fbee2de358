/**
 * Which row is the header, when the mapping does not say (header_row): an Excel report has a title above
 * its table ("质检日报 2026-11-26", merged over the columns), and the import rejected such a file with "map
 * the columns" (issue 30). The first non-empty rows (at most HEADER_LOOKAHEAD) are scored by how many of
 * their cells are header names the import knows — the contract's columns and the mapping's sources — and
 * the earliest row with the most is the header; the rows above it are titles, skipped and reported. When no
 * row has a known name, the first non-empty row is the header, as before.
 */
import type { TableSpec } from './contract.js';
import type { Mapping } from './mapping.js';
import { isEmptyRow, type SourceMapping, type SourceRow } from './source-types.js';
import { normalizeText, type Cell } from './values.js';

export const HEADER_LOOKAHEAD = 10;

/** What reading needs of a mapping, with the header names this import knows (the contract's and the mapping's). */
export function sourceMapping(mapping: Mapping, spec: TableSpec): SourceMapping {
  return {
    encoding: mapping.encoding,
    delimiter: mapping.delimiter,
    headerRow: mapping.headerRow,
    sheet: mapping.sheet,
    headerRowGiven: mapping.headerRowGiven,
    expected: [...spec.columns.map((column) => column.name), ...mapping.columns.keys()],
  };
}

const text = (cell: Cell): string =>
  cell === null || cell === undefined ? '' : normalizeText(String(cell).replace(/^\uFEFF/, '')).toLowerCase();

export interface HeaderFound {
  header: SourceRow;
  /** data rows read while looking (after the header) */
  rows: SourceRow[];
  /** rows above the header that were skipped as titles */
  titles: number;
}

/** Finds the header among the first rows (see the top of this file); rows are given in order. */
export class HeaderSearch {
  private readonly names: Set<string>;
  private readonly seen: SourceRow[] = [];

  constructor(expected: readonly string[]) {
    this.names = new Set(expected.map((name) => normalizeText(name).toLowerCase()));
  }

  /** A row of the file; the header once decided (with the rows after it), else undefined. */
  push(row: SourceRow): HeaderFound | undefined {
    if (isEmptyRow(row.cells)) return undefined;
    this.seen.push(row);
    return this.seen.length >= HEADER_LOOKAHEAD ? this.decide() : undefined;
  }

  /** The end of the file: the header among the rows seen, or undefined when there were none. */
  end(): HeaderFound | undefined {
    return this.seen.length > 0 ? this.decide() : undefined;
  }

  private decide(): HeaderFound {
    let best = 0;
    let bestScore = 0;
    this.seen.forEach((row, index) => {
      const score = row.cells.filter((cell) => this.names.has(text(cell))).length;
      if (score > bestScore) ((best = index), (bestScore = score));
    });
    return { header: this.seen[best]!, rows: this.seen.slice(best + 1), titles: best };
  }
}
