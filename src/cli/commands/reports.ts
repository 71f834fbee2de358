/**
 * `airgap-agent reports list [--json]`: the report files in reports.dir.
 *
 * `airgap-agent reports export-quality --from YYYY-MM-DD --to YYYY-MM-DD
 *  [--level daily|records] [--name FILE.csv|.md|.html] [--overwrite]`: a
 * period's quality data from plant.db (read-only) into a report file, through
 * the confined writer (src/reports/writer.ts). The shipped
 * `export_quality_csv` maintenance script runs this.
 */
import { AppError } from '../../errors.js';
import { exportQuality } from '../../reports/quality-export.js';
import { listReports } from '../../reports/writer.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'airgap-agent reports list [--json]',
    'airgap-agent reports export-quality --from DATE --to DATE [--level daily|records] [--name FILE] [--overwrite] [--json]',
  ],
  about: [
    "Report files in reports.dir (the chat page offers them for download); export-quality writes a period's data.",
  ],
  options: {
    json: { text: 'JSON instead of text', default: 'off' },
    from: { value: 'DATE', text: 'export-quality: the first plant day, YYYY-MM-DD', default: 'none: required' },
    to: { value: 'DATE', text: 'export-quality: the last plant day, YYYY-MM-DD', default: 'none: required' },
    level: { value: 'LEVEL', text: 'daily (a row per line and day) or records (every batch)', default: 'daily' },
    name: {
      value: 'FILE',
      text: 'the file name in reports.dir (.csv, .md or .html)',
      default: 'quality-LEVEL-FROM_TO.csv',
    },
    overwrite: { text: 'replace a report of the same name', default: 'off: refuse' },
  },
  examples: ['airgap-agent reports list', 'airgap-agent reports export-quality --from 2026-11-01 --to 2026-11-30'],
};
const USAGE = usageOf(HELP);

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      json: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
      level: { type: 'string' },
      name: { type: 'string' },
      overwrite: { type: 'boolean' },
    },
    HELP,
  );
  const { config } = loadCommandConfig(context);
  const action = positionals[0];
  if (action === 'list') {
    const reports = listReports(config.reports.dir);
    if (values.json) process.stdout.write(`${JSON.stringify({ dir: config.reports.dir, reports }, null, 2)}\n`);
    else
      process.stdout.write(
        `` +
          (reports.length
            ? reports
                .map((report) => `${report.modified_at}  ${String(report.bytes).padStart(9)}  ${report.name}`)
                .join('\n')
            : `no reports in ${config.reports.dir}`) +
          `\n`,
      );
    return 0;
  }
  if (action === 'export-quality') {
    if (typeof values.from !== 'string' || typeof values.to !== 'string')
      throw new AppError('USAGE', 'reports export-quality needs --from and --to', { hint: `usage: ${USAGE}` });
    const level = (values.level as string | undefined) ?? 'daily';
    if (level !== 'daily' && level !== 'records') throw new AppError('USAGE', `--level ${level}: daily or records`);
    const written = exportQuality(config, {
      from: values.from,
      to: values.to,
      level,
      name: values.name as string | undefined,
      overwrite: values.overwrite === true,
    });
    if (values.json) process.stdout.write(`${JSON.stringify(written, null, 2)}\n`);
    else
      process.stdout.write(`wrote ${written.name}: ${written.rows} rows, ${written.bytes} bytes (${written.file})\n`);
    return 0;
  }
  throw new AppError(
    'USAGE',
    action === undefined ? 'reports: say what to do: list or export-quality' : `reports: unknown action "${action}"`,
    { hint: `usage: ${USAGE}` },
  );
}
