/**
 * Reading an export file as rows of cells, streamed (a 1M-row CSV is never
 * held whole): CSV through papaparse after the bytes are decoded (encoding
 * detected from a BOM, a strict UTF-8 check of the first 64 KiB, else
 * GB18030 — the superset of GBK), with the delimiter detected from the
 * header line; XLSX through exceljs's streaming reader. Rows come to a
 * synchronous callback in batches with their row number (the header row is
 * row 1, as a spreadsheet shows it) and the bytes read so far.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors.js';
import type { Mapping } from './mapping.js';
import type { Cell } from './values.js';
import {
  FORMULA_ERROR,
  fixDate1904,
  fixStreamReader,
  numberedSheets,
  unescapeXstring,
  workbookSheets,
} from './xlsx-workbook.js';

export interface SourceInfo {
  format: 'csv' | 'xlsx';
  /** how the encoding was decided, e.g. 'utf-8 (BOM)', 'gb18030 (GBK-compatible, detected)' */
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  size: number;
  /** the file's extension when its content is another format (an XLSX named .xls, tab-separated text named .xls) */
  named?: string;
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

const SAMPLE_BYTES = 64 * 1024;

export type EncodingName = 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';

/** Decide the encoding from the first bytes: BOM, strict UTF-8, else GB18030. */
export function detectEncoding(
  sample: Buffer,
  wanted = 'auto',
): { encoding: EncodingName; label: string; bomBytes: number } {
  const bom = sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;
  if (wanted !== 'auto') {
    const encoding: EncodingName =
      wanted === 'gbk' || wanted === 'gb18030' ? 'gb18030' : wanted === 'utf-16le' ? 'utf-16le' : 'utf-8';
    return { encoding, label: `${wanted} (from the mapping)`, bomBytes: encoding === 'utf-8' && bom ? 3 : 0 };
  }
  if (bom) return { encoding: 'utf-8', label: 'utf-8 (BOM)', bomBytes: 3 };
  if (sample.length >= 2 && sample[0] === 0xff && sample[1] === 0xfe)
    return { encoding: 'utf-16le', label: 'utf-16le (BOM)', bomBytes: 2 };
  if (sample.length >= 2 && sample[0] === 0xfe && sample[1] === 0xff)
    return { encoding: 'utf-16be', label: 'utf-16be (BOM)', bomBytes: 2 };
  // cut a multi-byte character split at the end of the sample
  let end = sample.length;
  if (sample.length === SAMPLE_BYTES) {
    let back = 0;
    while (back < 4 && end > 0 && (sample[end - 1]! & 0xc0) === 0x80) (end--, back++);
    if (end > 0 && sample[end - 1]! >= 0xc0) end--;
  }
  if (isUtf8(sample.subarray(0, end))) {
    const ascii = sample.subarray(0, end).every((byte) => byte < 0x80);
    return { encoding: 'utf-8', label: ascii ? 'utf-8 (ASCII only so far)' : 'utf-8 (detected)', bomBytes: 0 };
  }
  return { encoding: 'gb18030', label: 'gb18030 (GBK-compatible, detected)', bomBytes: 0 };
}

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter that splits the header line most and the next lines alike. */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim().length > 0)
    .slice(0, 20);
  const header = lines[0] ?? '';
  const outsideQuotes = (line: string): string => line.replace(/"[^"]*"/g, '');
  let best = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const count = outsideQuotes(header).split(delimiter).length - 1;
    if (count === 0) continue;
    const consistent = lines
      .slice(1)
      .filter((line) => outsideQuotes(line).split(delimiter).length - 1 === count).length;
    const score = count + consistent * 1000;
    if (score > bestScore) ((best = delimiter), (bestScore = score));
  }
  return best;
}

export function describeDelimiter(delimiter: string): string {
  return delimiter === ','
    ? 'comma'
    : delimiter === ';'
      ? 'semicolon'
      : delimiter === '\t'
        ? 'tab'
        : delimiter === '|'
          ? 'pipe'
          : JSON.stringify(delimiter);
}

