/**
 * What one import may hold and take, and why (issue 29, N2, N5, N13). An export is read by a process with a
 * memory limit (the airgap-agent-import unit: MemoryMax=1536M for the watcher, its import process and that
 * one's reader together), and the drop folder must never be stopped by one file. Each limit below answers a
 * file that once took the importer down or held it for minutes; each refusal names the limit and the fix
 * (docs/admin-guide.md, "Limits and what they protect").
 *
 * - A cell: at most 32,767 characters, Excel's own limit (a longer one is no export of a spreadsheet). A
 *   50 KB workbook holding one cell of 50 M characters took 175 s and 724 MiB: reading a long text run was
 *   quadratic.
 * - A CSV record (a line, or the lines of a quoted cell): at most 1 MiB of text; a 200 MB file of one line
 *   took 119 s and 2.85 GB.
 * - A CSV row: at most 16,384 columns (Excel's XFD; exceljs refuses a workbook cell past it itself).
 * - A workbook (a zip): at most 10,000 parts (Excel writes a few dozen); the parts read are counted as they
 *   inflate, whatever sizes the zip claims: shared strings ≤ 256 MiB and ≤ 2,097,152 strings (twice Excel's
 *   rows: a 1,048,576-row sheet with two columns of unique text), a worksheet ≤ 2 GiB, the workbook, its
 *   relationships and styles ≤ 16 MiB each; inside a part, a text run or a tag ≤ 1 MiB. A 6 MB workbook
 *   whose shared strings held 150 M entries grew the import to 1.6 GB and killed it after 88 s.
 *   No part is ever copied to a temporary file: the parts are read from the zip's directory in the order
 *   the reader needs them.
 * - skip_rows: a pattern of at most 200 characters that cannot backtrack without bound (safe-pattern.ts),
 *   tested on the first 256 characters of a cell: `^(a+)+$` ran past 60 s on one cell.
 * - An import: at most `import.max_seconds` (900 s), checked between batches of rows; an inbox import runs
 *   in a process of its own that is killed 30 s past it.
 */
export const LIMITS = {
  /** characters in one cell (Excel's limit) */
  cellChars: 32_767,
  /** characters of one CSV record: a line, or the lines of a quoted cell */
  recordChars: 1024 * 1024,
  /** columns in one CSV row (Excel: XFD) */
  columns: 16_384,
  /** parts (entries) in a workbook's zip */
  zipEntries: 10_000,
  /** strings in a workbook's shared-strings part */
  sharedStrings: 2_097_152,
  /** inflated bytes of a workbook's parts */
  partBytes: {
    sharedStrings: 256 * 1024 * 1024,
    worksheet: 2 * 1024 * 1024 * 1024,
    other: 16 * 1024 * 1024,
  },
  /** characters of one text run or tag inside a part's XML */
  xmlRunChars: 1024 * 1024,
  /** characters of one skip_rows pattern */
  patternChars: 200,
  /** the characters of a cell that skip_rows patterns look at */
  skipRowsTestChars: 256,
} as const;

const number = (value: number): string => value.toLocaleString('en-US');

/** "1,048,576 characters" style numbers for messages */
export function limitText(value: number, unit: string): string {
  if (unit === 'bytes' && value >= 1024 * 1024)
    return value >= 1024 * 1024 * 1024 ? `${value / (1024 * 1024 * 1024)} GiB` : `${value / (1024 * 1024)} MiB`;
  return `${number(value)} ${unit}`;
}
