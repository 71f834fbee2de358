/**
 * Reading a CSV export, streamed (a 1M-row file is never held whole): the bytes are decoded (encoding
 * detected from a BOM, a strict UTF-8 check of the first 64 KiB, else GB18030 — the superset of GBK), the
 * delimiter detected from the header line, and the text parsed by papaparse. Rows come to the handlers in
 * batches with their row number (the header row is row 1, as a spreadsheet shows it) and the bytes read.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import path from 'node:path';
import { AppError } from '../errors.js';
import { LIMITS, limitText } from './limits.js';
import { voteEncoding } from './encoding-vote.js';
import { HeaderSearch, type HeaderFound } from './header-row.js';
import {
  isEmptyRow,
  type SourceHandlers,
  type SourceInfo,
  type SourceMapping,
  type SourceRow,
} from './source-types.js';

const SAMPLE_BYTES = 64 * 1024;

export type EncodingName = 'utf-8' | 'gb18030' | 'utf-16le' | 'utf-16be';

/** Decide the encoding from the first bytes: BOM, strict UTF-8, else GB18030. */
export function detectEncoding(
  sample: Buffer,
  wanted = 'auto',
  expected: readonly string[] = [],
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
    if (ascii) return { encoding: 'utf-8', label: 'utf-8 (ASCII only so far)', bomBytes: 0 };
    // valid UTF-8 may still be GBK (卢梅 is C2 AC C3 B7, "¬÷" in UTF-8): both readings are scored
    return { ...voteEncoding(sample.subarray(0, end), expected), bomBytes: 0 };
  }
  return { encoding: 'gb18030', label: 'gb18030 (GBK-compatible, detected)', bomBytes: 0 };
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter that splits the header line most and the next lines alike. The header line is the first
 * line with a delimiter: a title line above the table ("质检日报 2026-11-26") has none.
 */
export function detectDelimiter(text: string): string {
  const outsideQuotes = (line: string): string => line.replace(/"[^"]*"/g, '');
  const filled = text.split(/\r?\n/).filter((line) => line.trim().length > 0);
  const first = filled.findIndex(
    (line, index) => index < 10 && DELIMITERS.some((d) => outsideQuotes(line).includes(d)),
  );
  const lines = filled.slice(Math.max(first, 0), Math.max(first, 0) + 20);
  const header = lines[0] ?? '';
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

export async function readCsv(
  file: string,
  mapping: SourceMapping,
  read: { handlers: SourceHandlers; size: number; named?: string | undefined },
): Promise<void> {
  const { handlers, size, named } = read;
  const sample = readSample(file);
  const { encoding, label, bomBytes } = detectEncoding(sample, mapping.encoding, mapping.expected);
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
  // the characters given to papaparse: those past its cursor are a record not yet complete (limits.ts)
  let fed = 0;
  text.on('data', (chunk: string) => {
    bytesRead = decoder.ends.shift() ?? decoder.bytes;
    fed += chunk.length;
  });
  const name = path.basename(file);
  const refuse = (message: string, hint: string): AppError =>
    new AppError('BAD_REQUEST', `${name} is refused: ${message}`, { hint });
  let row = 0;
  let headerSeen = false;
  // no header_row in the mapping: the header is looked for among the first rows, below any title (header-row.ts)
  const search =
    mapping.headerRowGiven !== true && (mapping.expected?.length ?? 0) > 0
      ? new HeaderSearch(mapping.expected!)
      : undefined;
  /** the header row: true to read on */
  const takeHeader = (header: SourceRow, titles: number): boolean => {
    headerSeen = true;
    if (titles > 0) ((info.headerRow = header.row), (info.titleRows = titles));
    return handlers.header(
      header.cells.map((cell) => String(cell ?? '')),
      info,
    );
  };
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
            if (cells.length > LIMITS.columns || cells.some((cell) => cell.length > LIMITS.cellChars)) {
              failure =
                cells.length > LIMITS.columns
                  ? refuse(
                      `row ${row} has ${limitText(cells.length, 'columns')}; a row has at most ${limitText(LIMITS.columns, 'columns')}`,
                      'check the delimiter (delimiter: in the mapping) and that the file is the export itself',
                    )
                  : refuse(
                      `row ${row} has a cell of more than ${limitText(LIMITS.cellChars, 'characters')} (Excel's own limit)`,
                      'check that every quote (") in the file is closed, and that the file is the export itself',
                    );
              stopped = true;
              break;
            }
            if (!headerSeen) {
              if (row < mapping.headerRow) continue;
              if (isEmptyRow(cells)) continue;
              let found: HeaderFound | undefined = { header: { row, cells }, rows: [], titles: 0 };
              if (search) found = search.push({ row, cells });
              if (found === undefined) continue;
              if (!takeHeader(found.header, found.titles)) {
                stopped = true;
                break;
              }
              batch.push(...found.rows);
              continue;
            }
            if (cells.length === 1 && cells[0] === '') continue;
            if (isEmptyRow(cells)) continue;
            batch.push({ row, cells });
          }
          // papaparse holds an incomplete record and parses it again with every chunk: bounded here
          if (!stopped && fed - results.meta.cursor > LIMITS.recordChars) {
            failure = refuse(
              `row ${row + 1} is longer than ${limitText(LIMITS.recordChars, 'characters')} (a line, or the lines ` +
                'of a quoted cell), longer than any export writes',
              'check that every quote (") in the file is closed, and that the file is a CSV export (not a ' +
                'single-line dump)',
            );
            stopped = true;
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
  // a short file: the header among the rows there are
  const found = !headerSeen && !stopped ? search?.end() : undefined;
  if (found !== undefined) {
    if (takeHeader(found.header, found.titles) && found.rows.length > 0) handlers.rows(found.rows, bytesRead);
    return;
  }
  if (!headerSeen && !stopped) handlers.header([], info);
}
