/**
 * Loading the config: `--config FILE`, else AIRGAP_AGENT_CONFIG, else defaults.
 * A bad file fails before anything starts, naming the key, the bad value, the
 * line and the fix. Paths are made absolute here, once.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { assertTimeZone } from '../clock.js';
import { appRoot } from '../runtime/self.js';
import { configSchema, type Config } from './schema.js';

export interface LoadedConfig {
  config: Config;
  /** absolute path of the file read, or undefined when running on defaults */
  file: string | undefined;
}

export interface ConfigProblem {
  key: string;
  value: unknown;
  line: number | undefined;
  message: string;
  fix: string;
}

export function configFileFrom(options: { config?: string | undefined }): string | undefined {
  return options.config ?? process.env.AIRGAP_AGENT_CONFIG ?? undefined;
}

/** Parse and validate without throwing: the base of `config check`. */
export function checkConfigText(text: string): { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] } {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((error) => ({
        key: '(file)',
        value: undefined,
        line: error.linePos?.[0]?.line,
        message: `YAML syntax: ${error.message.split('\n')[0]}`,
        fix: 'fix the YAML syntax at that line (indent with spaces, "key: value")',
      })),
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
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => problemOf(issue, raw, { document, lineCounter })),
    };
  }
  try {
    assertTimeZone(parsed.data.plant.timezone);
  } catch (error) {
    const appError = error as AppError;
    return {
      ok: false,
      problems: [
        {
          key: 'plant.timezone',
          value: parsed.data.plant.timezone,
          line: lineOf(document, lineCounter, ['plant', 'timezone']),
          message: appError.message,
          fix: appError.hint ?? '',
        },
      ],
    };
  }
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

function problemOf(
  issue: z.core.$ZodIssue,
  raw: unknown,
  source: { document: Document; lineCounter: LineCounter },
): ConfigProblem {
  const { document, lineCounter } = source;
  const keyPath = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  let key = keyPath.join('.') || '(top level)';
  let fix = 'see docs/admin-guide.md#configuration for the allowed values';
  let value = valueAt(raw, keyPath);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.join(', ');
      key = keyPath.length ? `${keyPath.join('.')}.${issue.keys[0]}` : String(issue.keys[0]);
      value = valueAt(raw, [...keyPath, issue.keys[0] ?? '']);
      fix = `remove or rename ${keys}; check the spelling against docs/config.schema.json`;
      return {
        key,
        value,
        line: lineOf(document, lineCounter, [...keyPath, issue.keys[0] ?? '']),
        message: `unknown key ${keys}`,
        fix,
      };
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
  return { key, value, line: lineOf(document, lineCounter, keyPath), message: issue.message, fix };
}

export function formatProblems(file: string, problems: ConfigProblem[]): string {
  return problems
    .map((problem) => {
      const where = problem.line ? `${file}:${problem.line}` : file;
      const shown = problem.value === undefined ? '' : ` (value: ${JSON.stringify(problem.value)})`;
      return `${where}: ${problem.key}: ${problem.message}${shown}\n  fix: ${problem.fix}`;
    })
    .join('\n');
}

function resolvePaths(config: Config, base: string): Config {
  const abs = (value: string) => (path.isAbsolute(value) ? value : path.resolve(base, value));
  return {
    ...config,
    plant: { ...config.plant, db: abs(config.plant.db) },
    state: { ...config.state, db: abs(config.state.db), fts_db: abs(config.state.fts_db) },
    docs: { ...config.docs, root: abs(config.docs.root) },
    scripts: { ...config.scripts, dir: config.scripts.dir === null ? null : abs(config.scripts.dir) },
    reports: { ...config.reports, dir: abs(config.reports.dir) },
    log: { ...config.log, dir: abs(config.log.dir) },
    import: {
      ...config.import,
      inbox: abs(config.import.inbox),
      mappings_dir: config.import.mappings_dir === null ? null : abs(config.import.mappings_dir),
    },
    server: {
      ...config.server,
      tls: {
        cert: config.server.tls.cert === null ? null : abs(config.server.tls.cert),
        key: config.server.tls.key === null ? null : abs(config.server.tls.key),
      },
    },
    skills: {
      ...config.skills,
      dir: path.isAbsolute(config.skills.dir) ? config.skills.dir : path.resolve(appRoot(), config.skills.dir),
      custom_dir: config.skills.custom_dir === null ? null : abs(config.skills.custom_dir),
    },
    llm: {
      ...config.llm,
      embedded: {
        ...config.llm.embedded,
        model: config.llm.embedded.model === null ? null : abs(config.llm.embedded.model),
      },
    },
  };
}

/** Load, validate and resolve. Throws CONFIG_NOT_FOUND / CONFIG_INVALID with every problem listed. */
export function loadConfig(options: { config?: string | undefined } = {}): LoadedConfig {
  const file = configFileFrom(options);
  if (file === undefined) {
    return { config: resolvePaths(configSchema.parse({}), process.cwd()), file: undefined };
  }
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) {
    throw new AppError('CONFIG_NOT_FOUND', `config file not found: ${absolute}`, {
      hint: 'pass an existing file with --config FILE (or AIRGAP_AGENT_CONFIG), or omit it to use the defaults',
    });
  }
  const checked = checkConfigText(readFileSync(absolute, 'utf8'));
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
