/**
 * `airgap-agent doctor [--json] [--quick]`: check the installation and say
 * what to do about each problem. Checks: config valid, plant.db readable (row
 * counts), its rollups (present; equal to quality_data's sums unless --quick), agent.db schema version, skills (through the registry: enabled and
 * disabled with reasons), docs root, model file and
 * its manifest checksum (skipped with --quick), what the GGUF says about itself
 * (size, quantisation, its chat template's tool-call family: model-report.ts),
 * the configured LLM endpoint (short timeout, only the configured URL) and a
 * smoke completion through it (a few tokens, timed; not with --quick), disk space, and where systemd runs
 * the polkit rule that lets the service restart the scripts' units (present and
 * current, from the digest install.sh records beside the config). Exit 1 when any check
 * fails; warnings alone exit 0.
 * `doctor --sqlite-version`: print the SQLite library version and exit.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { toAppError } from '../../errors.js';
import { loadConfig } from '../../config/load.js';
import type { Config } from '../../config/schema.js';
import { checkEmbeddedModel, resolveModelFile } from '../../llm/embedded/model-file.js';
import { checkModelInfo, smokeCompletion } from '../../llm/embedded/model-report.js';
import { logger } from '../../log/index.js';
import { appRoot, isBundled, isSea, vendoredNativeSqlite } from '../../runtime/self.js';
import { SkillRegistry, skillDirs } from '../../skills/registry.js';
import { listWithHealth } from './skills.js';
import { readJson, socketRequest } from '../service-client.js';
import { openAgentDb, SCHEMA_VERSION } from '../../store/agent-db.js';
import { CODE_SKILLS } from '../../skills/code/index.js';
import { diskSpace } from '../../store/maintenance.js';
import { openSqlite, sqliteVersion } from '../../store/sqlite.js';
import { VERSION } from '../../version.js';
import { readFreshness } from '../../import/freshness.js';
import { rollupHealth } from '../../import/rollup-maintenance.js';
import { checkPolkitRule, POLKIT_RECORD_FILE } from '../../maint-scripts/polkit-rule.js';
import { systemdAvailable } from '../../maint-scripts/runner.js';
import { stateProblems } from '../../store/state-dirs.js';
import { parseCommandArgs, type CommandContext } from '../context.js';
import { usageOf, type CommandHelp } from '../help.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** what to do (warn and fail) */
  fix?: string;
}

export const HELP: CommandHelp = {
  usage: ['airgap-agent doctor [--json] [--quick]', 'airgap-agent doctor --sqlite-version'],
  about: [
    'Checks the config, plant.db, the data age and the clock, agent.db, the state and log folders, skills, docs,',
    'the model file (checksum, size, chat template family), its endpoint and a smoke completion, disk space:',
    'each problem with a "fix:" line. Exit 1 when a check fails.',
  ],
  options: {
    json: {
      text: 'one JSON object: {version, checks: [{name, status, detail, fix}], failed, warned}',
      default: 'off: text',
    },
    quick: {
      text: "skip the model file's checksum and the smoke completion (seconds each on a large model)",
      default: 'off',
    },
    'sqlite-version': { text: 'print the SQLite library version and exit', default: 'off' },
  },
  examples: ['airgap-agent --config /etc/airgap-agent/config.yaml doctor', 'airgap-agent doctor --quick --json'],
};

function checkPlantDb(config: Config): Check {
  const file = config.plant.db;
  if (!existsSync(file)) {
    return {
      name: 'plant.db',
      status: 'fail',
      detail: `${file} does not exist`,
      fix: `build the demo plant with \`airgap-agent seed --db ${file}\`, or set plant.db to the plant's database`,
    };
  }
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      const tables = (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
          .all() as Array<{ name: string }>
      ).map((row) => row.name);
      if (tables.length === 0) {
        return {
          name: 'plant.db',
          status: 'fail',
          detail: `${file} has no tables`,
          fix: `seed it with \`airgap-agent seed --db ${file}\` or point plant.db at the plant's database`,
        };
      }
      const counts = tables.map((table) => {
        const row = db.prepare(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}"`).get() as { n: number };
        return `${table} ${row.n}`;
      });
      return { name: 'plant.db', status: 'ok', detail: `${file}: ${counts.join(', ')}` };
    } finally {
      db.close();
    }
  } catch (error) {
    const appError = toAppError(error);
    return {
      name: 'plant.db',
      status: 'fail',
      detail: appError.message,
      fix: appError.hint ?? 'check the file and its permissions',
    };
  }
}

