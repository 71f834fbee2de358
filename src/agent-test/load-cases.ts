/**
 * Loading regression cases: every *.yaml / *.yml under the given paths.
 * A bad case names the file, the line and the path
 * (`cases[3].expected_tools[0].name`); the valid cases — of that file and of
 * every other file — still run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { AppError } from '../errors.js';
import { plantSpecSchema, testCaseSchema, type PlantSpec, type TestCase } from './case-schema.js';

export interface LoadedCase {
  file: string;
  /** position within the file (0-based) */
  index: number;
  line: number | undefined;
  testCase: TestCase;
  /** the file's own demo plant, when it declares one */
  plant?: PlantSpec | undefined;
}

export interface LoadProblem {
  file: string;
  line: number | undefined;
  path: string;
  message: string;
}

export function findCaseFiles(paths: string[]): string[] {
  const files: string[] = [];
  const visit = (target: string) => {
    if (!existsSync(target))
      throw new AppError('NOT_FOUND', `no such file or folder: ${target}`, {
        hint: 'give the folder of your cases, e.g. agent-test testcases/',
      });
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const name of readdirSync(target).sort()) {
        if (name.startsWith('.') || name === 'cassettes') continue;
        visit(path.join(target, name));
      }
    } else if (/\.ya?ml$/i.test(target)) {
      files.push(path.resolve(target));
    }
  };
  for (const target of paths) visit(target);
  return [...new Set(files)];
}

function formatPath(parts: Array<string | number>): string {
  let text = '';
  for (const part of parts) text += typeof part === 'number' ? `[${part}]` : `${text ? '.' : ''}${part}`;
  return text;
}

function lineAt(document: Document, counter: LineCounter, keyPath: Array<string | number>): number | undefined {
  for (let length = keyPath.length; length >= 0; length--) {
    const node = length === 0 ? document.contents : document.getIn(keyPath.slice(0, length), true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

export function loadCaseFile(file: string): { cases: LoadedCase[]; problems: LoadProblem[] } {
  const counter = new LineCounter();
  const text = readFileSync(file, 'utf8');
  const document = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      cases: [],
      problems: document.errors.map((error) => ({
        file,
        line: error.linePos?.[0]?.line,
        path: '(file)',
        message: `YAML syntax: ${error.message.split('\n')[0]}`,
      })),
    };
  }
  const raw = document.toJS() as unknown;
  let items: unknown[];
  let prefix: Array<string | number>;
  let plant: PlantSpec | undefined;
  const problems: LoadProblem[] = [];
  if (Array.isArray(raw)) {
    items = raw;
    prefix = [];
  } else if (raw && typeof raw === 'object' && Array.isArray((raw as { cases?: unknown }).cases)) {
    const { cases: list, plant: plantRaw, ...rest } = raw as { cases: unknown[]; plant?: unknown };
    items = list;
    prefix = ['cases'];
    for (const key of Object.keys(rest)) {
      problems.push({
        file,
        line: lineAt(document, counter, [key]),
        path: key,
        message: `unknown top-level key "${key}": use "plant" and "cases"`,
      });
    }
    if (plantRaw !== undefined) {
      const parsedPlant = plantSpecSchema.safeParse(plantRaw);
      if (!parsedPlant.success) {
        const issue = parsedPlant.error.issues[0]!;
        const issuePath = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
        return {
          cases: [],
          problems: [
            {
              file,
              line: lineAt(document, counter, ['plant', ...issuePath]),
              path: `plant${formatPath(issuePath.length ? ['', ...issuePath].slice(1) : [])}`.replace(
                /^plant(?=\w)/,
                'plant.',
              ),
              message: issue.message,
            },
          ],
        };
      }
      plant = parsedPlant.data;
    }
  } else {
    return {
      cases: [],
      problems: [{ file, line: 1, path: '(file)', message: 'expected a list of cases (or a "cases:" list)' }],
    };
  }
  const cases: LoadedCase[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const parsed = testCaseSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const issuePath = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
        const keyPath = [...prefix, index, ...issuePath];
        let message = issue.message;
        if (issue.code === 'unrecognized_keys')
          message = `unknown key(s) ${issue.keys.join(', ')}: check the spelling against docs/testcases.schema.json`;
        problems.push({
          file,
          line: lineAt(document, counter, keyPath),
          path: `cases${formatPath([index, ...issuePath])}`,
          message,
        });
      }
      return;
    }
    const previous = seen.get(parsed.data.name);
    if (previous !== undefined) {
      problems.push({
        file,
        line: lineAt(document, counter, [...prefix, index, 'name']),
        path: `cases[${index}].name`,
        message: `duplicate case name "${parsed.data.name}" (also cases[${previous}])`,
      });
      return;
    }
    seen.set(parsed.data.name, index);
    cases.push({ file, index, line: lineAt(document, counter, [...prefix, index]), testCase: parsed.data, plant });
  });
  return { cases, problems };
}

export function loadCases(paths: string[]): { cases: LoadedCase[]; problems: LoadProblem[]; files: string[] } {
  const files = findCaseFiles(paths);
  const cases: LoadedCase[] = [];
  const problems: LoadProblem[] = [];
  for (const file of files) {
    const loaded = loadCaseFile(file);
    cases.push(...loaded.cases);
    problems.push(...loaded.problems);
  }
  return { cases, problems, files };
}
