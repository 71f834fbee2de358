/**
 * What reading an export gives its consumer (source.ts): the file's format, the rows of cells in batches,
 * the handlers that take them, and the parts of a mapping that reading uses.
 */
import type { Mapping } from './mapping.js';
import type { Cell } from './values.js';

export interface SourceInfo {
  format: 'csv' | 'xlsx';
  /** how the encoding was decided, e.g. 'utf-8 (BOM)', 'gb18030 (GBK-compatible, detected)' */
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  size: number;
  /** the file's extension when its content is another format (an XLSX named .xls, tab-separated text named .xls) */
  named?: string;
  /** the header's row when it was found below title rows (header-row.ts), and how many were skipped */
  headerRow?: number;
  titleRows?: number;
}

export interface SourceRow {
  /** row number in the file: the header row is headerRow (1 unless the mapping says otherwise) */
  row: number;
  cells: Cell[];
}

/**
 * How the cells of a batch were coded on the wire (source-wire.ts): codes[row * width + column] is 0 for a
 * cell sent as text, else 1 + the cell's number in its column's dictionary. A number stands for the same
 * value in every batch of the file (the dictionaries only grow).
 */
export interface BatchCoding {
  width: number;
  codes: Uint32Array;
}

export interface SourceHandlers {
  /** the header row; return false to stop reading */
  header(headers: string[], info: SourceInfo): boolean;
  /**
   * a batch of data rows; return false to stop reading. `coding` comes with the batches of a reader
   * process (source-wire.ts) whose rows all have its width of cells: a cell's code names its value for the
   * whole file, so that a value met before can be looked up by number rather than by its text
   */
  rows(batch: SourceRow[], bytesRead: number, coding?: BatchCoding): boolean;
  /**
   * Asked after each batch: a promise holds reading until it settles (the reader process's credit
   * window, source-process.ts); undefined reads on.
   */
  ready?(): Promise<void> | undefined;
}

/**
 * The parts of a mapping that reading uses (the reader process gets these alone). `expected`: the header
 * names the import knows (the contract's columns and the mapping's sources), against which a title row above
 * the header and the encoding of a file are told (header-row.ts, encoding-vote.ts).
 */
export type SourceMapping = Pick<Mapping, 'encoding' | 'delimiter' | 'headerRow' | 'sheet'> & {
  /** the mapping gave header_row: no header row is looked for */
  headerRowGiven?: boolean | undefined;
  expected?: string[] | undefined;
};

export function isEmptyRow(cells: Cell[]): boolean {
  for (const cell of cells) if (cell !== null && cell !== undefined && cell !== '') return false;
  return true;
}
