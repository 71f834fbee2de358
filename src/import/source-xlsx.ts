/**
 * Reading an XLSX export through exceljs's streaming reader, mended where it reads Excel's and
 * LibreOffice's workbooks wrong (xlsx-workbook.ts) and bounded part by part (xlsx-parts.ts). Rows come to
 * the handlers in batches with their row number, as a spreadsheet shows it.
 */
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { AppError } from '../errors.js';
import {
  isEmptyRow,
  type SourceHandlers,
  type SourceInfo,
  type SourceMapping,
  type SourceRow,
} from './source-types.js';
import type { Cell } from './values.js';
import {
  FORMULA_ERROR,
  fixDate1904,
  fixStreamReader,
  numberedSheets,
  unescapeXstring,
  workbookSheets,
} from './xlsx-workbook.js';
import { WorkbookLimit } from './xlsx-parts.js';
import { HeaderSearch, type HeaderFound } from './header-row.js';
import { LIMITS, limitText } from './limits.js';

function cellTooLong(): WorkbookLimit {
  return new WorkbookLimit(
    `it holds a cell of more than ${limitText(LIMITS.cellChars, 'characters')}, which Excel itself cannot hold`,
    'the workbook was not written by a spreadsheet program: open it in Excel or LibreOffice and save it again ' +
      'as .xlsx, or export CSV',
  );
}

/** One exceljs cell value → a cell (xlsx-workbook.ts: the escapes, a formula's error result). */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.length > LIMITS.cellChars) throw cellTooLong();
    return unescapeXstring(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return cellValue(value.richText.map((part) => part.text).join(''));
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

export async function readXlsx(
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
      // another sheet is not read at all (its part is not even inflated: xlsx-workbook.ts, readParts)
      if (!chosen) continue;
      const info: SourceInfo = { format: 'xlsx', sheet: name, size };
      if (named !== undefined) info.named = named;
      let batch: SourceRow[] = [];
      let stopped = false;
      // no header_row in the mapping: the header is looked for among the first rows (header-row.ts)
      const search =
        mapping.headerRowGiven !== true && (mapping.expected?.length ?? 0) > 0
          ? new HeaderSearch(mapping.expected!)
          : undefined;
      const takeHeader = (found: HeaderFound): boolean => {
        headerSeen = true;
        if (found.titles > 0) ((info.headerRow = found.header.row), (info.titleRows = found.titles));
        batch.push(...found.rows);
        return handlers.header(
          found.header.cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
          info,
        );
      };
      for await (const excelRow of sheet) {
        const values = excelRow.values as ExcelJS.CellValue[];
        const cells: Cell[] = [];
        for (let index = 1; index < values.length; index++) cells.push(cellValue(values[index]));
        if (!headerSeen) {
          if (excelRow.number < mapping.headerRow || isEmptyRow(cells)) continue;
          const row = { row: excelRow.number, cells };
          const found = search ? search.push(row) : { header: row, rows: [], titles: 0 };
          if (found === undefined) continue;
          if (!takeHeader(found)) {
            stopped = true;
            break;
          }
          continue;
        }
        if (isEmptyRow(cells)) continue;
        batch.push({ row: excelRow.number, cells });
        if (batch.length >= 2000) {
          if (!handlers.rows(batch, 0)) {
            stopped = true;
            break;
          }
          batch = [];
          const wait = handlers.ready?.();
          if (wait !== undefined) await wait;
        }
      }
      // a short sheet: the header among the rows there are
      const found = !headerSeen ? search?.end() : undefined;
      if (found !== undefined && !takeHeader(found)) stopped = true;
      if (!stopped && batch.length > 0) handlers.rows(batch, size);
      if (!headerSeen) handlers.header([], info);
      done = true;
      break; // the chosen sheet is read: the rest of the workbook is not
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof WorkbookLimit)
      throw new AppError('BAD_REQUEST', `${path.basename(file)} is refused: ${error.message}`, { hint: error.hint });
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