function checkAgentDb(config: Config): Check {
  const file = config.state.db;
  if (!existsSync(file)) {
    return {
      name: 'agent.db',
      status: 'warn',
      detail: `${file} does not exist yet`,
      fix: 'it is created on first start of the service (or run `airgap-agent maintenance --migrate`)',
    };
  }
  try {
    const db = openSqlite(file, { readonly: true, fileMustExist: true });
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      const journal = db.pragma('journal_mode', { simple: true }) as string;
      if (version > SCHEMA_VERSION) {
        return {
          name: 'agent.db',
          status: 'fail',
          detail: `${file} is at schema ${version}, newer than this release (${VERSION}) knows (${SCHEMA_VERSION})`,
          fix: 'run the newer release, or restore the backup taken before the upgrade',
        };
      }
      if (version < SCHEMA_VERSION) {
        return {
          name: 'agent.db',
          status: 'warn',
          detail: `${file} is at schema ${version}; this release migrates it to ${SCHEMA_VERSION}`,
          fix: 'run `airgap-agent maintenance --migrate` (install.sh does this with a backup first)',
        };
      }
      return { name: 'agent.db', status: 'ok', detail: `${file}: schema ${version} (current), journal ${journal}` };
    } finally {
      db.close();
    }
  } catch (error) {
    const appError = toAppError(error);
    return {
      name: 'agent.db',
      status: 'fail',
      detail: appError.message,
      fix: appError.hint ?? 'check the file and its permissions',
    };
  }
}

function checkFolder(folder: { name: string; dir: string; fix: string }, count: (entries: string[]) => string): Check {
  const { name, dir, fix } = folder;
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    return { name, status: 'fail', detail: `${dir} is not a folder`, fix };
  const entries = readdirSync(dir).filter((entry) => !entry.startsWith('.'));
  if (entries.length === 0) return { name, status: 'warn', detail: `${dir} is empty`, fix };
  return { name, status: 'ok', detail: `${dir}: ${count(entries)}` };
}

/**
 * The skills as the service loads them: the registry (code skills compiled in,
 * Markdown skills in skills.dir and skills.custom_dir) run against an
 * in-memory copy of agent.db's skills table — the same verdicts (broken file,
 * change without a version increase, unknown fallback) without writing agent.db.
 */
function checkSkills(config: Config): Check[] {
  const checks: Check[] = [];
  const shipped = config.skills.dir;
  if (!existsSync(shipped) || !statSync(shipped).isDirectory()) {
    checks.push({
      name: 'skills',
      status: 'fail',
      detail: `the skills folder ${shipped} does not exist`,
      fix: `reinstall the release (it ships skills/), or fix skills.dir`,
    });
  }
  const custom = config.skills.custom_dir;
  if (custom && !existsSync(custom)) {
    checks.push({
      name: 'skills',
      status: 'warn',
      detail: `skills.custom_dir ${custom} does not exist (the plant's own skills go there)`,
      fix: `create it for the service user: install -d -o airgap-agent -g airgap-agent ${custom}`,
    });
  }
  const memory = openAgentDb(':memory:');
  try {
    if (existsSync(config.state.db)) {
      try {
        const stored = openSqlite(config.state.db, { readonly: true, fileMustExist: true });
        try {
          const rows = stored
            .prepare('SELECT name, version, kind, source, content_hash, enabled, error, updated_at FROM skills')
            .all();
          const insert = memory.prepare(
            'INSERT OR REPLACE INTO skills (name, version, kind, source, content_hash, enabled, error, ' +
              'updated_at) VALUES (@name, @version, @kind, @source, @content_hash, @enabled, @error, ' +
              '@updated_at)',
          );
          for (const row of rows) insert.run(row);
          // the contents registered per version (a side-by-side version is judged against its own); older schemas lack it
          try {
            const versions = stored
              .prepare('SELECT name, version, content_hash, source, first_seen FROM skill_versions')
              .all();
            const remember = memory.prepare(
              'INSERT OR REPLACE INTO skill_versions (name, version, content_hash, source, first_seen) VALUES ' +
                '(@name, @version, @content_hash, @source, @first_seen)',
            );
            for (const row of versions) remember.run(row);
          } catch {
            // agent.db before schema 3: the skills rows alone, as that release judged them
          }
        } finally {
          stored.close();
        }
      } catch {
        // an unreadable agent.db is reported by its own check; judge the files alone
      }
    }
    const log = logger('doctor-skills');
    log.level = 'silent';
    const registry = new SkillRegistry({
      db: memory,
      dirs: skillDirs(config),
      codeSkills: CODE_SKILLS,
      log,
      pins: config.skills.pins,
    });
    registry.load();
    registry.close();
    const { list } = listWithHealth(registry, config);
    const enabled = list.filter((info) => info.enabled);
    const disabled = list.filter((info) => !info.enabled);
    const code = enabled.filter((info) => info.kind === 'code').length;
    const names = enabled.map((info) => info.name);
    const summary =
      `${enabled.length} skill(s) enabled (${code} code, ${enabled.length - code} Markdown): ` +
      `${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}`;
    if (enabled.length === 0)
      checks.push({
        name: 'skills',
        status: 'fail',
        detail: 'no skill is enabled',
        fix: `reinstall the release, or fix skills.dir (${shipped})`,
      });
    else checks.push({ name: 'skills', status: 'ok', detail: summary });
    for (const info of disabled) {
      checks.push({
        name: 'skills',
        status: 'warn',
        detail: `${info.name} is disabled: ${info.error ?? 'no reason recorded'}`,
        fix: 'fix the skill file (see `airgap-agent skills list`); a running service reloads it by itself',
      });
    }
    // dependency health before dispatch: a skill whose server is switched off, or whose pin nothing satisfies
    for (const info of enabled.filter((entry) => entry.available === false && entry.unavailable)) {
      const unavailable = info.unavailable!;
      checks.push({
        name: 'skills',
        status: 'warn',
        detail: `${info.name} is unavailable: ${unavailable.reason}`,
        fix:
          unavailable.state === 'pinned'
            ? `change skills.pins.${info.name}, or install a version in the pinned range beside the others`
            : unavailable.server
              ? `enable the "${unavailable.server}" server (mcp.servers.${unavailable.server}.enabled: true) or accept ` +
                `that ${info.name} is not offered`
              : 'configure an MCP server that offers the tool (mcp.servers), or accept that the skill is not offered',
      });
    }
  } finally {
    memory.close();
  }
  return checks;
}

