/**
 * Loading the config: `--config FILE`, else AIRGAP_AGENT_CONFIG, else defaults.
 * A bad file fails before anything starts, naming every problem at once: the
 * key, the bad value, the line (and column for YAML syntax) and the fix, with
 * the key meant when one is misspelt. Paths are made absolute here, once:
 * relative ones (the defaults too) are read from the config file's folder, or
 * from the working directory when there is no file. A command that creates a
 * new, empty agent.db says so (src/store/agent-db.ts: `agentDbIsNew`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { assertTimeZone } from '../clock.js';
import { appRoot } from '../runtime/self.js';
import { configSchema, type Config } from './schema.js';
import { closestName } from './did-you-mean.js';

export interface LoadedConfig {
  config: Config;
  /** absolute path of the file read, or undefined when running on defaults */
  file: string | undefined;
}

export interface ConfigProblem {
  key: string;
  value: unknown;
  line: number | undefined;
  /** the column, for YAML syntax errors */
  column?: number | undefined;
  message: string;
  fix: string;
}

export function configFileFrom(options: { config?: string | undefined }): string | undefined {
  return options.config ?? process.env.AIRGAP_AGENT_CONFIG ?? undefined;
}

const YAML_FIXES: Record<string, string> = {
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  DUPLICATE_KEY: 'the key is given twice in the same section: keep one',
  MISSING_CHAR: 'close the quote or bracket opened on this line',
  BAD_INDENT: 'indent the keys of one section by the same number of spaces',
  BLOCK_AS_IMPLICIT_KEY:
    'indent the keys of one section by the same number of spaces, and put "key: value" on one line',
  MULTILINE_IMPLICIT_KEY:
    'indent the keys of one section by the same number of spaces, and put "key: value" on one line',
};

/** The keys the schema knows at a path (for "did you mean"). */
function knownKeysAt(keyPath: (string | number)[]): string[] {
  interface Def {
    type: string;
    shape?: Record<string, { _zod: { def: Def } }>;
    innerType?: { _zod: { def: Def } };
    out?: { _zod: { def: Def } };
    valueType?: { _zod: { def: Def } };
    element?: { _zod: { def: Def } };
  }
  const unwrap = (def: Def): Def => {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.out : undefined);
    return inner ? unwrap(inner._zod.def) : def;
  };
  let def = unwrap((configSchema as unknown as { _zod: { def: Def } })._zod.def);
  for (const part of keyPath) {
    const next =
      def.type === 'object'
        ? def.shape?.[String(part)]
        : def.type === 'record'
          ? def.valueType
          : def.type === 'array'
            ? def.element
            : undefined;
    if (!next) return [];
    def = unwrap(next._zod.def);
  }
  return def.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

function timeZoneProblem(raw: unknown, source: { document: Document; lineCounter: LineCounter }): ConfigProblem[] {
  const timezone = valueAt(raw, ['plant', 'timezone']);
  if (typeof timezone !== 'string') return [];
  try {
    assertTimeZone(timezone);
    return [];
  } catch (error) {
    const appError = error as AppError;
    const meant = closestName(timezone, Intl.supportedValuesOf('timeZone'));
    return [
      {
        key: 'plant.timezone',
        value: timezone,
        line: lineOf(source.document, source.lineCounter, ['plant', 'timezone']),
        message: `${appError.message}${meant ? ` (did you mean ${meant}?)` : ''}`,
        fix: appError.hint ?? '',
      },
    ];
  }
}

/** Parse and validate without throwing: the base of `config check`. Every problem is listed, in file order. */
export function checkConfigText(text: string): { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    const lines = text.split(/\r?\n/);
    const seen = new Set<number>();
    return {
      ok: false,
      // one problem per place: the parser may report one mistake twice
      problems: document.errors
        .filter((error) => !seen.has(error.pos[0]) && Boolean(seen.add(error.pos[0])))
        .map((error) => {
          const position = lineCounter.linePos(error.pos[0]);
          const shown = (lines[position.line - 1] ?? '').trimEnd();
          return {
            key: '(YAML syntax)',
            value: undefined,
            line: position.line,
            column: position.col,
            message: `${error.message.split('\n')[0]}${shown ? `: ${JSON.stringify(shown)}` : ''}`,
            fix: YAML_FIXES[error.code] ?? 'fix the YAML at that line and column (indent with spaces, "key: value")',
          };
        }),
    };
  }
  const raw = (document.toJS() ?? {}) as unknown;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      ok: false,
      problems: [
        {
          key: '(file)',
          value: raw,
          line: 1,
          message: 'the config must be a mapping of keys',
          fix: 'start with keys such as "plant:" and "llm:"',
        },
      ],
    };
  }
  const parsed = configSchema.safeParse(raw);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.flatMap((issue) => problemsOf(issue, raw, { document, lineCounter }))),
    ...timeZoneProblem(raw, { document, lineCounter }),
  ].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, config: parsed.data };
}

function lineOf(document: Document, lineCounter: LineCounter, keyPath: (string | number)[]): number | undefined {
  for (let length = keyPath.length; length > 0; length--) {
    const node = document.getIn(keyPath.slice(0, length), true);
    if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
  }
  return undefined;
}