function readSample(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const read = readSync(fd, buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

class DecodeStream extends Transform {
  private readonly decode: (chunk: Buffer, end: boolean) => string;
  private skip: number;
  bytes = 0;
  /** for each text chunk pushed and not yet taken: the bytes read up to its end */
  readonly ends: number[] = [];

  constructor(encoding: EncodingName, bomBytes: number) {
    super({ decodeStrings: true, readableHighWaterMark: 1 << 18, encoding: 'utf8' });
    this.skip = bomBytes;
    if (encoding === 'gb18030') {
      const decoder = iconv.getDecoder('gb18030');
      this.decode = (chunk, end) => (end ? (decoder.end() ?? '') : decoder.write(chunk));
    } else {
      const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
      this.decode = (chunk, end) => decoder.decode(end ? undefined : chunk, { stream: !end });
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const start = this.bytes;
    this.bytes += chunk.length;
    let data = chunk;
    if (this.skip > 0) {
      const cut = Math.min(this.skip, data.length);
      data = data.subarray(cut);
      this.skip -= cut;
    }
    try {
      const text = this.decode(data, false);
      if (text.length > 0) (this.ends.push(this.bytes), this.push(text));
      callback();
    } catch {
      callback(
        new AppError('BAD_REQUEST', `the file is not valid UTF-8 (bad bytes after byte ${start})`, {
          hint:
            'the start of the file looked like UTF-8 but later bytes are not: save the whole file in one ' +
            'encoding (UTF-8 or GBK), or set encoding: gb18030 in the mapping',
        }),
      );
    }
  }

  override _flush(callback: (error?: Error | null) => void): void {
    try {
      const text = this.decode(Buffer.alloc(0), true);
      if (text.length > 0) (this.ends.push(this.bytes), this.push(text));
      callback();
    } catch {
      callback(
        new AppError('BAD_REQUEST', 'the file ends in the middle of a UTF-8 character', {
          hint: 'the file was cut short: copy it again',
        }),
      );
    }
  }
}

function isEmptyRow(cells: Cell[]): boolean {
  for (const cell of cells) if (cell !== null && cell !== undefined && cell !== '') return false;
  return true;
}

async function readCsv(
  file: string,
  mapping: SourceMapping,
  read: { handlers: SourceHandlers; size: number; named?: string | undefined },
): Promise<void> {
  const { handlers, size, named } = read;
  const sample = readSample(file);
  const { encoding, label, bomBytes } = detectEncoding(sample, mapping.encoding);
  let sampleText: string;
  if (encoding === 'gb18030') sampleText = iconv.decode(sample, 'gb18030');
  else sampleText = new TextDecoder(encoding, { fatal: false }).decode(sample.subarray(bomBytes));
  const delimiter =
    mapping.delimiter === 'auto'
      ? detectDelimiter(
          sampleText
            .split(/\r?\n/)
            .slice(mapping.headerRow - 1)
            .join('\n'),
        )
      : mapping.delimiter;
  const info: SourceInfo = { format: 'csv', encoding: label, delimiter: describeDelimiter(delimiter), size };
  if (named !== undefined) info.named = named;
  const input = createReadStream(file, { highWaterMark: 1 << 18 });
  const decoder = new DecodeStream(encoding, bomBytes);
  let failure: unknown;
  input.on('error', (error) => decoder.destroy(error));
  const text = input.pipe(decoder);
  // the bytes read up to the end of the text papaparse parses now (not decoder.bytes: while reading is held
  // for the consumer, the decoder runs ahead by its buffer); this listener runs before papaparse's
  let bytesRead = 0;
  text.on('data', () => (bytesRead = decoder.ends.shift() ?? decoder.bytes));
  let row = 0;
  let headerSeen = false;
  let stopped = false;
  await new Promise<void>((resolve) => {
    let settled = false;
    const finish = (): void => {
      if (!settled) ((settled = true), resolve());
    };
    text.on('error', (error) => {
      failure = error;
      finish();
    });
    Papa.parse(
      text as unknown as File,
      {
        delimiter,
        skipEmptyLines: false,
        chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
          if (stopped) return;
          const batch: SourceRow[] = [];
          for (const cells of results.data) {
            row += 1;
            if (!headerSeen) {
              if (row < mapping.headerRow) continue;
              if (isEmptyRow(cells)) continue;
              headerSeen = true;
              if (
                !handlers.header(
                  cells.map((cell) => String(cell ?? '')),
                  info,
                )
              ) {
                stopped = true;
                break;
              }
              continue;
            }
            if (cells.length === 1 && cells[0] === '') continue;
            if (isEmptyRow(cells)) continue;
            batch.push({ row, cells });
          }
          if (!stopped && batch.length > 0 && !handlers.rows(batch, bytesRead)) stopped = true;
          if (stopped) {
            parser.abort();
            input.destroy();
            finish();
            return;
          }
          // no more text reaches papaparse until the consumer is ready; the streams behind hold at their high water marks
          const wait = handlers.ready?.();
          if (wait !== undefined) {
            text.pause();
            void wait.then(() => text.resume());
          }
        },
        complete: () => finish(),
        error: (error: Error) => {
          failure = error;
          finish();
        },
      } as Papa.ParseConfig<string[]> as never,
    );
  });
  if (failure) throw failure;
  if (!headerSeen && !stopped) handlers.header([], info);
}

/** One exceljs cell value → a cell (xlsx-workbook.ts: the escapes, a formula's error result). */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return unescapeXstring(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return unescapeXstring(value.richText.map((part) => part.text).join(''));
    if ('formula' in value || 'sharedFormula' in value || 'result' in value) {
      // a formula: its cached result; none, or NaN (an error exceljs did not keep), is FORMULA_ERROR
      const result = (value as { result?: ExcelJS.CellValue }).result;
      return result === undefined || (typeof result === 'number' && Number.isNaN(result))
        ? FORMULA_ERROR
        : cellValue(result);
    }
    if ('text' in value) return unescapeXstring(String((value as { text: unknown }).text));
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return String(value);
}

async function readXlsx(
  file: string,
  mapping: SourceMapping,
  read: { handlers: SourceHandlers; size: number; named?: string | undefined },
): Promise<void> {
  const { handlers, size, named } = read;
  // loaded when an XLSX is read (~200 ms): a CSV import, and the reader process of one, start without it
  const { default: excel } = await import('exceljs');
  await fixDate1904();
  fixStreamReader(excel.stream.xlsx.WorkbookReader);
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new excel.stream.xlsx.WorkbookReader(file, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'emit',
    });
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `cannot read ${path.basename(file)} as an Excel workbook: ${(error as Error).message}`,
      { hint: 'save it from Excel as .xlsx (Excel Workbook), or export CSV' },
    );
  }
  const wanted = mapping.sheet ?? 1;
  let sheetNumber = 0;
  let done = false;
  let headerSeen = false;
  const sheets: string[] = [];
  let tabs: ReturnType<typeof workbookSheets>;
  try {
    for await (const worksheet of reader) {
      sheetNumber += 1;
      const sheet = worksheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string; id?: number };
      const name = sheet.name ?? `Sheet${sheetNumber}`;
      sheets.push(name);
      // exceljs gives the sheets in the zip's order: a number counts the visible worksheets in tab order
      tabs ??= workbookSheets(reader);
      const known = tabs?.some((tab) => tab.name === name) === true;
      const chosen =
        typeof wanted === 'string'
          ? wanted === name
          : known
            ? numberedSheets(tabs!)[wanted - 1] === name
            : wanted === sheetNumber;
      if (done || !chosen) {
        for await (const _row of sheet) void _row; // drain the sheet
        continue;
      }
      const info: SourceInfo = { format: 'xlsx', sheet: name, size };
      if (named !== undefined) info.named = named;
      let batch: SourceRow[] = [];
      let stopped = false;
      for await (const excelRow of sheet) {
        if (stopped) continue;
        const values = excelRow.values as ExcelJS.CellValue[];
        const cells: Cell[] = [];
        for (let index = 1; index < values.length; index++) cells.push(cellValue(values[index]));
        if (!headerSeen) {
          if (excelRow.number < mapping.headerRow || isEmptyRow(cells)) continue;
          headerSeen = true;
          if (
            !handlers.header(
              cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
              info,
            )
          )
            stopped = true;
          continue;
        }
        if (isEmptyRow(cells)) continue;
        batch.push({ row: excelRow.number, cells });
        if (batch.length >= 2000) {
          if (!handlers.rows(batch, 0)) stopped = true;
          batch = [];
          const wait = stopped ? undefined : handlers.ready?.();
          if (wait !== undefined) await wait;
        }
      }
      if (!stopped && batch.length > 0) handlers.rows(batch, size);
      if (!headerSeen) handlers.header([], info);
      done = true;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'BAD_REQUEST',
      `cannot read ${path.basename(file)} as an Excel workbook: ${(error as Error).message}`,
      {
        hint: 'the workbook is damaged or was cut short: save it from Excel as .xlsx (Excel Workbook) again, or export CSV',
      },
    );
  }
  if (!done) {
    const listed = tabs
      ? tabs.map((tab) => `${tab.name}${tab.hidden ? ' (hidden)' : !tab.worksheet ? ' (chart)' : ''}`)
      : sheets;
    throw new AppError('BAD_REQUEST', `${path.basename(file)} has no sheet ${JSON.stringify(wanted)}`, {
      hint:
        `its sheets are ${listed.join(', ') || '(none)'}: set sheet: in the mapping to one of them (a name, or ` +
        'a number: 1 = the first visible worksheet tab)',
    });
  }
}

