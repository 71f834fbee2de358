/**
 * `airgap-agent test [paths…]` (also `agent-test`): replay YAML regression
 * cases. The last line is exactly `N passed, N failed` (`, N skipped`);
 * exit 0 only if none failed — or, with `--min-pass RATE` (0.95 or 95%), when
 * the share of cases passed (skipped ones aside) reaches RATE: the score a
 * release must reach (install.sh --require-pass runs it). The rate is
 * written to stderr before the last line. The run stops as soon as so many
 * cases have failed that RATE cannot be reached any more (the rest are
 * counted "not run"): the verdict is known, and an install waits no longer.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors.js';
import { appRoot } from '../../runtime/self.js';
import { initLogging } from '../../log/index.js';
import { runSuite } from '../../agent-test/runner.js';
import { parsePassRate, passGate, type RunSummary } from '../../agent-test/report.js';
import { WEAK_FORMATS, type WeakFormat } from '../../agent-test/weak-formats.js';
import { loadCommandConfig, parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export const HELP: CommandHelp = {
  usage: [
    'agent-test [PATH…] [-j N] [--filter REGEX] [--tag TAG]… [--fail-fast] [--record | --live | --weak FORMATS] [--junit FILE] [--json FILE] [--timeout-ms N]',
    'agent-test [PATH…] --url URL --user NAME      (a running service; password in AIRGAP_AGENT_PASSWORD, or AIRGAP_AGENT_TOKEN)',
    'agent-test [PATH…] --url local | --url unix:SOCKET   (the service on this host, as the local admin)',
  ],
  about: [
    'Replays YAML regression cases (also `airgap-agent test`). A case without `now` runs at --now (or AIRGAP_AGENT_NOW)',
    'when given. The last line is exactly "N passed, N failed"; exit 0 only when none failed.',
  ],
  options: {
    jobs: { value: 'N', text: 'cases run at once (1…32)', default: '2' },
    filter: { value: 'REGEX', text: 'only cases whose name matches (case-insensitive)', default: 'every case' },
    tag: { value: 'TAG', text: 'only cases with this tag (repeat: any of them)', default: 'every case' },
    'fail-fast': { text: 'stop at the first failure', default: 'off' },
    record: { text: 'ask the live model and write cassettes', default: 'off: replay cassettes' },
    live: { text: 'ask the live model, write nothing', default: 'off: replay cassettes' },
    weak: {
      value: 'FORMATS',
      text:
        'the weak-model pass: the `recorded: capable-model` cases replayed with their calls as raw text in these ' +
        'wire formats (comma-separated, or all: ' +
        WEAK_FORMATS.join(', ') +
        '), one call cut off and one malformed',
      default: 'off',
    },
    junit: { value: 'FILE', text: 'also write a JUnit XML report', default: 'none' },
    json: { value: 'FILE', text: 'also write a JSON report', default: 'none' },
    'timeout-ms': { value: 'N', text: 'per-case time limit (≥ 1000)', default: '120000' },
    url: {
      value: 'URL',
      text: 'run against a running service: http(s)://HOST:PORT, local, or unix:SOCKET',
      default: 'none: in this process',
    },
    user: { value: 'NAME', text: 'with --url http…: the account to log in as', default: 'none' },
    'min-pass': {
      value: 'RATE',
      text: 'exit 0 when at least this share of cases passed (0.95 or 95%), with a line saying so; the run stops once the rate can no longer be reached',
      default: 'none: exit 0 only when every case passed',
    },
  },
  examples: [
    'agent-test testcases/',
    'agent-test testcases/quality.yaml --filter "defect rate" -j 1',
    'AIRGAP_AGENT_NOW=2026-11-25T10:00:00+08:00 agent-test testcases/',
    'agent-test --url local --tag smoke',
    'agent-test testcases/ --weak all',
  ],
};
const USAGE = usageOf(HELP);

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
      weak: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      'timeout-ms': { type: 'string', default: '120000' },
      url: { type: 'string' },
      user: { type: 'string' },
      'min-pass': { type: 'string' },
    },
    HELP,
  );
  let minPass: number | undefined;
  if (typeof values['min-pass'] === 'string') {
    minPass = parsePassRate(values['min-pass']);
    if (minPass === undefined)
      throw new AppError(
        'USAGE',
        `--min-pass must be a rate from 0 to 1 or a percentage, got "${values['min-pass']}"`,
        {
          hint: 'e.g. --min-pass 0.95 or --min-pass 95%',
        },
      );
  }
  const verdict = (summary: RunSummary): number => {
    if (minPass === undefined) return summary.failed === 0 ? 0 : 1;
    const gate = passGate(summary, minPass);
    process.stderr.write(`agent-test: ${gate.line}\n`);
    return gate.met ? 0 : 1;
  };
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
  let weak: WeakFormat[] | undefined;
  if (typeof values.weak === 'string') {
    const names = values.weak === 'all' ? [...WEAK_FORMATS] : values.weak.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !(WEAK_FORMATS as readonly string[]).includes(name));
    if (unknown.length > 0 || names.length === 0)
      throw new AppError('USAGE', `--weak: unknown wire format "${unknown.join(', ')}"`, {
        hint: `give some of ${WEAK_FORMATS.join(', ')} (comma-separated), or all`,
      });
    if (values.record || values.live || typeof values.url === 'string')
      throw new AppError('USAGE', '--weak replays cassettes in process: not with --record, --live or --url');
    weak = names as WeakFormat[];
  }
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
      minPass,
      junit: values.junit as string | undefined,
      json: values.json as string | undefined,
      caseTimeoutMs,
      out: process.stdout,
      err: process.stderr,
    });
    return verdict(summary);
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
    minPass,
    record: values.record === true,
    live: values.live === true,
    weak,
    junit: values.junit as string | undefined,
    json: values.json as string | undefined,
    caseTimeoutMs,
    now: context.globals.now,
    out: process.stdout,
    err: process.stderr,
  });
  return verdict(summary);
}
