/**
 * One cell of a CSV file that people open in a spreadsheet program: RFC 4180 quoting, and a cell that
 * would start a formula (= + - @ tab CR) written behind a ' (OWASP "CSV Injection"), so that Excel and
 * LibreOffice show it as the text it is: `=cmd|' /C calc'!A0` is `'=cmd|' /C calc'!A0`. Numbers, a
 * negative one too, stay numbers. Used by the report files (src/reports/writer.ts) and the import's
 * --reject-file, whose cells are whatever an export held.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
