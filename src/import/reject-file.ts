/**
 * The reject file of an import (--reject-file): the rows refused, each with its row number, its cells as
 * the file has them and why, as a CSV (UTF-8 with BOM, CRLF) that Excel opens. Written to FILE.part while
 * the import runs; renamed to FILE only when the import commits with rejected rows, removed otherwise.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describeValue } from './cells.js';
import { csvCell } from './csv-cell.js';
import type { ImportProblem } from './import-types.js';
import type { Cell } from './values.js';

/** a cell of --reject-file: quoted, and never a formula when opened in a spreadsheet (csv-cell.ts) */
const csvField = csvCell;

export class RejectFile {
  private fd: number | undefined;
  private temp: string | undefined;
  private headers: string[] = [];

  /** start FILE.part with the file's header and an error column */
  open(file: string, headers: string[]): void {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.headers = headers;
    this.temp = `${file}.part`;
    this.fd = openSync(this.temp, 'w');
    writeSync(this.fd, `\uFEFF${['row', ...headers, 'error'].map(csvField).join(',')}\r\n`);
  }

  /** one refused row (nothing when no reject file was asked for) */
  row(row: number, cells: readonly Cell[], problems: ReadonlyArray<Omit<ImportProblem, 'file'>>): void {
    if (this.fd === undefined) return;
    const reason = problems.map((entry) => `${entry.column || entry.field}: ${entry.rule} — ${entry.fix}`).join('; ');
    writeSync(
      this.fd,
      `${[String(row), ...this.headers.map((_, index) => describeValue(cells[index])), reason].map(csvField).join(',')}\r\n`,
    );
  }

  /** the last row written */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  /** the import committed: FILE when rows were rejected (its path returned), else nothing is left */
  keep(file: string, rejected: number): string | undefined {
    this.close();
    if (this.temp === undefined) return undefined;
    const temp = this.temp;
    this.temp = undefined;
    if (rejected > 0) {
      renameSync(temp, file);
      return file;
    }
    rmSync(temp, { force: true });
    return undefined;
  }

  /** the import rolled back: nothing is left */
  discard(): void {
    this.close();
    if (this.temp !== undefined) rmSync(this.temp, { force: true });
    this.temp = undefined;
  }
}
