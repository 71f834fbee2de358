/**
 * agent-test output: a readable report (each failure says expected vs got,
 * with the tool trace), JUnit XML and JSON files, and the last line exactly
 * `N passed, N failed` (`, N skipped` when any).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentAnswer } from '../agent/types.js';
import type { Failure } from './assertions.js';
import type { LoadProblem } from './load-cases.js';

export interface CaseReport {
  name: string;
  file: string;
  line: number | undefined;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  failures: Failure[];
  /** why a case could not run at all (agent error, missing cassette…) */
  error?: string | undefined;
  skipReason?: string | undefined;
  answer?: AgentAnswer | undefined;
  /** a line after the case's name (the weak-model pass: the verdict and what became of the faulty calls) */
  note?: string | undefined;
}

/** One format's tally in the weak-model pass. */
export interface WeakTally {
  cases: number;
  recovered: number;
  honest: number;
  failed: number;
  /** cut-off calls the loop ran (must stay 0) */
  cutOffRun: number;
  /** executed calls the recorded run did not make (a cut-off or misread call; must stay 0) */
  unexpectedCalls: number;
}

export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  /**
   * cases not run because the run stopped once the score gate could no longer be met (`--min-pass`): so many had
   * failed that the rate stays below it even if every case still to run passed
   */
  notRun?: number | undefined;
  /** the weak-model pass (agent-test --weak): per format, what became of the capable-model cases */
  weak?: Record<string, WeakTally> | undefined;
}

export function summarise(reports: CaseReport[], problems: LoadProblem[]): RunSummary {
  return {
    passed: reports.filter((report) => report.status === 'passed').length,
    failed: reports.filter((report) => report.status === 'failed').length + problems.length,
    skipped: reports.filter((report) => report.status === 'skipped').length,
  };
}

export function summaryLine(summary: RunSummary): string {
  return (
    `${summary.passed} passed, ${summary.failed} failed${summary.skipped > 0 ? `, ${summary.skipped} skipped` : ''}` +
    `${summary.notRun ? `, ${summary.notRun} not run (the gate could no longer be met)` : ''}`
  );
}

/**
 * The score gate while the run goes: true once `failed` of the `counted` cases (skipped ones aside) have failed
 * and the rate would stay below `minPass` even if every case still to run passed. The run stops there: the
 * verdict cannot change, and an install waiting on it (install.sh --require-pass) learns it minutes sooner.
 */
export function gateLost(failed: number, counted: number, minPass: number): boolean {
  return counted > 0 && (counted - failed) / counted + 1e-12 < minPass;
}

/**
 * The score gate watched while a run goes (both runners): set `counted` once the cases to run are known, then
 * `lostAfter(reports)` after each report; true (said once on `err`) when the run should stop. `notRun(reports)`
 * is what the summary counts as not run, 0 unless the run stopped for the gate.
 */
export function gateWatch(
  minPass: number | undefined,
  err: { write(text: string): unknown },
): { counted: number; lostAfter(reports: CaseReport[]): boolean; notRun(reports: CaseReport[]): number } {
  let lost = false;
  return {
    counted: 0,
    lostAfter(reports) {
      if (lost || minPass === undefined || reports.at(-1)?.status !== 'failed') return false;
      const failed = reports.filter((item) => item.status === 'failed').length;
      lost = gateLost(failed, this.counted, minPass);
      if (lost)
        err.write(
          `agent-test: ${failed} of ${this.counted} failed: the required pass rate can no longer be met, the run stops\n`,
        );
      return lost;
    },
    notRun(reports) {
      return lost ? this.counted - reports.filter((report) => report.status !== 'skipped').length : 0;
    },
  };
}

/**
 * The score gate (`--min-pass RATE`, SOURCES.md part D: "a score a change must
 * reach before release"): RATE as a fraction (0.95) or a percentage (95%);
 * skipped cases do not count; a run with no case passed or failed never passes.
 */
export function parsePassRate(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]) / (match[2] === '%' ? 100 : 1);
  return value >= 0 && value <= 1 ? value : undefined;
}

export function passGate(summary: RunSummary, minPass: number): { met: boolean; rate: number; line: string } {
  const notRun = summary.notRun ?? 0;
  const counted = summary.passed + summary.failed + notRun;
  const rate = counted === 0 ? 0 : summary.passed / counted;
  const met = counted > 0 && notRun === 0 && rate + 1e-12 >= minPass;
  const percent = (value: number): string => `${(Math.floor(value * 1000) / 10).toFixed(1)}%`;
  // a run stopped early: the best it could have reached (every case not run passing) is already below the rate
  const reached =
    notRun > 0
      ? `pass rate at most ${percent((summary.passed + notRun) / counted)} (${summary.failed} of ${counted} failed, ` +
        `${notRun} not run: the run stopped once the gate could no longer be met)`
      : `pass rate ${percent(rate)} (${summary.passed} of ${counted})`;
  return {
    met,
    rate,
    line:
      reached +
      (met
        ? ` meets the required ${percent(minPass)}`
        : ` is below the required ${percent(minPass)}: the gate is not met`),
  };
}

