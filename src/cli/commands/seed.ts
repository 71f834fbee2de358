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
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: 'airgap-agent seed [--db FILE] [--rows N] [--seed S] [--today YYYY-MM-DD] [--force] [--docs DIR | --no-docs]',
  about: [
    'Builds the demo plant database (and its documents) and prints a summary. Refuses to overwrite without --force.',
  ],
  options: {
    db: { value: 'FILE', text: 'the plant database to write', default: 'plant.db from the config (var/plant.db)' },
    rows: { value: 'N', text: 'quality rows to generate', default: '100000' },
    seed: { value: 'S', text: 'the random seed: the same seed gives the same plant', default: '1' },
    today: {
      value: 'YYYY-MM-DD',
      text: 'the last day of data',
      default: "today's date in the plant's time zone (the global --now decides it)",
    },
    force: { text: 'replace an existing database', default: 'off' },
    docs: { value: 'DIR', text: 'write the demo documents here', default: 'docs.root from the config (var/docs)' },
    'no-docs': { text: 'write no documents', default: 'off' },
  },
  examples: [
    'airgap-agent seed --db var/plant.db --docs var/docs',
    'airgap-agent seed --rows 5000 --today 2026-11-25 --force',
  ],
};
const USAGE = usageOf(HELP);

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
    { usage: HELP, allowPositionals: false },
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