/** The model file in use (doctor's endpoint check): see resolveModelFile in src/llm/embedded/model-file.ts. */
export function modelFile(config: Config, root = appRoot()): string | undefined {
  return resolveModelFile(config, { root });
}

async function checkEndpoint(config: Config, root: string): Promise<Check & { url?: string }> {
  let base: string;
  if (config.llm.base_url !== null) base = config.llm.base_url.replace(/\/+$/, '');
  else if (modelFile(config, root) !== undefined) {
    const { host } = config.llm.embedded;
    const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host;
    base = `http://${reachable}:${config.llm.embedded.port}/v1`;
  } else return { name: 'llm endpoint', status: 'ok', detail: 'none configured (rules only)' };
  const url = `${base}/models`;
  try {
    const headers: Record<string, string> = config.llm.api_key ? { authorization: `Bearer ${config.llm.api_key}` } : {};
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    if (!response.ok)
      return {
        name: 'llm endpoint',
        status: 'fail',
        detail: `${url} answered HTTP ${response.status}`,
        fix: 'check llm.base_url, llm.api_key and the model server log',
      };
    return { name: 'llm endpoint', status: 'ok', detail: `${url} answered`, url: base };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'no answer within 2 s' : (error as Error).message;
    const fix =
      config.llm.base_url === null
        ? 'start the embedded model service: `systemctl start airgap-agent-llm` (see `journalctl -u airgap-agent-llm`)'
        : `start the model server at ${config.llm.base_url} or correct llm.base_url`;
    return { name: 'llm endpoint', status: 'fail', detail: `${url}: ${reason}`, fix };
  }
}

function checkDisk(config: Config): Check[] {
  const dirs = [...new Set([path.dirname(config.state.db), config.log.dir])];
  return dirs.map((dir) => {
    const disk = diskSpace(dir);
    return disk.warning
      ? {
          name: 'disk',
          status: 'warn' as const,
          detail: disk.warning.split(':')[0] ?? disk.warning,
          fix: disk.warning.split(': ').slice(1).join(': '),
        }
      : { name: 'disk', status: 'ok' as const, detail: `${dir}: ${(disk.freeBytes / 1024 ** 3).toFixed(1)} GiB free` };
  });
}

/** plant.db's rollups: present (--quick), and equal to the sums of quality_data */
function checkRollups(config: Config, quick: boolean): Check {
  try {
    return { name: 'rollups', ...rollupHealth(config.plant.db, { quick }) };
  } catch (error) {
    const appError = toAppError(error);
    return { name: 'rollups', status: 'fail', detail: appError.message, fix: appError.hint ?? 'check plant.db' };
  }
}

