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
 * Left as exceljs reads them: ISO 8601 date cells (t="d", openpyxl with iso_dates=True) arrive as a
 * serial number of the year ("2021-01-01" → 2021 → 1905-07-13); Excel and LibreOffice write serials.
 */
import type ExcelJS from 'exceljs';

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
