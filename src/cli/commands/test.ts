/**
 * `airgap-agent test [paths…]` (also `agent-test`): replay YAML regression
 * cases. The last line is exactly `N passed, N failed` (`, N skipped`);
 * exit 0 only if none failed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { appRoot } from '../../runtime/self.js';
import { initLogging } from '../../log/index.js';
import { runSuite } from '../../agent-test/runner.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';

const USAGE =
  'agent-test [PATH…] [-j N] [--filter REGEX] [--tag TAG]… [--fail-fast] [--record | --live] ' +
  '[--junit FILE] [--json FILE] [--timeout-ms N] [--url URL --user NAME (password in ' +
  'AIRGAP_AGENT_PASSWORD) | AIRGAP_AGENT_TOKEN] [--url local | --url unix:SOCKET (the running ' +
  'service on this host, as the local admin)]';

/** No path given: ./testcases when there is one, else the shipped suite beside the program. */
function defaultCases(): string {
  return existsSync('testcases') ? 'testcases' : path.join(appRoot(), 'testcases');
}

export async function run(context: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    context,
    {
      jobs: { type: 'string', short: 'j', default: '2' },
      filter: { type: 'string' },
      tag: { type: 'string', multiple: true },
      'fail-fast': { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
      live: { type: 'boolean', default: false },
      junit: { type: 'string' },
      json: { type: 'string' },
      'timeout-ms': { type: 'string', default: '120000' },
      url: { type: 'string' },
      user: { type: 'string' },
    },
    USAGE,
  );
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 32)
    throw new AppError('USAGE', `-j must be a whole number from 1 to 32, got "${String(values.jobs)}"`, {
      hint: USAGE,
    });
  const caseTimeoutMs = Number(values['timeout-ms']);
  if (!Number.isInteger(caseTimeoutMs) || caseTimeoutMs < 1000)
    throw new AppError(
      'USAGE',
      `--timeout-ms must be a whole number of at least 1000, got "${String(values['timeout-ms'])}"`,
    );
  if (values.record && values.live)
    throw new AppError('USAGE', '--record and --live cannot be used together', {
      hint: '--record already talks to the live model and writes cassettes',
    });
  let filter: RegExp | undefined;
  if (typeof values.filter === 'string') {
    try {
      filter = new RegExp(values.filter, 'iu');
    } catch (error) {
      throw new AppError('USAGE', `--filter is not a valid regular expression: ${(error as Error).message}`);
    }
  }
  if (typeof values.url === 'string') {
    const { runRemoteSuite } = await import('../../agent-test/remote.js');
    let socket: string | undefined;
    if (values.url === 'local') {
      socket = loadCommandConfig(context).config.server.socket ?? undefined;
      if (socket === undefined)
        throw new AppError('USAGE', '--url local: the config names no console socket (server.socket)', {
          hint: 'set server.socket (the installed config has /run/airgap-agent/cli.sock), or give --url http://HOST:PORT --user NAME',
        });
    } else if (values.url.startsWith('unix:')) {
      socket = values.url.slice('unix:'.length);
    }
    const summary = await runRemoteSuite({
      paths: positionals.length ? positionals : [defaultCases()],
      url: socket !== undefined ? `unix:${socket}` : values.url,
      socket,
      user: values.user as string | undefined,
      filter,
      tags: values.tag as string[] | undefined,
      jobs,
      failFast: values['fail-fast'] === true,
      junit: values.junit as string | undefined,
      json: values.json as string | undefined,
      caseTimeoutMs,
      out: process.stdout,
      err: process.stderr,
    });
    return summary.failed === 0 ? 0 : 1;
  }
  const loaded = loadCommandConfig(context);
  await initLogging({ config: loaded.config, fileName: 'agent-test', name: 'agent-test' });
  const summary = await runSuite({
    paths: positionals.length ? positionals : [defaultCases()],
    loaded,
    jobs,
    filter,
    tags: values.tag as string[] | undefined,
    failFast: values['fail-fast'] === true,
    record: values.record === true,
    live: values.live === true,
    junit: values.junit as string | undefined,
    json: values.json as string | undefined,
    caseTimeoutMs,
    out: process.stdout,
    err: process.stderr,
  });
  return summary.failed === 0 ? 0 : 1;
}