/** The extensions import reads, and the format each name promises (the content decides: sniffFormat). */
export function sourceFormat(file: string): 'csv' | 'xlsx' | undefined {
  const extension = path.extname(file).toLowerCase();
  // .xls: what "export to Excel" buttons write is often an XLSX or tab-separated text under that name
  if (extension === '.xlsx' || extension === '.xlsm' || extension === '.xls') return 'xlsx';
  if (extension === '.csv' || extension === '.txt' || extension === '.tsv') return 'csv';
  return undefined;
}

const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');
/** an OLE2 compound file: the binary .xls of Excel 97–2003, or a password-protected .xlsx */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The format of a file by its first bytes, not its name: an XLSX is a zip file, whatever it is called; text
 * is read as CSV. Formats that look like a workbook but are not read (the binary .xls, an encrypted workbook,
 * an HTML table or an Excel 2003 XML file saved under an Excel name) throw with the fix.
 */
export function sniffFormat(file: string, head: Buffer): 'csv' | 'xlsx' {
  const name = path.basename(file);
  const extension = path.extname(file).toLowerCase();
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) {
    // the zip's first entries (their names, a stored mimetype or manifest) tell a workbook that is not an .xlsx
    const entries = head.toString('latin1');
    if (entries.includes('application/vnd.oasis.opendocument.spreadsheet'))
      throw new AppError('BAD_REQUEST', `${name} is an OpenDocument spreadsheet (.ods), which import does not read`, {
        hint: 'open it in LibreOffice (or Excel) and save it as .xlsx (Excel 2007-365), or export CSV',
      });
    if (entries.includes('workbook.bin'))
      throw new AppError('BAD_REQUEST', `${name} is an Excel binary workbook (.xlsb), which import does not read`, {
        hint: 'open it in Excel and save it as .xlsx (Excel Workbook), or export CSV',
      });
    return 'xlsx';
  }
  if (head.subarray(0, 8).equals(OLE2_MAGIC)) {
    throw new AppError(
      'BAD_REQUEST',
      extension === '.xls'
        ? `${name} is an Excel 97–2003 workbook (the old binary .xls format), which import does not read`
        : `${name} is not an .xlsx workbook: it is a password-protected workbook or an old binary .xls renamed`,
      {
        hint:
          extension === '.xls'
            ? 'open it in Excel (or LibreOffice) and save it as .xlsx (Excel Workbook), or export CSV'
            : 'remove the password (Excel: File → Info → Protect Workbook) and save it as .xlsx, or export CSV',
      },
    );
  }
  const text = head.toString('latin1', 0, Math.min(head.length, 2048)).replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '');
  const lower = (head[0] === 0xff || head[0] === 0xfe ? text.replaceAll('\u0000', '') : text).trimStart().toLowerCase();
  if (lower.startsWith('<')) {
    if (lower.includes('urn:schemas-microsoft-com:office:spreadsheet'))
      throw new AppError('BAD_REQUEST', `${name} is an Excel 2003 XML spreadsheet, which import does not read`, {
        hint: 'open it in Excel (or LibreOffice) and save it as .xlsx (Excel Workbook), or export CSV',
      });
    if (/<(!doctype html|html|table|meta|head|body)[\s>]/.test(lower))
      throw new AppError(
        'BAD_REQUEST',
        `${name} is a web page (an HTML table), not a ${extension === '.csv' ? 'CSV file' : 'workbook'}: some ` +
          '"export to Excel" buttons write this',
        {
          hint:
            'open it in Excel (or LibreOffice) and save it as .xlsx (Excel Workbook) or CSV, or choose the CSV ' +
            'export in the system that wrote it',
        },
      );
  }
  if (extension === '.xlsx' || extension === '.xlsm') {
    // not a zip: text saved under a workbook name is read as CSV; anything else is a damaged workbook
    const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
    if (!utf16 && head.includes(0))
      throw new AppError('BAD_REQUEST', `${name} is not a workbook: an .xlsx file is a zip file, and this is not one`, {
        hint: 'the file is damaged or was cut short: save or copy it again',
      });
  }
  return 'csv';
}

