/**
 * `airgap-agent config check [FILE] [--json]`: validate and name every
 * problem at once (key, bad value, line, the key meant, fix). `config show
 * [--json]`: the effective config with defaults filled in and paths made
 * absolute. `config schema`: the JSON Schema.
 */
import path from 'node:path';
import { stringify } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import {
  checkConfigText,
  configFileFrom,
  formatProblems,
  loadConfig,
  readConfigFile,
  type ConfigProblem,
} from '../../config/load.js';
import { readTlsPair } from '../../http/tls-files.js';
import { configSchema } from '../../config/schema.js';
import { closestName } from '../../config/did-you-mean.js';
import { parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent config check [FILE] [--json]',
    'airgap-agent config show [--json]',
    'airgap-agent config schema',
  ],
  about: [
    'check: every problem of the file in one run, each with its line, the key meant when one is misspelt, and the fix.',
    '  FILE defaults to --config (or AIRGAP_AGENT_CONFIG). Exit 0 when valid, 1 when not.',
    'show: the config in effect: defaults filled in, paths made absolute.',
    'schema: the JSON Schema of the file (also docs/config.schema.json).',
  ],
  options: {
    json: {
      text: 'check: {"file", "ok", "problems": [{key, value, line, column, message, fix}]}; show: the config as JSON',
      default: 'off: text (check) or YAML (show)',
    },
  },
  examples: [
    'airgap-agent config check /etc/airgap-agent/config.yaml',
    'airgap-agent --config /etc/airgap-agent/config.yaml config show',
    'airgap-agent config check --json my.yaml',
  ],
};
const USAGE = usageOf(HELP);
const SUBCOMMANDS = ['check', 'show', 'schema'];

export function configJsonSchema(): unknown {
  return z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' });
}

/** server.tls's files, read and checked as serve would (a FIFO or a wrong pair named, never a hang). */
function tlsProblems(file: string): ConfigProblem[] {
  const { config } = loadConfig({ config: file });
  const { cert, key } = config.server.tls;
  if (cert === null || key === null) return [];
  try {
    const pair = readTlsPair(cert, key);
    if (Date.parse(pair.validTo) < Date.now())
      process.stderr.write(`${file}: server.tls.cert: WARNING: ${cert} expired on ${pair.validTo} (${pair.subject})\n`);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [problemKey = 'server.tls', ...rest] = error.message.split(': ');
    return [{ key: problemKey, value: undefined, line: undefined, message: rest.join(': '), fix: error.hint ?? '' }];
  }
}

/** every key of a problem present (null when it has none), so scripts read one shape */
const jsonProblem = (problem: ConfigProblem) => ({
  key: problem.key,
  value: problem.value ?? null,
  line: problem.line ?? null,
  column: problem.column ?? null,
  message: problem.message,
  fix: problem.fix,
});

/**
 * `config check --json`: the same checks as the text form (the TLS files included), and a file that cannot be
 * read (missing, a folder, no permission) is a problem of the JSON too, never a text error instead of it.
 */
function checkAsJson(file: string): number {
  let problems: ConfigProblem[];
  let absolute = path.resolve(file);
  try {
    const read = readConfigFile(file);
    absolute = read.absolute;
    const checked = checkConfigText(read.text);
    problems = checked.ok ? tlsProblems(absolute) : checked.problems;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems = [{ key: '(file)', value: absolute, line: undefined, message: error.message, fix: error.hint ?? '' }];
  }
  const ok = problems.length === 0;
  process.stdout.write(`${JSON.stringify({ file: absolute, ok, problems: problems.map(jsonProblem) }, null, 2)}\n`);
  return ok ? 0 : 1;
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(context, { json: { type: 'boolean', default: false } }, HELP);
  const [sub, ...rest] = positionals;
  const json = values.json === true;
  if (rest.length > (sub === 'check' ? 1 : 0))
    throw new AppError('USAGE', `config ${sub}: unexpected "${rest.join(' ')}"`, { hint: `usage: ${USAGE}` });
  switch (sub) {
    case 'check': {
      const file = configFileFrom({ config: rest[0] ?? context.globals.config });
      if (file === undefined) {
        const text = 'no config file given: the defaults are valid (see `airgap-agent config show`)';
        process.stdout.write(json ? `${JSON.stringify({ file: null, ok: true, problems: [] })}\n` : `${text}\n`);
        return 0;
      }
      if (json) return checkAsJson(file);
      const { absolute, text } = readConfigFile(file);
      const checked = checkConfigText(text);
      if (checked.ok) {
        const tls = tlsProblems(absolute);
        if (tls.length > 0) {
          process.stderr.write(`${formatProblems(absolute, tls)}\n${tls.length} problem(s) in ${absolute}\n`);
          return 1;
        }
        process.stdout.write(`${absolute}: OK\n`);
        return 0;
      }
      process.stderr.write(`${formatProblems(absolute, checked.problems)}\n`);
      process.stderr.write(`${checked.problems.length} problem(s) in ${absolute}\n`);
      return 1;
    }
    case 'show': {
      const { config } = loadConfig({ config: context.globals.config });
      process.stdout.write(json ? `${JSON.stringify(config, null, 2)}\n` : stringify(config));
      return 0;
    }
    case 'schema': {
      process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
      return 0;
    }
    default: {
      const meant = sub === undefined ? undefined : closestName(sub, SUBCOMMANDS);
      throw new AppError(
        'USAGE',
        sub === undefined
          ? 'config: say check, show or schema'
          : `config: unknown subcommand "${sub}"${meant ? ` (did you mean "${meant}"?)` : ''}`,
        { hint: `usage: ${USAGE}` },
      );
    }
  }
}