/** How fresh the plant data is, and whether an import was interrupted (import.max_age_hours). */
function checkFreshness(config: Config): Check {
  if (existsSync(`${config.plant.db}-journal`)) {
    return {
      name: 'plant data',
      status: 'warn',
      detail: `${config.plant.db}-journal exists: an import was interrupted (its changes are not visible)`,
      fix: 'run any import (e.g. `airgap-agent import --inbox-once`): the next writer rolls the unfinished import back',
    };
  }
  const fresh = readFreshness(config);
  if (fresh.error === 'missing')
    return {
      name: 'plant data',
      status: 'warn',
      detail: fresh.message,
      fix: "import the plant's exports (`airgap-agent import TABLE FILE`) or seed the demo plant",
    };
  const problems = fresh.stale || fresh.inbox.failed > 0;
  return {
    name: 'plant data',
    status: problems ? 'warn' : 'ok',
    detail: `${fresh.message}${fresh.inbox.pending > 0 ? `; ${fresh.inbox.pending} file(s) waiting in ${config.import.inbox}` : ''}`,
    fix:
      fresh.inbox.failed > 0
        ? `read the .report.txt files in ${config.import.inbox}/failed, fix the exports and copy them into the inbox again`
        : 'check that the MES export job still copies files into the inbox (import.inbox), and the import unit: systemctl status airgap-agent-import',
  };
}

/**
 * The running service as its /readyz reports it, asked over the console
 * socket (server.socket: this config's own service, never another one on the
 * same port): breakers open (a server that stopped answering), servers down,
 * skills unavailable now. No socket or no service: nothing to report.
 */
async function checkService(config: Config): Promise<Check> {
  const socket = config.server.socket;
  if (socket === null || !existsSync(socket))
    return {
      name: 'service',
      status: 'ok',
      detail:
        socket === null
          ? 'no console socket configured (server.socket): breakers and servers are on /readyz'
          : `not running (no ${socket}): nothing to report`,
    };
  let body: { checks?: Record<string, { ok: boolean; detail: string }> };
  try {
    body = (await readJson(
      await socketRequest(socket, { method: 'GET', path: '/readyz', timeoutMs: 2000 }),
    )) as typeof body;
  } catch (error) {
    return {
      name: 'service',
      status: 'warn',
      detail: `cannot ask the service on ${socket}: ${(error as Error).message}`,
      fix: "run doctor as root or as a member of the service's group (usermod -aG airgap-agent $USER)",
    };
  }
  const checks = body.checks ?? {};
  const breakers = checks.breakers;
  if (breakers && !breakers.ok)
    return {
      name: 'service',
      status: 'fail',
      detail: `breaker open: ${breakers.detail}`,
      fix:
        'the server stopped answering (see `journalctl -u airgap-agent | grep breaker-open` and its last errors); ' +
        'fix or restart it — the breaker lets a call try after its cool-down (mcp.breaker) and closes when one succeeds',
    };
  const failing = Object.entries(checks).filter(([, check]) => !check.ok);
  if (failing.length > 0)
    return {
      name: 'service',
      status: 'fail',
      detail: `not ready: ${failing.map(([name, check]) => `${name}: ${check.detail}`).join('; ')}`,
      fix: 'see journalctl -u airgap-agent for the cause',
    };
  const skills = checks.skills?.detail ?? '';
  const unavailable = /unavailable now/.test(skills);
  return {
    name: 'service',
    status: unavailable ? 'warn' : 'ok',
    detail: `ready; skills: ${skills}`,
    ...(unavailable
      ? { fix: 'the skills named cannot run until their servers answer: see /readyz and `airgap-agent skills list`' }
      : {}),
  };
}

/** The folders the service writes (agent.db, the index, logs, reports): writable by this user? */
function checkStateFolders(config: Config): Check {
  const problems = stateProblems(config);
  if (problems.length === 0)
    return {
      name: 'state folders',
      status: 'ok',
      detail: `writable: ${[...new Set([path.dirname(config.state.db), config.log.dir, config.reports.dir])].join(', ')}`,
    };
  return {
    name: 'state folders',
    status: 'fail',
    detail: problems.map((problem) => `${problem.key}: ${problem.reason}`).join('; '),
    fix: problems.map((problem) => problem.fix).join('; '),
  };
}

/** The clock against the plant data: "today" and "last week" are computed from it. */
function checkClock(config: Config): Check {
  const fresh = readFreshness(config);
  if (fresh.clock)
    return {
      name: 'clock',
      status: 'warn',
      detail: fresh.clock,
      fix: 'set the system clock (timedatectl; its NTP source on the plant network) and check plant.timezone',
    };
  return {
    name: 'clock',
    status: 'ok',
    detail: fresh.data_up_to ? 'consistent with the newest plant data' : 'no plant data to compare with',
  };
}

