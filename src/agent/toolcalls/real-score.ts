/**
 * Scores the parser on the held-out real corpus: a case is recovered when the
 * calls read are exactly the expected names and typed arguments (in order);
 * a 'none' case is recovered when no call is read. Used by real-corpus.test.ts,
 * `npm run bench:parse` and `parse-toolcalls --corpus`.
 */
import { readArguments } from './arguments.js';
import { parseToolCalls } from './extract.js';
import { REAL_CORPUS, type Family, type RealCase } from './real-corpus.js';

export interface CaseResult {
  case: RealCase;
  ok: boolean;
  got: Array<[string, Record<string, unknown>]>;
  /** a 'none' case (prose, truncated, garbage) from which a call was read: it would have run */
  executedNone: boolean;
}

export function toolsFor(entry: RealCase): string[] {
  if (entry.tools) return entry.tools;
  return entry.expect === 'none' ? [] : [...new Set(entry.expect.map(([name]) => name))];
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function runCase(entry: RealCase): CaseResult {
  let got: Array<[string, Record<string, unknown>]>;
  if (entry.family === 'arguments') {
    const read = readArguments(entry.text);
    got = read.ok && read.value.cutOff.length === 0 ? [['(arguments)', read.value.value]] : [];
  } else {
    const outcome = parseToolCalls(entry.text, { knownTools: toolsFor(entry) });
    // a call cut off mid-arguments is not executed by the loop (validateArguments refuses it)
    got = outcome.calls
      .filter((call) => !call.cutOff || call.cutOff.length === 0)
      .map((call) => [call.name, call.arguments]);
  }
  const expected = entry.expect === 'none' ? [] : entry.expect;
  const ok = canonical(got) === canonical(expected);
  return { case: entry, ok, got, executedNone: entry.expect === 'none' && got.length > 0 };
}

export interface Score {
  total: number;
  recovered: number;
  noneCases: number;
  executedNone: number;
  byFamily: Record<string, { total: number; recovered: number }>;
  failures: CaseResult[];
}

export function scoreRealCorpus(corpus: RealCase[] = REAL_CORPUS): Score {
  const byFamily: Record<string, { total: number; recovered: number }> = {};
  const failures: CaseResult[] = [];
  let recovered = 0;
  let executedNone = 0;
  for (const entry of corpus) {
    const result = runCase(entry);
    const family = (byFamily[entry.family as Family] ??= { total: 0, recovered: 0 });
    family.total++;
    if (result.ok) {
      family.recovered++;
      recovered++;
    } else failures.push(result);
    if (result.executedNone) executedNone++;
  }
  return {
    total: corpus.length,
    recovered,
    noneCases: corpus.filter((entry) => entry.expect === 'none').length,
    executedNone,
    byFamily,
    failures,
  };
}
