/**
 * The parts of a workbook, read with their limits (limits.ts; issue 29, N2 and N5). A workbook is a zip,
 * and a zip says what it likes about itself: a 6 MB file held shared strings that inflate to 2.5 GB.
 * - The zip's directory is read first (its end record, then unzipper's Open): at most LIMITS.zipEntries
 *   parts, each read part named once. The parts are taken in the order the reader needs them — the
 *   workbook's relationships, the workbook, the shared strings, the styles, then the worksheets — straight
 *   from the file, so that a worksheet stored before the shared strings (Excel's own order) is never
 *   copied to a temporary file (one of 256 MiB was left in /tmp by a killed import).
 * - Every part is counted as it inflates, whatever size the zip claims: past its cap the read stops with
 *   WorkbookLimit (readXlsx makes it an AppError naming the file, the part and the fix).
 * - The shared strings are read here, not by exceljs: each string's text alone is kept (exceljs kept a
 *   rich-text object per run), at most LIMITS.sharedStrings of them, each at most LIMITS.cellChars long;
 *   phonetic runs (<rPh>, the readings of Japanese text) are not text of the cell (exceljs read the reading
 *   instead of the text).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import unzipper from 'unzipper';
import { LIMITS, limitText } from './limits.js';

/** A part or the zip is past a limit: readXlsx turns it into an AppError with the file's name. */
export class WorkbookLimit extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'WorkbookLimit';
  }
}

const RESAVE = 'open it in Excel or LibreOffice and save it again as .xlsx, or export CSV';

/**
 * The number of entries the zip's end record gives (zip64 too), or undefined when there is none (unzipper
 * then reports the damage). Read before unzipper builds its list of entries.
 */
export function zipEntryCount(file: string): number | undefined {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(length);
    readSync(fd, tail, 0, length, size - length);
    for (let at = length - 22; at >= 0; at--) {
      if (tail.readUInt32LE(at) !== 0x06054b50) continue;
      const entries = tail.readUInt16LE(at + 10);
      const directoryOffset = tail.readUInt32LE(at + 16);
      if (entries !== 0xffff && directoryOffset !== 0xffffffff) return entries;
      // zip64: the locator just before the end record points at the zip64 end record
      if (at < 20 || tail.readUInt32LE(at - 20) !== 0x07064b50) return entries;
      const record = Buffer.alloc(56);
      readSync(fd, record, 0, 56, Number(tail.readBigUInt64LE(at - 20 + 8)));
      if (record.readUInt32LE(0) !== 0x06064b50) return entries;
      const count = record.readBigUInt64LE(32);
      return count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** A part's bytes, counted: past `cap` the stream fails with WorkbookLimit. */
class Counted extends Transform {
  private bytes = 0;
  constructor(
    private readonly part: string,
    private readonly cap: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.cap) {
      callback(partTooLarge(this.part, this.cap));
      return;
    }
    callback(null, chunk);
  }
}

function partTooLarge(part: string, cap: number): WorkbookLimit {
  return new WorkbookLimit(
    `its part ${part} inflates to more than ${limitText(cap, 'bytes')}, more than an export holds`,
    part === 'xl/sharedStrings.xml'
      ? `the workbook holds more text than the importer reads from one file: split the export, or export CSV`
      : `the workbook is damaged or was not written by a spreadsheet program: ${RESAVE}`,
  );
}

type DirectoryEntry = Awaited<ReturnType<typeof unzipper.Open.file>>['files'][number];

/** The parts the reader takes, in the order it takes them; worksheets come after, in the zip's order. */
const FIRST_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export interface WorkbookParts {
  /** a part by its path, counted (undefined when the workbook has none) */
  open(path: string): NodeJS.ReadableStream | undefined;
  /** the worksheets' numbers and paths, in the zip's order */
  worksheets: Array<{ sheetNo: string; path: string }>;
}

function capOf(part: string): number {
  if (part === 'xl/sharedStrings.xml') return LIMITS.partBytes.sharedStrings;
  if (WORKSHEET.test(part)) return LIMITS.partBytes.worksheet;
  return LIMITS.partBytes.other;
}

/** The workbook's directory, checked: the entry count, each read part once, declared sizes within caps. */
export async function openWorkbookParts(file: string): Promise<WorkbookParts> {
  const declared = zipEntryCount(file);
  if (declared !== undefined && declared > LIMITS.zipEntries)
    throw new WorkbookLimit(
      `its zip holds ${limitText(declared, 'parts')}; a workbook holds at most ${limitText(LIMITS.zipEntries, 'parts')}`,
      `the file is no workbook a spreadsheet program wrote: ${RESAVE}`,
    );
  const directory = await unzipper.Open.file(file);
  if (directory.files.length > LIMITS.zipEntries)
    throw new WorkbookLimit(
      `its zip holds ${limitText(directory.files.length, 'parts')}; a workbook holds at most ${limitText(LIMITS.zipEntries, 'parts')}`,
      `the file is no workbook a spreadsheet program wrote: ${RESAVE}`,
    );
  const parts = new Map<string, DirectoryEntry>();
  for (const entry of directory.files) {
    if (entry.type !== 'File' || !(FIRST_PARTS.includes(entry.path) || WORKSHEET.test(entry.path))) continue;
    if (parts.has(entry.path))
      throw new WorkbookLimit(`its zip holds the part ${entry.path} twice`, `the workbook is damaged: ${RESAVE}`);
    // what the directory claims is checked now; what the part inflates to, while it is read
    if (entry.uncompressedSize > capOf(entry.path)) throw partTooLarge(entry.path, capOf(entry.path));
    parts.set(entry.path, entry);
  }
  return {
    open(path) {
      const entry = parts.get(path);
      if (entry === undefined) return undefined;
      const counted = new Counted(path, capOf(path));
      const source = entry.stream();
      source.on('error', (error: Error) => counted.destroy(error));
      return source.pipe(counted);
    },
    worksheets: [...parts.keys()].flatMap((path) => {
      const match = WORKSHEET.exec(path);
      return match ? [{ sheetNo: match[1]!, path }] : [];
    }),
  };
}

const ENTITY = /&(?:#(\d+)|#x([0-9A-Fa-f]+)|(lt|gt|amp|quot|apos));/g;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (...match: Array<string | undefined>) => {
    const [, decimal, hex, name] = match;
    if (name !== undefined) return NAMED_ENTITIES[name]!;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
    return code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code);
  });
}

