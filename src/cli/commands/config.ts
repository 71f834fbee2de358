/**
 * `airgap-agent config check [--config FILE]`: validate and name every
 * problem (key, bad value, line, fix). `config show`: the effective config
 * with defaults filled in. `config schema`: the JSON Schema.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { checkConfigText, configFileFrom, formatProblems, loadConfig } from '../../config/load.js';
import { configSchema } from '../../config/schema.js';
import { showHelp, type CommandContext } from '../context.js';

const USAGE = 'airgap-agent config check [FILE] | config show | config schema';

export function configJsonSchema(): unknown {
  return z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' });
}

export async function run(context: CommandContext): Promise<number> {
  showHelp(context, USAGE);
  const [sub] = context.args;
  switch (sub) {
    case 'check': {
      const file = configFileFrom({ config: context.globals.config ?? context.args[1] });
      if (file === undefined) {
        process.stdout.write('no config file given: the defaults are valid (see `airgap-agent config show`)\n');
        return 0;
      }
      const absolute = path.resolve(file);
      if (!existsSync(absolute)) {
        throw new AppError('CONFIG_NOT_FOUND', `config file not found: ${absolute}`, {
          hint: 'give the path of an existing YAML file',
        });
      }
      const checked = checkConfigText(readFileSync(absolute, 'utf8'));
      if (checked.ok) {
        process.stdout.write(`${absolute}: OK\n`);
        return 0;
      }
      process.stderr.write(`${formatProblems(absolute, checked.problems)}\n`);
      process.stderr.write(`${checked.problems.length} problem(s) in ${absolute}\n`);
      return 1;
    }
    case 'show': {
      const { config } = loadConfig({ config: context.globals.config });
      process.stdout.write(stringify(config));
      return 0;
    }
    case 'schema': {
      process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
      return 0;
    }
    default:
      throw new AppError('USAGE', `config: unknown subcommand "${sub ?? ''}"`, { hint: `usage: ${USAGE}` });
  }
}
