/**
 * What exceljs 4.4.0's streaming reader gets wrong about workbooks that Excel and LibreOffice write, and
 * what readXlsx (source.ts) does about it. Each was found reading workbooks made by those programs (the
 * calamine corpus, src/import/testdata/xlsx/SOURCES.md) and is checked by src/import/xlsx-corpus.test.ts:
 * - sheets come in the order of their parts in the zip, not of the workbook's tabs: Excel 16's
 *   any_sheets.xlsx gives its very hidden sheet first, errors.xlsx (Excel 12) its third. "Sheet 1" is the
 *   first *visible worksheet in tab order* here (workbookSheets);
 * - the 1904 date system is read only from date1904="1"; LibreOffice writes date1904="true" (both are
 *   xsd:boolean true), and every date came out 4 years and a day early (fixDate1904);
 * - text keeps Excel's escapes of characters XML cannot hold: "ABC_x000D_\nDEF" for "ABC\r\nDEF"
 *   (unescapeXstring; ECMA-376 Part 1, 22.9.2.19 ST_Xstring);
 * - a formula whose cached result is an error (#DIV/0!, #N/A, …) comes without its result (or as NaN),
 *   and was read as the text "[object Object]": readXlsx passes on "#ERROR" (as for a formula no program
 *   computed), which the importer refuses in every column, like #N/A itself (EXCEL_ERROR).
 * - each chunk of a part (16 KiB out of the zip, 64 KiB from a worksheet's temporary file) is decoded
 *   from UTF-8 on its own, so a character whose bytes straddle two chunks becomes two U+FFFD: about one
 *   Chinese cell in a thousand was silently garbled ("张伟" → "���伟"; exceljs issues #2063, #2084, #2316,
 *   fix PR #1665 unmerged). The parts are decoded as one stream here (fixStreamReader, fixedXml);
 * - ISO 8601 date cells (t="d", openpyxl with iso_dates=True) were read as a serial number of the year
 *   ("2021-01-01" → 2021 → 1905-07-13): they are read as their text, which the importer parses as a date;
 * - elements with a namespace prefix (<x:c>, <x:si>; calamine richtext-namespaced.xlsx) were not
 *   recognised and the sheet read as empty: the prefix bound to SpreadsheetML is dropped;
 * - text in a CDATA section (<t><![CDATA[12345]]></t>; calamine inlineStr_cdata.xlsx) was read as an empty
 *   cell: it is passed on as text;
 * - the zip's parts were taken one by one through exceljs's iterateStream, which now and then loses one:
 *   the shared strings (every text cell then read as "[object Object]"), the styles (dates as numbers).
 *   1 read in 6 of a small workbook here; exceljs issue #683, fix PR #2915 unmerged. The parts are taken
 *   from the zip's directory, each with its limits (xlsx-parts.ts, readParts);
 * - nothing bounded a part, a text run or the shared strings (issue 29, N2, N5): xlsx-parts.ts counts
 *   every part, fixedXml refuses a text run or a tag over LIMITS.xmlRunChars (a longer one was read in
 *   quadratic time), and the shared strings are read as plain text with their limits.
 */
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { LIMITS, limitText } from './limits.js';
import { openWorkbookParts, readSharedStrings, WorkbookLimit } from './xlsx-parts.js';

/** Excel's error values, as a cell shows them (and a CSV saved from Excel holds them), and readXlsx's "#ERROR". */
export const EXCEL_ERROR =
  /^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|ERROR)$/;

/** the text readXlsx gives a formula cell without a usable cached result (an error exceljs did not keep, or none) */
export const FORMULA_ERROR = '#ERROR';