function where(file: string, line: number | undefined): string {
  const relative = path.relative(process.cwd(), file) || file;
  return line ? `${relative}:${line}` : relative;
}

function indent(text: string, prefix: string): string {
  return text.split('\n').join(`\n${prefix}`);
}

export function formatCase(report: CaseReport): string {
  const mark = report.status === 'passed' ? '✔' : report.status === 'skipped' ? '-' : '✖';
  const head =
    `${mark} ${report.name} (${Math.round(report.ms)} ms)` +
    `${report.status === 'skipped' ? ` skipped: ${report.skipReason ?? ''}` : ''}${report.note ? `\n    ${report.note}` : ''}`;
  if (report.status !== 'failed') return head;
  const lines = [head, `    at ${where(report.file, report.line)}`];
  if (report.error) lines.push(`    error: ${indent(report.error, '      ')}`);
  for (const failure of report.failures) {
    lines.push(
      `    ${failure.assertion}:`,
      `      expected: ${indent(failure.expected, '        ')}`,
      `      got:      ${indent(failure.got, '        ')}`,
    );
  }
  if (report.answer) {
    lines.push(`    mode: ${report.answer.mode}, skill: ${report.answer.skill ?? '-'}`);
    if (report.answer.tool_calls.length > 0) {
      lines.push('    tool trace:');
      for (const call of report.answer.tool_calls) {
        lines.push(
          `      ${call.ok ? '✔' : '✖'} ${call.name} ${JSON.stringify(call.arguments).slice(0, 300)} ` +
            `(${Math.round(call.ms)} ms${call.cached ? ', cached' : ''})` +
            `${call.error ? ` → ${call.error.slice(0, 200)}` : ''}`,
        );
      }
    }
  }
  return lines.join('\n');
}

export function formatProblem(problem: LoadProblem): string {
  return `✖ ${where(problem.file, problem.line)}: ${problem.path}: ${problem.message}`;
}

function xml(text: string): string {
  return text
    .replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function writeJunit(file: string, reports: CaseReport[], problems: LoadProblem[]): void {
  const summary = summarise(reports, problems);
  const byFile = new Map<string, CaseReport[]>();
  for (const report of reports) byFile.set(report.file, [...(byFile.get(report.file) ?? []), report]);
  const suites = [...byFile.entries()].map(([suiteFile, cases]) => {
    const body = cases
      .map((report) => {
        const open = `    <testcase classname="${xml(path.basename(suiteFile))}" name="${xml(report.name)}" time="${(report.ms / 1000).toFixed(3)}">`;
        if (report.status === 'skipped')
          return `${open}<skipped message="${xml(report.skipReason ?? '')}"/></testcase>`;
        if (report.status === 'passed') return `${open}</testcase>`;
        const message =
          report.error ??
          report.failures
            .map((failure) => `${failure.assertion}: expected ${failure.expected}; got ${failure.got}`)
            .join('\n');
        return `${open}<failure message="${xml(message.split('\n')[0] ?? '')}">${xml(message)}</failure></testcase>`;
      })
      .join('\n');
    const failures = cases.filter((report) => report.status === 'failed').length;
    const skipped = cases.filter((report) => report.status === 'skipped').length;
    return `  <testsuite name="${xml(path.basename(suiteFile))}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n${body}\n  </testsuite>`;
  });
  if (problems.length > 0) {
    const body = problems
      .map(
        (problem) =>
          `    <testcase classname="load" ` +
          `name="${xml(`${path.basename(problem.file)} ${problem.path}`)}"><failure ` +
          `message="${xml(problem.message)}">${xml(formatProblem(problem))}</failure></testcase>`,
      )
      .join('\n');
    suites.push(
      `  <testsuite name="case files" tests="${problems.length}" failures="${problems.length}">\n${body}\n  </testsuite>`,
    );
  }
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="agent-test" ` +
      `tests="${summary.passed + summary.failed + summary.skipped}" failures="${summary.failed}" ` +
      `skipped="${summary.skipped}">\n${suites.join('\n')}\n</testsuites>\n`,
  );
}

export function writeJson(file: string, reports: CaseReport[], problems: LoadProblem[]): void {
  writeFileSync(
    file,
    `${JSON.stringify({ summary: summarise(reports, problems), cases: reports, problems }, null, 2)}\n`,
  );
}
