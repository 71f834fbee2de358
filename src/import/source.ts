/**
 * Reading an export file as rows of cells, streamed: what a file is (by its content, not its name), then
 * CSV (source-csv.ts) or XLSX (source-xlsx.ts). Rows come to a synchronous callback in batches with their
 * row number (the header row is row 1, as a spreadsheet shows it) and the bytes read so far.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';
import { readCsv } from './source-csv.js';
import { readXlsx } from './source-xlsx.js';
import type { SourceHandlers, SourceMapping } from './source-types.js';

export type { BatchCoding, SourceHandlers, SourceInfo, SourceMapping, SourceRow } from './source-types.js';
export { describeDelimiter, detectDelimiter, detectEncoding, type EncodingName } from './source-csv.js';

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

export async function readSource(file: string, mapping: SourceMapping, handlers: SourceHandlers): Promise<void> {
  const { size, format, named } = checkSource(file);
  if (format === 'xlsx') return readXlsx(file, mapping, { handlers, size, named });
  return readCsv(file, mapping, { handlers, size, named });
}
