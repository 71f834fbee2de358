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

const USAGE =
  'airgap-agent reports list [--json] | reports export-quality --from DATE --to DATE [--level daily|records] [--name FILE] [--overwrite] [--json]';

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
    USAGE,
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
