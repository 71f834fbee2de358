/**
 * How a batch of source rows crosses from the reader process to the importer
 * (source-process.ts), over Node's IPC channel with `serialization:
 * 'advanced'` (V8's structured clone: strings, numbers, booleans, null,
 * undefined, Dates and typed arrays arrive as they left). The format is
 * chosen for the receiving side, the importer, which is the busy process:
 * - a batch whose cells are all strings (every CSV batch) is column-coded: a
 *   short value seen before in its column is sent as its number in that
 *   column's dictionary (new entries travel with the batch that first uses
 *   them), every other value goes into one string of cells joined by
 *   U+0000, which the importer cuts with String.prototype.split. The
 *   importer then builds 10M cells of a 1M-row file mostly by array lookups,
 *   and a repeated value is the same string each time (its hash is
 *   computed once); the importer is also handed the codes of a batch whose
 *   rows have one width (BatchDecoder.coding), and keys its checked values
 *   by them: a repeated cell costs an array lookup, not a Map lookup;
 * - a batch with typed cells (XLSX: numbers, Dates, booleans, null), or with
 *   a U+0000 inside a cell, is sent as its cells themselves.
 * Measured on the bench's 1M rows of 10 cells (one process, building the
 * SourceRow[] from what arrives): coded 85 ms, one joined string split twice
 * (U+0001 between rows) 470 ms, JSON.parse 460 ms, the cell arrays through V8's
 * deserializer 620 ms.
 */
import type { BatchCoding, SourceRow } from './source.js';
import type { Cell } from './values.js';

/** between the uncoded cells of a batch (a batch with this character in a cell is sent plainly) */
const SEPARATOR = '\u0000';
/** values up to this many characters are coded; a longer one seldom repeats */
const CODED_MAX_CHARS = 64;
/** distinct values coded per column: the dictionaries of both sides stay small */
const DICTIONARY_MAX = 4096;

export interface CodedBatch {
  kind: 'coded';
  bytes: number;
  /** row number of the first row; `rowNumbers` when the rows are not consecutive */
  first: number;
  rowNumbers?: Uint32Array;
  count: number;
  /** cells per row when every row has as many, else `widths` */
  width: number;
  widths?: Uint32Array;
  /** new dictionary entries: [column, values appended to its dictionary] */
  added: Array<[number, string[]]>;
  /** per cell in row order: 1 + its number in the column's dictionary, or 0 = the next uncoded cell */
  codes: Uint32Array;
  uncoded: string;
}

export interface PlainBatch {
  kind: 'plain';
  bytes: number;
  rows: SourceRow[];
}

export type WireBatch = CodedBatch | PlainBatch;

/** The reader's side: one per file, it keeps the dictionaries the importer's decoder mirrors. */
export class BatchEncoder {
  private readonly dictionaries: Array<Map<string, number>> = [];

  encode(batch: SourceRow[], bytes: number): WireBatch {
    let cellCount = 0;
    let width = batch[0]?.cells.length ?? 0;
    let consecutive = true;
    const first = batch[0]?.row ?? 0;
    for (let index = 0; index < batch.length; index++) {
      const { row, cells } = batch[index]!;
      if (row !== first + index) consecutive = false;
      if (cells.length !== width) width = -1;
      for (const cell of cells) {
        if (typeof cell !== 'string' || cell.includes(SEPARATOR)) return { kind: 'plain', bytes, rows: batch };
      }
      cellCount += cells.length;
    }
    const codes = new Uint32Array(cellCount);
    const uncoded: string[] = [];
    const added = new Map<number, string[]>();
    let position = 0;
    for (const { cells } of batch) {
      for (let column = 0; column < cells.length; column++) {
        const cell = cells[column] as string;
        const dictionary = (this.dictionaries[column] ??= new Map());
        let code = dictionary.get(cell);
        if (code === undefined && cell.length <= CODED_MAX_CHARS && dictionary.size < DICTIONARY_MAX) {
          code = dictionary.size;
          dictionary.set(cell, code);
          const list = added.get(column);
          if (list) list.push(cell);
          else added.set(column, [cell]);
        }
        if (code === undefined) uncoded.push(cell);
        else codes[position] = code + 1;
        position += 1;
      }
    }
    const coded: CodedBatch = {
      kind: 'coded',
      bytes,
      first,
      count: batch.length,
      width,
      added: [...added],
      codes,
      uncoded: uncoded.join(SEPARATOR),
    };
    if (!consecutive) coded.rowNumbers = Uint32Array.from(batch, (entry) => entry.row);
    if (width < 0) coded.widths = Uint32Array.from(batch, (entry) => entry.cells.length);
    return coded;
  }
}

/** The importer's side: rebuilds each batch as the reader had it. */
export class BatchDecoder {
  private readonly dictionaries: string[][] = [];

  /** the codes of a batch whose rows all have one width (what the importer's caches key by), else undefined */
  coding(batch: WireBatch): BatchCoding | undefined {
    return batch.kind === 'coded' && batch.width >= 0 ? { width: batch.width, codes: batch.codes } : undefined;
  }

  decode(batch: WireBatch): SourceRow[] {
    if (batch.kind === 'plain') return batch.rows;
    for (const [column, values] of batch.added) {
      const dictionary = (this.dictionaries[column] ??= []);
      for (const value of values) dictionary.push(value);
    }
    const { codes, count, width, widths, rowNumbers, first } = batch;
    const uncoded = batch.uncoded.length > 0 || codes.includes(0) ? batch.uncoded.split(SEPARATOR) : [];
    const dictionaries = this.dictionaries;
    const rows: SourceRow[] = new Array(count);
    let position = 0;
    let next = 0;
    for (let index = 0; index < count; index++) {
      const cellCount = widths ? widths[index]! : width;
      const cells: Cell[] = new Array(cellCount);
      for (let column = 0; column < cellCount; column++) {
        const code = codes[position++]!;
        cells[column] = code === 0 ? uncoded[next++] : dictionaries[column]![code - 1];
      }
      rows[index] = { row: rowNumbers ? rowNumbers[index]! : first + index, cells };
    }
    return rows;
  }
}