/** What readSource checks before it reads: a regular file of a known type. Throws the errors readSource throws. */
export function checkSource(file: string): { size: number; format: 'csv' | 'xlsx'; named?: string } {
  let size: number;
  let head: Buffer;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a regular file');
    size = stat.size;
    const fd = openSync(file, 'r');
    try {
      head = Buffer.alloc(Math.min(size, 4096));
      head = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new AppError('NOT_FOUND', `cannot read ${file}: ${(error as Error).message}`, {
      hint: 'give the path of a CSV or XLSX export',
    });
  }
  const byName = sourceFormat(file);
  const extension = path.extname(file).toLowerCase();
  if (byName === undefined) {
    throw new AppError('USAGE', `${path.basename(file)}: unknown file type "${extension || '(no extension)'}"`, {
      hint:
        extension === '.ods' || extension === '.xlsb'
          ? `${extension === '.ods' ? 'an OpenDocument spreadsheet' : 'an Excel binary workbook'} is not read: open ` +
            'it and save it as .xlsx (Excel Workbook), or export CSV'
          : 'import reads .csv (.txt, .tsv), .xlsx and .xls files (an .xls saved by Excel 97–2003 must be saved ' +
            'as .xlsx first)',
    });
  }
  const format = sniffFormat(file, head);
  return format === byName && extension !== '.xls' ? { size, format } : { size, format, named: extension };
}

/** The parts of a mapping that reading uses (the reader process gets these alone). */
export type SourceMapping = Pick<Mapping, 'encoding' | 'delimiter' | 'headerRow' | 'sheet'>;

export async function readSource(file: string, mapping: SourceMapping, handlers: SourceHandlers): Promise<void> {
  const { size, format, named } = checkSource(file);
  if (format === 'xlsx') return readXlsx(file, mapping, { handlers, size, named });
  return readCsv(file, mapping, { handlers, size, named });
}