const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** "_x000D_" → "\r"; "_x005F_x000D_" → the text "_x000D_" (the escape escaped). */
export function unescapeXstring(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(XSTRING_ESCAPE, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

interface PropertiesXform {
  prototype: { parseOpen(node: { name: string; attributes: Record<string, string> }): boolean; model?: unknown };
}

let date1904Fixed = false;

/** exceljs reads <workbookPr date1904> as true only when it is "1"; xsd:boolean also allows "true". */
export async function fixDate1904(): Promise<void> {
  if (date1904Fixed) return;
  const module = (await import('exceljs/lib/xlsx/xform/book/workbook-properties-xform.js')) as {
    default: PropertiesXform;
  };
  const prototype = module.default.prototype;
  const parseOpen = prototype.parseOpen;
  prototype.parseOpen = function (this: { model?: { date1904?: boolean } }, node) {
    const result = parseOpen.call(this, node);
    if (node.name === 'workbookPr' && this.model) {
      const value = String(node.attributes.date1904 ?? '').trim();
      this.model.date1904 = value === '1' || value === 'true';
    }
    return result;
  };
  date1904Fixed = true;
}

export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  /** a worksheet (not a chart sheet or a dialog sheet) */
  worksheet: boolean;
}

/** What exceljs keeps of xl/workbook.xml and its relationships once it has read them. */
interface ReaderInternals {
  model?: { sheets?: Array<{ name: string; rId: string; state?: string }> };
  workbookRels?: Array<{ Id: string; Type?: string; Target?: string }>;
}

/**
 * The workbook's sheets in tab order, or undefined when exceljs has not read xl/workbook.xml (yet). A
 * sheet whose relationship is unknown counts as a worksheet.
 */
export function workbookSheets(reader: ExcelJS.stream.xlsx.WorkbookReader): WorkbookSheet[] | undefined {
  const internals = reader as unknown as ReaderInternals;
  const sheets = internals.model?.sheets;
  if (!Array.isArray(sheets) || sheets.length === 0) return undefined;
  const relations = new Map((internals.workbookRels ?? []).map((relation) => [relation.Id, relation]));
  return sheets.map((sheet) => {
    const type = relations.get(sheet.rId)?.Type ?? '';
    return {
      name: sheet.name,
      hidden: sheet.state === 'hidden' || sheet.state === 'veryHidden',
      worksheet: type === '' || /\/worksheet$/.test(type),
    };
  });
}

/** The sheets a number counts: visible worksheets in tab order (1 = the first). */
export function numberedSheets(sheets: WorkbookSheet[]): string[] {
  return sheets.filter((sheet) => sheet.worksheet && !sheet.hidden).map((sheet) => sheet.name);
}

/** SpreadsheetML's namespaces: transitional (what Excel writes) and strict ISO 29500 */
const SPREADSHEET_NAMESPACES = [
  'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  'http://purl.oclc.org/ooxml/spreadsheetml/main',
];
/** the part's root element's start tag (a name character after "<": not <?xml …?> or a comment) */
const ROOT_TAG = /<[A-Za-z_][^>]*>/;
const NAMESPACE_DECLARATION = /xmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])(.*?)\2/g;
/** a CDATA section: its text, which exceljs's reader does not take (it listens for text alone) */
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const escapeText = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** a cell of type "d" (an ISO 8601 date as text) */
const ISO_DATE_CELL = /(<c\b[^>]*?\s)t\s*=\s*(["'])d\2/g;

/**
 * A part of the workbook (bytes or text, in chunks) as text in chunks that exceljs reads right: decoded as
 * one UTF-8 stream, CDATA sections made text, the SpreadsheetML prefix dropped from element names, and (a
 * worksheet) ISO date cells made text cells. A chunk ends before a tag that it may not hold whole.
 */
export async function* fixedXml(
  part: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: { isoDates: boolean },
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let prefixes: RegExp | null | undefined; // undefined: the root element not seen yet
  const fix = (text: string): string => {
    let fixed = text.includes('<![CDATA[')
      ? text.replace(CDATA, (_match, content: string) => escapeText(content))
      : text;
    if (prefixes) fixed = fixed.replace(prefixes, '<$1');
    if (options.isoDates && fixed.includes('d')) fixed = fixed.replace(ISO_DATE_CELL, '$1t="str"');
    return fixed;
  };
  for await (const chunk of part) {
    const text = carry + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    // a text run or a tag that no chunk ends: carried whole, so it is bounded (quadratic reading before)
    if (carry.length > LIMITS.xmlRunChars) throw runTooLong();
    if (prefixes === undefined) {
      const root = ROOT_TAG.exec(text);
      if (!root) {
        carry = text;
        continue;
      }
      const bound = [...root[0].matchAll(NAMESPACE_DECLARATION)]
        .filter((declaration) => SPREADSHEET_NAMESPACES.includes(declaration[3]!))
        .map((declaration) => declaration[1]!.replaceAll('.', '\\.'));
      prefixes = bound.length > 0 ? new RegExp(`<(/?)(?:${bound.join('|')}):`, 'g') : null;
    }
    // a chunk ends before its last tag, or before a CDATA section it does not hold whole (it may hold "<")
    const last = text.lastIndexOf('<');
    const section = last >= 0 ? text.lastIndexOf('<![CDATA[', last) : -1;
    const sectionEnd = section >= 0 ? text.indexOf(']]>', section) : -1;
    const cut = section >= 0 && (sectionEnd < 0 || sectionEnd > last) ? section : last;
    carry = cut > 0 ? text.slice(cut) : cut === 0 ? text : '';
    const ready = cut > 0 ? text.slice(0, cut) : cut === 0 ? '' : text;
    if (ready !== '') yield fix(ready);
  }
  const rest = carry + decoder.decode();
  if (rest !== '') yield fix(rest);
}

function runTooLong(): WorkbookLimit {
  return new WorkbookLimit(
    `it holds a cell or a tag of more than ${limitText(LIMITS.xmlRunChars, 'characters')}; a cell holds at most ` +
      `${limitText(LIMITS.cellChars, 'characters')} (Excel's own limit)`,
    'the workbook was not written by a spreadsheet program: open it in Excel or LibreOffice and save it again ' +
      'as .xlsx, or export CSV',
  );
}

interface ReaderPrototype {
  options: { worksheets?: string };
  sharedStrings?: unknown[];
  workbookRels?: unknown;
  stream?: NodeJS.ReadableStream;
  input: unknown;
  _getStream(input: unknown): NodeJS.ReadableStream;
  parse(this: ReaderPrototype, input?: unknown, options?: object): AsyncGenerator<unknown>;
  _parseRels(this: unknown, entry: Part): Promise<void>;
  _parseWorksheet(this: unknown, iterator: AsyncIterable<Uint8Array | string>, sheetNo: string): Generator<unknown>;
  _parseWorkbook(this: unknown, entry: Part): Promise<void>;
  _parseStyles(this: unknown, entry: Part): Promise<void>;
}

/** a part of the workbook: a stream of its bytes */
type Part = NodeJS.ReadableStream & AsyncIterable<Uint8Array | string>;

/**
 * exceljs's WorkbookReader.parse, reading the parts from the zip's directory with their limits
 * (xlsx-parts.ts): the relationships, the workbook, the shared strings (read there, as plain text), the
 * styles, then each worksheet. Hyperlinks are not read (readXlsx asks for none). `input` is the file.
 */
async function* readParts(this: ReaderPrototype, input?: unknown, options?: object): AsyncGenerator<unknown> {
  if (options) this.options = options;
  const file = input ?? this.input;
  if (typeof file !== 'string') throw new Error('a workbook is read from a file');
  const parts = await openWorkbookParts(file);
  const relations = parts.open('xl/_rels/workbook.xml.rels');
  if (relations) await this._parseRels(relations as Part);
  const workbook = parts.open('xl/workbook.xml');
  if (workbook) await this._parseWorkbook(workbook as Part);
  const strings = parts.open('xl/sharedStrings.xml');
  this.sharedStrings = strings ? await readSharedStrings(fixedXml(strings as Part, { isoDates: false })) : [];
  const styles = parts.open('xl/styles.xml');
  if (styles) await this._parseStyles(styles as Part);
  // a worksheet is opened when its rows are read: the sheets readXlsx passes over are never inflated
  const opened: NodeJS.ReadableStream[] = [];
  try {
    for (const { sheetNo, path } of parts.worksheets) {
      const lazy: AsyncIterable<Uint8Array | string> = {
        [Symbol.asyncIterator]: () => {
          const stream = parts.open(path) as Part;
          opened.push(stream);
          return stream[Symbol.asyncIterator]();
        },
      };
      yield* this._parseWorksheet(lazy, sheetNo);
    }
  } finally {
    for (const stream of opened) (stream as unknown as { destroy(): void }).destroy();
  }
}

const fixedReaders = new WeakSet<object>();

/** The workbook reader takes the parts with readParts; worksheets, the workbook and its styles go through fixedXml. */
export function fixStreamReader(reader: { prototype: object }): void {
  const prototype = reader.prototype as ReaderPrototype;
  if (fixedReaders.has(prototype)) return;
  prototype.parse = readParts;
  const worksheet = prototype._parseWorksheet;
  prototype._parseWorksheet = function (iterator, sheetNo) {
    return worksheet.call(this, fixedXml(iterator, { isoDates: true }), sheetNo);
  };
  for (const name of ['_parseWorkbook', '_parseStyles'] as const) {
    const parse = prototype[name] as (this: unknown, entry: Part) => unknown;
    (prototype[name] as typeof parse) = function (entry) {
      return parse.call(this, Readable.from(fixedXml(entry, { isoDates: false })) as unknown as Part);
    };
  }
  fixedReaders.add(prototype);
}