function valueAt(raw: unknown, keyPath: PropertyKey[]): unknown {
  let current: unknown = raw;
  for (const key of keyPath) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function problemsOf(
  issue: z.core.$ZodIssue,
  raw: unknown,
  source: { document: Document; lineCounter: LineCounter },
): ConfigProblem[] {
  const { document, lineCounter } = source;
  const keyPath = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  let key = keyPath.join('.') || '(top level)';
  let fix = 'see docs/admin-guide.md#configuration for the allowed values';
  let value = valueAt(raw, keyPath);
  switch (issue.code) {
    case 'unrecognized_keys': {
      // one problem per unknown key, each with its line and the key meant
      const known = knownKeysAt(keyPath);
      return issue.keys.map((unknown) => {
        const meant = closestName(unknown, known);
        const where = keyPath.length ? `${keyPath.join('.')}.` : '';
        return {
          key: `${where}${unknown}`,
          value: valueAt(raw, [...keyPath, unknown]),
          line: lineOf(document, lineCounter, [...keyPath, unknown]),
          message: `unknown key "${unknown}"${meant ? ` — did you mean "${meant}"?` : ''}`,
          fix: meant
            ? `rename it to ${where}${meant}`
            : `remove it, or use one of: ${known.join(', ') || '(see docs/config.schema.json)'}`,
        };
      });
    }
    case 'invalid_type':
      fix = `give ${key} a value of type ${issue.expected}`;
      break;
    case 'too_small':
      fix = `use a value of at least ${String(issue.minimum)}`;
      break;
    case 'too_big':
      fix = `use a value of at most ${String(issue.maximum)}`;
      break;
    case 'invalid_value':
      fix = `use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'invalid_format':
      fix =
        issue.format === 'url' ? 'write a full URL such as http://127.0.0.1:8081/v1' : `use the ${issue.format} format`;
      break;
    default:
      break;
  }
  return [{ key, value, line: lineOf(document, lineCounter, keyPath), message: issue.message, fix }];
}

export function formatProblems(file: string, problems: ConfigProblem[]): string {
  return problems
    .map((problem) => {
      const where = problem.line ? `${file}:${problem.line}${problem.column ? `:${problem.column}` : ''}` : file;
      const shown = problem.value === undefined ? '' : ` (value: ${JSON.stringify(problem.value)})`;
      return `${where}: ${problem.key}: ${problem.message}${shown}\n  fix: ${problem.fix}`;
    })
    .join('\n');
}

/** Absolute paths, relative ones read from `base` (the config file's folder, or the working directory). */
function resolvePaths(config: Config, base: string): Config {
  const abs = (value: string): string => (path.isAbsolute(value) ? value : path.resolve(base, value));
  const nullable = (value: string | null): string | null => (value === null ? null : abs(value));
  return {
    ...config,
    plant: { ...config.plant, db: abs(config.plant.db) },
    state: {
      ...config.state,
      db: abs(config.state.db),
      fts_db: abs(config.state.fts_db),
    },
    docs: { ...config.docs, root: abs(config.docs.root) },
    scripts: { ...config.scripts, dir: nullable(config.scripts.dir) },
    reports: { ...config.reports, dir: abs(config.reports.dir) },
    log: { ...config.log, dir: abs(config.log.dir) },
    import: {
      ...config.import,
      inbox: abs(config.import.inbox),
      mappings_dir: nullable(config.import.mappings_dir),
    },
    server: {
      ...config.server,
      tls: {
        cert: nullable(config.server.tls.cert),
        key: nullable(config.server.tls.key),
      },
    },
    skills: {
      ...config.skills,
      dir: path.isAbsolute(config.skills.dir) ? config.skills.dir : path.resolve(appRoot(), config.skills.dir),
      custom_dir: nullable(config.skills.custom_dir),
    },
    llm: {
      ...config.llm,
      embedded: {
        ...config.llm.embedded,
        model: nullable(config.llm.embedded.model),
      },
    },
  };
}

/** The config file's text; a missing file, a folder or an unreadable file is an AppError naming the fix. */
export function readConfigFile(file: string): { absolute: string; text: string } {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) {
    throw new AppError('CONFIG_NOT_FOUND', `config file not found: ${absolute}`, {
      hint: 'pass an existing file with --config FILE (or AIRGAP_AGENT_CONFIG), or omit it to use the defaults',
    });
  }
  if (statSync(absolute).isDirectory()) {
    const inside = ['config.yaml', 'config.yml'].map((name) => path.join(absolute, name)).find(existsSync);
    throw new AppError('CONFIG_INVALID', `${absolute} is a folder, not a config file`, {
      hint: inside
        ? `did you mean --config ${inside}?`
        : 'give the YAML file itself, e.g. --config /etc/airgap-agent/config.yaml',
    });
  }
  try {
    return { absolute, text: readFileSync(absolute, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new AppError('CONFIG_INVALID', `cannot read the config file ${absolute} (${code})`, {
      hint:
        code === 'EACCES'
          ? `run as a user who may read it (ls -l ${absolute}), e.g. the service user or with sudo`
          : 'check the file',
    });
  }
}

/** Load, validate and resolve. Throws CONFIG_NOT_FOUND / CONFIG_INVALID with every problem listed. */
export function loadConfig(options: { config?: string | undefined } = {}): LoadedConfig {
  const file = configFileFrom(options);
  if (file === undefined) {
    return { config: resolvePaths(configSchema.parse({}), process.cwd()), file: undefined };
  }
  const { absolute, text } = readConfigFile(file);
  const checked = checkConfigText(text);
  if (!checked.ok) {
    throw new AppError('CONFIG_INVALID', `invalid config:\n${formatProblems(absolute, checked.problems)}`, {
      hint: 'run `airgap-agent config check --config FILE` after editing',
      details: { problems: checked.problems },
    });
  }
  return { config: resolvePaths(checked.config, path.dirname(absolute)), file: absolute };
}

/** A config built from an object (tests), with paths resolved against `base`. */
export function configFromObject(value: unknown, base: string): Config {
  return resolvePaths(configSchema.parse(value), base);
}