/** Every check, in order. A broken config stops after the first line. */
export async function runDoctor(options: {
  config?: string | undefined;
  quick?: boolean;
  root?: string;
}): Promise<Check[]> {
  const root = options.root ?? appRoot();
  const checks: Check[] = [];
  let config: Config;
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig({ config: options.config });
    config = loaded.config;
    checks.push({
      name: 'config',
      status: 'ok',
      detail: loaded.file ? `${loaded.file} is valid` : 'no file: the defaults are used',
    });
  } catch (error) {
    const appError = toAppError(error);
    checks.push({
      name: 'config',
      status: 'fail',
      detail: appError.message,
      fix: appError.hint ?? 'run `airgap-agent config check`',
    });
    return checks;
  }
  if (isSea() || isBundled) {
    const native = vendoredNativeSqlite();
    checks.push(
      existsSync(native)
        ? { name: 'sqlite native', status: 'ok', detail: native }
        : {
            name: 'sqlite native',
            status: 'fail',
            detail: `${native} is missing`,
            fix: 'reinstall the bundle with install.sh',
          },
    );
  }
  const plant = checkPlantDb(config);
  checks.push(plant);
  if (plant.status === 'ok') checks.push(checkRollups(config, options.quick === true));
  checks.push(checkFreshness(config));
  checks.push(checkClock(config));
  checks.push(checkAgentDb(config));
  checks.push(checkStateFolders(config));
  checks.push(...checkSkills(config));
  // restarts from the service (an unprivileged user) need the polkit rule install.sh writes; only where systemd runs
  if (loaded.file && systemdAvailable() && process.getuid?.() !== 0) {
    const polkit = checkPolkitRule({ config, recordFile: path.join(path.dirname(loaded.file), POLKIT_RECORD_FILE) });
    checks.push({ name: 'polkit rule', ...polkit });
  }
  checks.push(
    checkFolder(
      {
        name: 'docs',
        dir: config.docs.root,
        fix: `copy the plant documents into ${config.docs.root} (or fix docs.root)`,
      },
      (entries) => `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`,
    ),
  );
  const {
    file: modelPath,
    entry: _entry,
    sha256: _sha256,
    ...model
  } = await checkEmbeddedModel(config, { root, quick: options.quick === true });
  checks.push(model);
  // what the file says about itself: size, quantisation, its chat template's tool-call family
  if (config.llm.base_url === null && modelPath !== undefined && existsSync(modelPath))
    checks.push(checkModelInfo(config, { file: modelPath, size: statSync(modelPath).size }));
  const { url: endpointUrl, ...endpoint } = await checkEndpoint(config, root);
  checks.push(endpoint);
  // a few tokens through the endpoint, timed (not with --quick: seconds on a large model)
  if (endpoint.status === 'ok' && endpointUrl !== undefined && options.quick !== true)
    checks.push(await smokeCompletion(config, endpointUrl));
  checks.push(await checkService(config));
  checks.push(...checkDisk(config));
  return checks;
}

export function formatChecks(checks: Check[]): string {
  const label: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
  return checks
    .map(
      (check) =>
        `${label[check.status]} ${check.name}: ${check.detail}${check.fix && check.status !== 'ok' ? `\n     fix: ${check.fix}` : ''}`,
    )
    .join('\n');
}

export async function run(context: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    context,
    { json: { type: 'boolean' }, quick: { type: 'boolean' }, 'sqlite-version': { type: 'boolean' } },
    { usage: HELP, allowPositionals: false },
  );
  if (values['sqlite-version']) {
    const db = openSqlite(':memory:');
    process.stdout.write(`${sqliteVersion(db)}\n`);
    db.close();
    return 0;
  }
  const checks = await runDoctor({ config: context.globals.config, quick: values.quick === true });
  const failed = checks.filter((check) => check.status === 'fail').length;
  const warned = checks.filter((check) => check.status === 'warn').length;
  if (values.json) process.stdout.write(`${JSON.stringify({ version: VERSION, checks, failed, warned }, null, 2)}\n`);
  else
    process.stdout.write(
      `${formatChecks(checks)}\n${failed === 0 ? 'healthy' : `${failed} problem(s)`}${warned ? `, ${warned} warning(s)` : ''}\n`,
    );
  return failed === 0 ? 0 : 1;
}