/** a tag (its name, whether it closes or is empty) or a text node, in a chunk that holds them whole */
const TOKEN = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>|<[?!][^>]*>|([^<]+)/g;

/**
 * The shared strings of a workbook as plain text: the text of the <t> elements of each <si>, runs joined,
 * phonetic runs left out. `chunks` is the part as fixedXml gives it (tags and text nodes whole in a chunk,
 * the SpreadsheetML prefix dropped, CDATA made text).
 */
export async function readSharedStrings(chunks: AsyncIterable<string>): Promise<string[]> {
  const strings: string[] = [];
  let inString = false;
  let inText = false;
  let phonetic = 0;
  let parts: string[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    TOKEN.lastIndex = 0;
    for (let token = TOKEN.exec(chunk); token !== null; token = TOKEN.exec(chunk)) {
      const [, closing, name, empty, text] = token;
      if (text !== undefined) {
        if (!inString || !inText || phonetic > 0) continue;
        // XML's end-of-line handling (XML 1.0, 2.11): CR LF and a lone CR are LF; &#13; stays a CR
        const decoded = decodeEntities(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);
        length += decoded.length;
        if (length > LIMITS.cellChars)
          throw new WorkbookLimit(
            `its shared string ${strings.length + 1} is longer than ${limitText(LIMITS.cellChars, 'characters')}, ` +
              'which Excel itself cannot hold in a cell',
            `the workbook was not written by a spreadsheet program: ${RESAVE}`,
          );
        parts.push(decoded);
        continue;
      }
      if (name === undefined) continue; // <?xml …?>, a comment
      if (name === 'si') {
        if (closing === '/' || empty === '/') {
          strings.push(parts.length === 1 ? parts[0]! : parts.join(''));
          if (strings.length > LIMITS.sharedStrings)
            throw new WorkbookLimit(
              `it holds more than ${limitText(LIMITS.sharedStrings, 'shared strings')}, more text than the importer ` +
                'reads from one workbook',
              'split the export into smaller files (a day or a week each), or export CSV',
            );
          inString = false;
        } else {
          inString = true;
          parts = [];
          length = 0;
        }
      } else if (name === 't') inText = closing !== '/' && empty !== '/';
      else if (name === 'rPh') phonetic = Math.max(0, phonetic + (closing === '/' ? -1 : empty === '/' ? 0 : 1));
    }
  }
  return strings;
}
