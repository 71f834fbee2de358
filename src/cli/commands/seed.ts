/**
 * `airgap-agent seed --db FILE [--rows N] [--seed S] [--today YYYY-MM-DD] [--force] [--docs DIR | --no-docs]`
 * builds the demo plant database (and its documents) and prints a summary.
 * Defaults: --db is plant.db from the config, --docs is docs.root, --today is
 * the plant-local date of now() (so the global --now decides it).
 */
import path from 'node:path';
import { AppError } from '../../errors.js';
import { localDate, now } from '../../clock.js';
import { seedPlant } from '../../seed/index.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE =
  'airgap-agent seed [--db FILE] [--rows N] [--seed S] [--today YYYY-MM-DD] [--force] [--docs DIR | --no-docs]';

function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.replaceAll('_', '').replaceAll(',', '');
  if (!/^[+-]?\d+$/.test(text)) {
    throw new AppError('USAGE', `seed: --${name} must be a whole number, got "${value}"`, { hint: `usage: ${USAGE}` });
  }
  return Number(text);
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      db: { type: 'string' },
      rows: { type: 'string' },
      seed: { type: 'string' },
      today: { type: 'string' },
      docs: { type: 'string' },
      'no-docs': { type: 'boolean' },
      force: { type: 'boolean' },
    },
    { usage: USAGE, allowPositionals: false },
  );
  if (positionals.length > 0)
    throw new AppError('USAGE', `seed: unexpected argument "${positionals[0]}"`, { hint: `usage: ${USAGE}` });
  if (values.docs !== undefined && values['no-docs'] === true) {
    throw new AppError('USAGE', 'seed: --docs and --no-docs contradict each other', { hint: 'give one of them' });
  }
  const { config } = loadCommandConfig(context);
  const timezone = config.plant.timezone;
  const summary = seedPlant({
    db: (values.db as string | undefined) ?? config.plant.db,
    rows: integerOption('rows', values.rows as string | undefined),
    seed: integerOption('seed', values.seed as string | undefined),
    today: (values.today as string | undefined) ?? localDate(now(), timezone),
    timezone,
    force: values.force === true,
    docsDir: values['no-docs'] === true ? undefined : ((values.docs as string | undefined) ?? config.docs.root),
  });
  const width = Math.max(...Object.keys(summary.tables).map((name) => name.length));
  const lines = [
    `seeded ${summary.db} (${(summary.bytes / 1048576).toFixed(1)} MiB) in ${(summary.elapsedMs / 1000).toFixed(2)} s`,
    `quality data ${summary.from} .. ${summary.to} (today ${summary.today}, day shift only), seed ${summary.seed}`,
    ...Object.entries(summary.tables).map(([name, count]) => `  ${name.padEnd(width)}  ${count}`),
  ];
  if (summary.docsDir !== undefined) {
    lines.push(
      `documents: ${summary.documents.length} files in ${summary.docsDir} ` +
        `(${summary.gbkDocuments.length} GBK-encoded, listed in ` +
        `${path.join(summary.docsDir, 'README.md')})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
