/**
 * The validate stage of an import: each batch of rows read from the file, cell by cell through the header's
 * binding (header.ts, cells.ts) and the table's row rules, into the write stage (table-write.ts) — or, when a
 * check fails, counted as a problem and written to the reject file; a total or a note under the table is
 * skipped as not data (not-data.ts). Progress is reported between batches.
 */
import { performance } from 'node:perf_hooks';
import { convertCell, CELL_CACHE_LIMIT, describeValue, FAIL, failure, isBlank } from './cells.js';
import type { HeaderBinding } from './header.js';
import type { ImportRun } from './import-run.js';
import type { ImportProblem } from './import-types.js';
import { notDataRow } from './not-data.js';
import type { RejectFile } from './reject-file.js';
import type { BatchCoding, SourceRow } from './source.js';
import type { TableWrite } from './table-write.js';
import type { Cell } from './values.js';

export type RowsHandler = (batch: SourceRow[], bytes: number, coding?: BatchCoding) => boolean;

/** The handler of the file's batches of rows; `before`: the table's rows before the import. */
export function createRowValidator(
  run: ImportRun,
  stages: { binding: HeaderBinding; write: TableWrite; reject: RejectFile; before: number },
): RowsHandler {
  const { report, spec, options, started, strict } = run;
  const { binding, write, reject, before } = stages;
  const { targets, headers, skipTest, fillDown, recordKept, ruleReads } = binding;
  /** the cells of the last data row (not of a skipped one): what fill_down takes, and the fix's hint */
  let previousCells: readonly Cell[] | undefined;
  let lastProgress = performance.now();
  const progressEvery = options.progressEveryMs ?? 1000;
  /** a row that is not data: counted, and the first ten named with the cell that tells it */
  const skipRow = (row: number, skipped: { text: string; why: string }): void => {
    report.skipped += 1;
    if (report.skippedRows.length < 10) report.skippedRows.push({ row, ...skipped });
  };
  /** most of the row's mapped cells empty, and a text first: a note that skip_rows could name */
  const noteSparseRow = (row: number, cells: readonly Cell[]): void => {
    if (report.sparseRow !== undefined) return;
    const mapped = targets.filter((target) => target.index >= 0);
    const empty = mapped.filter((target) => isBlank(cells[target.index])).length;
    if (empty * 2 <= mapped.length) return;
    const index = cells.findIndex((cell) => typeof cell === 'string' && cell.trim() !== '');
    if (index < 0) return;
    report.sparseRow = { row, text: String(cells[index]).trim(), column: headers[index] || '*' };
  };

  return (batch, bytes, coding) => {
    const writer = write.begin({ rows: batch.length, bytes, before });
    // the row by column name, for a derived column; else only the columns the row rules read
    const record: Record<string, unknown> = {};
    // one array for every row: the statement binds it at once and keeps nothing
    const values: unknown[] = new Array(targets.length);
    const codes = coding?.codes;
    const width = coding?.width ?? 0;
    for (let rowIndex = 0; rowIndex < batch.length; rowIndex++) {
      const { row, cells } = batch[rowIndex]!;
      report.rows += 1;
      if (skipTest !== undefined) {
        const skipped = skipTest(cells);
        if (skipped !== undefined) {
          skipRow(row, skipped);
          continue;
        }
      }
      let filled = 0; // counted when the row is data (a total row under the table may be filled too)
      let unfilled: Cell[] | undefined; // the row as the file has it, when fill_down changed it
      if (previousCells !== undefined) {
        for (const index of fillDown) {
          if (!isBlank(cells[index]) || isBlank(previousCells[index])) continue;
          unfilled ??= cells.slice();
          cells[index] = previousCells[index];
          // the cell is no longer the one its code names
          if (codes !== undefined && index < width) codes[rowIndex * width + index] = 0;
          filled += 1;
        }
      }
      let rowProblems: Array<Omit<ImportProblem, 'file'>> | undefined;
      for (let position = 0; position < targets.length; position++) {
        const target = targets[position]!;
        // a coded cell (reader process) whose value this column has met: its checked value by number
        const code = codes !== undefined && target.index >= 0 ? (codes[rowIndex * width + target.index] ?? 0) : 0;
        let value: unknown = code > 0 ? target.byCode![code] : undefined;
        if (value !== undefined) {
          values[position] = value;
          if (recordKept) record[target.spec.name] = value;
          continue;
        }
        const original: Cell =
          target.index >= 0
            ? cells[target.index]
            : target.hasConstant
              ? (target.constant as Cell)
              : (target.derive?.(record) as Cell);
        let cell = original;
        if (target.rule?.map && cell !== null && cell !== undefined) {
          const key = typeof cell === 'string' ? cell.trim() : String(cell);
          if (target.rule.map.has(key)) cell = target.rule.map.get(key) as Cell;
        }
        const cache = target.cache;
        value = cache !== undefined && typeof cell === 'string' ? cache.get(cell) : undefined;
        if (value !== undefined) {
          // a value seen before in this column: converted and checked then (failures are not kept)
        } else if ((value = convertCell(target, cell)) === FAIL) {
          // a value derived from a bad column is not a second problem
          if (!(target.derive && rowProblems !== undefined)) {
            (rowProblems ??= []).push({
              row,
              column: target.header,
              field: target.spec.name,
              value: describeValue(cell),
              rule: failure.rule,
              fix:
                // blank under a filled cell: a merged cell, or a grouped report that writes a value once
                isBlank(cell) &&
                target.index >= 0 &&
                previousCells !== undefined &&
                !isBlank(previousCells[target.index])
                  ? `${failure.fix}; if the export leaves a repeated value blank (merged cells, a grouped report), ` +
                    `add fill_down: [${target.header}] to the mapping`
                  : failure.fix,
            });
          }
          value = null;
        } else {
          if (target.spec.name === 'country_code' && typeof value === 'string') value = value.toUpperCase();
          if (cache !== undefined && typeof cell === 'string') {
            if (cache.size < CELL_CACHE_LIMIT) cache.set(cell, value);
            else target.cache = undefined;
          }
          // the mapping and the checks depend on the cell alone: the same code, the same value
          if (code > 0) target.byCode![code] = value;
        }
        values[position] = value;
        if (recordKept) record[target.spec.name] = value;
      }
      if (rowProblems === undefined && spec.rowRules) {
        if (!recordKept) for (const [name, position] of ruleReads) record[name] = values[position];
        const ruled = spec.rowRules.check(record);
        if (ruled) {
          const target = targets.find((candidate) => candidate.spec.name === ruled.column);
          (rowProblems ??= []).push({
            row,
            column: target?.header ?? '',
            field: ruled.column,
            value: String(record[ruled.column] ?? ''),
            rule: ruled.rule,
            fix: ruled.fix,
          });
        }
      }
      if (rowProblems !== undefined) {
        // a total or a note under the table: not data (only a row the checks refuse is looked at)
        const notData = notDataRow(unfilled ?? cells);
        if (notData !== undefined) {
          skipRow(row, notData);
          continue;
        }
        previousCells = cells;
        report.filledDown += filled;
        noteSparseRow(row, cells);
        report.rejected += 1;
        run.hasProblems = true;
        for (const entry of rowProblems) run.problem(entry);
        reject.row(row, cells, rowProblems);
        continue;
      }
      previousCells = cells;
      report.filledDown += filled;
      if (strict && run.hasProblems) continue; // the file will be rejected: keep validating, stop writing
      writer.push(values, row, cells);
    }
    const nowMs = performance.now();
    if (options.progress && nowMs - lastProgress >= progressEvery) {
      lastProgress = nowMs;
      const elapsedMs = nowMs - started;
      const rate = report.rows / (elapsedMs / 1000);
      const size = report.source?.size ?? 0;
      const etaMs = bytes > 0 && size > bytes ? (elapsedMs * (size - bytes)) / bytes : undefined;
      options.progress({ rows: report.rows, bytes, size, elapsedMs, rowsPerSecond: rate, etaMs });
    }
    return true;
  };
}
