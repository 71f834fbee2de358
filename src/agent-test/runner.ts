/**
 * agent-test: replays YAML regression cases against the agent.
 *
 * In process (default): cases are grouped by their demo plant and their
 * `now`; groups run one after another (the clock is process-wide, and the
 * tool servers are started with it), units inside a group run `jobs` at a
 * time. A unit is one case, or every case of one `session` in file order.
 * Units whose cases have cassettes get their own agent whose model is the
 * scripted server playing those turns; the others share one agent on the
 * configured model (none in CI: the rules answer). `--live` ignores
 * cassettes; `--record` records the configured model's turns into them.
 * Regression runs use a temporary agent.db, never the service's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { stringify } from 'yaml';
import { AppError, toAppError } from '../errors.js';
import { setFixedNow } from '../clock.js';
import type { Config } from '../config/schema.js';
import type { LoadedConfig } from '../config/load.js';
import { createAgent, startToolServers, type AgentRuntime } from '../agent/create.js';
import type { McpManager } from '../mcp/index.js';
import { openAgentDb } from '../store/agent-db.js';
import { AuditWriter } from '../store/audit.js';
import type { SqliteDatabase } from '../store/sqlite.js';
import { seedTaughtPhrasings } from './taught-seed.js';
import type { AgentEvent } from '../agent/types.js';
import { seedPlant } from '../seed/index.js';
import { checkCase } from './assertions.js';
import { caseVersions, type PlantSpec } from './case-schema.js';
import {
  cassettePath,
  loadCassette,
  saveCassette,
  startRecordingProxy,
  toScriptedTurn,
  type RecordingProxy,
} from './cassette.js';
import { loadCases, type LoadedCase } from './load-cases.js';
import {
  formatCase,
  formatProblem,
  summarise,
  summaryLine,
  gateWatch,
  writeJson,
  writeJunit,
  type CaseReport,
  type RunSummary,
  type WeakTally,
} from './report.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from './scripted-llm-server.js';
import { WEAK_MODEL_IDS, type WeakFormat } from './weak-formats.js';
import { WeakReplay, type Served } from './weak-replay.js';

export interface RunOptions {
  paths: string[];
  loaded: LoadedConfig;
  jobs: number;
  filter?: RegExp | undefined;
  tags?: string[] | undefined;
  failFast: boolean;
  /** the score gate (`--min-pass`): the run stops once it can no longer be met (report.ts gateLost) */
  minPass?: number | undefined;
  record: boolean;
  live: boolean;
  junit?: string | undefined;
  json?: string | undefined;
  caseTimeoutMs: number;
  /** the clock for cases without their own `now` (the global --now or AIRGAP_AGENT_NOW); else the real one */
  now?: string | undefined;
  /**
   * the weak-model pass (issue 31 item 4): only the `recorded: capable-model` cases, each replayed as
   * recorded and then once per format with its calls re-rendered as that family's raw text, one call
   * cut off and one malformed
   */
  weak?: WeakFormat[] | undefined;
  /** a progress line on `err` at most this often (ms; 0: none) */
  progressEveryMs?: number | undefined;
  out: Writable;
  err: Writable;
}

/** "1m05s" */
function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

interface Unit {
  cases: LoadedCase[];
  cassettes: boolean;
}

interface Group {
  plant: PlantSpec | undefined;
  now: string | undefined;
  units: Unit[];
}

function plantKey(plant: PlantSpec | undefined): string {
  return plant ? `${plant.seed}/${plant.today}/${plant.rows}` : 'configured';
}

/** --filter and --tag, shared by the in-process and the --url runs. */
export function selected(
  entry: LoadedCase,
  options: { filter?: RegExp | undefined; tags?: string[] | undefined },
): boolean {
  if (options.filter && !options.filter.test(entry.testCase.name)) return false;
  if (options.tags && options.tags.length > 0 && !options.tags.some((tag) => entry.testCase.tags.includes(tag)))
    return false;
  return true;
}

function cassetteFile(entry: LoadedCase): string {
  return cassettePath(entry.file, entry.testCase.name, entry.testCase.cassette);
}

/** Split the cases into groups (plant × now) of units (a case, or one session's cases). */
export function planUnits(
  cases: LoadedCase[],
  options: { live: boolean; record: boolean },
): { groups: Group[]; problems: Array<{ entry: LoadedCase; message: string }> } {
  const problems: Array<{ entry: LoadedCase; message: string }> = [];
  const units: Unit[] = [];
  const sessions = new Map<string, Unit>();
  for (const entry of cases) {
    const session = entry.testCase.session;
    const hasCassette = !options.live && !options.record && loadCassette(cassetteFile(entry)) !== undefined;
    if (session) {
      const key = `${entry.file}\u0000${session}`;
      const unit = sessions.get(key);
      if (unit) {
        const first = unit.cases[0]!;
        if ((first.testCase.now ?? '') !== (entry.testCase.now ?? '')) {
          problems.push({
            entry,
            message: `cases of session "${session}" must share "now" (the first says ${first.testCase.now ?? 'none'})`,
          });
          continue;
        }
        unit.cases.push(entry);
        unit.cassettes ||= hasCassette;
        continue;
      }
      const created = { cases: [entry], cassettes: hasCassette };
      sessions.set(key, created);
      units.push(created);
    } else {
      units.push({ cases: [entry], cassettes: hasCassette });
    }
  }
  const groups = new Map<string, Group>();
  for (const unit of units) {
    const first = unit.cases[0]!;
    const key = `${plantKey(first.plant)}|${first.testCase.now ?? ''}`;
    const group = groups.get(key) ?? { plant: first.plant, now: first.testCase.now, units: [] };
    group.units.push(unit);
    groups.set(key, group);
  }
  return { groups: [...groups.values()], problems };
}

/** A demo plant for a case file, seeded once per run into the run's temp folder. */
function plantFor(
  spec: PlantSpec | undefined,
  base: Config,
  run: { scratch: string; cache: Map<string, { db: string; docs: string }> },
): Config {
  const { scratch, cache } = run;
  const state = {
    db: path.join(scratch, 'agent.db'),
    fts_db: path.join(scratch, `fts-${plantKey(spec).replace(/\W+/g, '-')}.db`),
  };
  // reports an approved export writes go to the run's temp folder, never the appliance's reports folder
  const reports = { ...base.reports, dir: path.join(scratch, 'reports') };
  if (!spec) return { ...base, state, reports };
  const key = plantKey(spec);
  let seeded = cache.get(key);
  if (!seeded) {
    const dir = path.join(scratch, `plant-${key.replace(/\W+/g, '-')}`);
    const summary = seedPlant({
      db: path.join(dir, 'plant.db'),
      docsDir: path.join(dir, 'docs'),
      rows: spec.rows,
      seed: spec.seed,
      today: spec.today,
      timezone: base.plant.timezone,
    });
    seeded = { db: summary.db, docs: path.join(dir, 'docs') };
    cache.set(key, seeded);
  }
  return {
    ...base,
    plant: { ...base.plant, db: seeded.db },
    docs: { ...base.docs, root: seeded.docs },
    state,
    reports,
  };
}

let configFiles = 0;
/** The shipped tool servers read their settings from a file: write the group's config (absolute paths) for them. */
function configFileFor(config: Config, scratch: string): string {
  const file = path.join(scratch, `config-${++configFiles}.yaml`);
  writeFileSync(file, stringify(config));
  return file;
}

async function pool<T>(
  items: T[],
  limits: { jobs: number; stop: () => boolean },
  work: (item: T) => Promise<void>,
): Promise<void> {
  const { jobs, stop } = limits;
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, async () => {
    while (next < items.length && !stop()) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(runners);
}

async function runCase(
  runtime: AgentRuntime,
  entry: LoadedCase,
  options: RunOptions & { modelNote?: string | undefined; sessionId: string | undefined },
): Promise<CaseReport> {
  const { sessionId } = options;
  const { testCase } = entry;
  const events: AgentEvent[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.caseTimeoutMs);
  const started = performance.now();
  try {
    const { approval } = testCase;
    const answer = await runtime.agent.ask({
      question: testCase.input,
      sessionId,
      versions: caseVersions(testCase),
      // an admin who answers every request as the case says (a recorded run's approvals replay as given)
      ...(approval ? { approve: async () => approval === 'approve' } : {}),
      signal: AbortSignal.any([controller.signal, runtime.signal]),
      onEvent: (event) => events.push(event),
    });
    const ms = performance.now() - started;
    const steps = events.filter((event) => event.type === 'step-start').length;
    const failures = checkCase(testCase, { answer, latencyMs: ms, steps });
    let error: string | undefined;
    if (
      failures.some((failure) => failure.assertion === 'expected_mode') &&
      testCase.expected_mode === 'model' &&
      options.modelNote
    )
      error = options.modelNote;
    return {
      name: testCase.name,
      file: entry.file,
      line: entry.line,
      status: failures.length ? 'failed' : 'passed',
      ms,
      failures,
      error,
      answer,
    };
  } catch (caught) {
    const appError = toAppError(caught);
    const reason = controller.signal.aborted
      ? `no answer within ${options.caseTimeoutMs} ms`
      : `${appError.code}: ${appError.message}`;
    return {
      name: testCase.name,
      file: entry.file,
      line: entry.line,
      status: 'failed',
      ms: performance.now() - started,
      failures: [],
      error: reason,
    };
  } finally {
    clearTimeout(timer);
  }
}

type Executed = Array<[string, unknown]>;

function executedCalls(report: CaseReport): Executed {
  return (report.answer?.tool_calls ?? []).map((call) => [call.name, call.arguments]);
}

function describeFaults(faults: Served[], replay: WeakReplay): string {
  return faults
    .map((fault) => {
      const at = fault.kind === 'truncated' ? replay.plan.truncated : replay.plan.malformed;
      const label = fault.kind === 'truncated' ? 'cut off' : `malformed (${replay.plan.malformed?.defect})`;
      const outcome =
        fault.outcome === 'ran'
          ? fault.kind === 'truncated'
            ? 'RUN'
            : 'repaired and run'
          : fault.outcome === 'refused'
            ? 'refused, sent again'
            : (fault.outcome ?? 'no further request');
      return `${label} call ${at ? at.call + 1 : '?'} of turn ${at ? at.turn + 1 : '?'}: ${outcome}`;
    })
    .join('; ');
}

/**
 * The weak-model pass on one unit: the cassette replayed as recorded (the reference for the calls that
 * may run), then once per format through WeakReplay; a case passes as "recovered" (its assertions hold,
 * with one more step allowed per fault, and exactly the recorded run's calls ran) or "honest" (an honest
 * failure, and only calls of the recorded run ran, in order); a cut-off call run fails it.
 */
async function runWeakUnit(
  unit: Unit,
  context: {
    options: RunOptions;
    groupConfig: Config;
    scratch: string;
    variant: number;
    emit: (report: CaseReport) => void;
    tallies: Map<WeakFormat, WeakTally>;
    runtimes: Array<Promise<AgentRuntime>>;
    /** the group's tool servers, shared by its runtimes */
    tools: () => Promise<McpManager>;
  },
): Promise<void> {
  const { options, groupConfig, scratch } = context;
  const segments = unit.cases.map((entry) => ({
    input: entry.testCase.input,
    turns: loadCassette(cassetteFile(entry))?.turns ?? [],
  }));
  const runWith = async (
    script: { turns?: ReturnType<typeof toScriptedTurn>[]; respond?: WeakReplay['respond'] },
    model: string | undefined,
    cases: LoadedCase[],
  ): Promise<CaseReport[]> => {
    const scripted = await startScriptedLlmServer({
      ...script,
      fallback: { status: 500, errorMessage: 'the cassette has no more recorded turns for this case' },
    });
    try {
      const llm = {
        ...groupConfig.llm,
        base_url: scripted.url,
        ...(model ? { model, tool_format: 'auto' as const } : {}),
      };
      // each replay its own reports folder: the recorded run and its weak replays export the same file name
      const reportsDir = path.join(scratch, `reports-weak-${++weakReports}`);
      mkdirSync(reportsDir, { recursive: true });
      const config = { ...groupConfig, llm, reports: { ...groupConfig.reports, dir: reportsDir } };
      const tools = await context.tools();
      const created = createAgent({ config, configFile: configFileFor(config, scratch), stream: false, tools });
      context.runtimes.push(created);
      const runtime = await created;
      const unitId = `agent-test-weak-${++weakUnits}-${Date.now().toString(36)}`;
      const reports: CaseReport[] = [];
      for (const entry of cases) {
        const sessionId = entry.testCase.session ? unitId : undefined;
        reports.push(await runCase(runtime, entry, { ...options, sessionId }));
      }
      return reports;
    } finally {
      await scripted.close();
    }
  };
  const baseline = await runWith(
    { turns: segments.flatMap((segment) => segment.turns.map(toScriptedTurn)) },
    undefined,
    unit.cases,
  );
  for (const report of baseline) context.emit(report);
  for (const format of options.weak ?? []) {
    const replay = new WeakReplay(segments, format, context.variant);
    const planned = (index: number): number =>
      [replay.plan.truncated, replay.plan.malformed].filter((at) => at?.segment === index).length;
    // one more model step allowed per fault the case is planned to get (the resend)
    const relaxed = unit.cases.map((entry, index) => ({
      ...entry,
      testCase: {
        ...entry.testCase,
        max_steps: entry.testCase.max_steps === undefined ? undefined : entry.testCase.max_steps + planned(index),
      },
    }));
    const reports = await runWith({ respond: replay.respond }, WEAK_MODEL_IDS[format], relaxed);
    const tally = context.tallies.get(format) ?? {
      cases: 0,
      recovered: 0,
      honest: 0,
      failed: 0,
      cutOffRun: 0,
      unexpectedCalls: 0,
    };
    context.tallies.set(format, tally);
    reports.forEach((report, index) => {
      const reference = executedCalls(baseline[index]!);
      const got = executedCalls(report);
      const faults = replay.faultsOf(index);
      const cutOffRun = faults.filter((fault) => fault.kind === 'truncated' && fault.outcome === 'ran').length;
      // as a multiset: a skill runs its own queries in parallel, so their order is not the model's
      const left = [...reference];
      const extra = got.filter((call) => {
        const at = left.findIndex((made) => isDeepStrictEqual(made, call));
        if (at < 0) return true;
        left.splice(at, 1);
        return false;
      });
      const prefix = extra.length === 0;
      const unexpected = extra.length;
      const same = prefix && left.length === 0;
      let verdict: 'recovered' | 'honest' | 'failed';
      let why: string | undefined;
      if (baseline[index]!.status !== 'passed') {
        verdict = 'failed';
        why = 'the case fails as recorded: fix it first';
      } else if (cutOffRun > 0 || !prefix) {
        verdict = 'failed';
        why =
          cutOffRun > 0
            ? 'a cut-off call was run'
            : `calls ran that the recorded run did not make:\n` +
              `recorded: ${JSON.stringify(reference).slice(0, 600)}\nweak:     ${JSON.stringify(got).slice(0, 600)}`;
      } else if (report.status === 'passed' && same) verdict = 'recovered';
      else if (report.answer?.error) verdict = 'honest';
      else {
        verdict = 'failed';
        why = report.error ?? 'neither the recorded answer nor an honest failure';
      }
      tally.cases += 1;
      tally[verdict] += 1;
      tally.cutOffRun += cutOffRun;
      tally.unexpectedCalls += unexpected;
      const code = report.answer?.error ? ` (${report.answer.error.code})` : '';
      const note = `${verdict}${code}; ${describeFaults(faults, replay) || 'no call with arguments to cut or malform'}`;
      context.emit({
        ...report,
        name: `${report.name} [weak ${format}]`,
        status: verdict === 'failed' ? 'failed' : 'passed',
        failures: verdict === 'honest' ? [] : report.failures,
        error: verdict === 'failed' ? (why ?? report.error) : undefined,
        note,
      });
    });
  }
}

let weakUnits = 0;
let weakReports = 0;

export async function runSuite(options: RunOptions): Promise<RunSummary> {
  const { cases, problems, files } = loadCases(options.paths);
  for (const problem of problems) options.out.write(`${formatProblem(problem)}\n`);
  const chosen = cases.filter(
    (entry) => selected(entry, options) && (!options.weak || entry.testCase.recorded === 'capable-model'),
  );
  const reports: CaseReport[] = [];
  let stopped = false;
  // the cases the gate counts (skipped ones aside), known once the skipped ones are set apart below
  const gate = gateWatch(options.minPass, options.err);
  const emit = (report: CaseReport): void => {
    reports.push(report);
    options.out.write(`${formatCase(report)}\n`);
    if (gate.lostAfter(reports)) stopped = true;
  };
  /** Every case of a unit that could not run, failed with the same reason. */
  const failUnit = (unit: Unit, error: string): void => {
    for (const entry of unit.cases)
      emit({
        name: entry.testCase.name,
        file: entry.file,
        line: entry.line,
        status: 'failed',
        ms: 0,
        failures: [],
        error,
      });
  };
  // progress on stderr for a long run: how many are done, how many failed, how long it has taken
  const startedAt = performance.now();
  let total = 0;
  const progressLine = (): string => {
    const failed = reports.filter((report) => report.status === 'failed').length;
    return (
      `agent-test: ${reports.length}/${total} done` +
      `${failed > 0 ? `, ${failed} failed` : ''}, ${elapsed(performance.now() - startedAt)}`
    );
  };
  const every = options.progressEveryMs ?? 30_000;
  const progressTimer = every > 0 ? setInterval(() => options.err.write(`${progressLine()}\n`), every) : undefined;
  progressTimer?.unref();
  const runnable: LoadedCase[] = [];
  for (const entry of chosen) {
    const skip = entry.testCase.skip;
    if (skip)
      emit({
        name: entry.testCase.name,
        file: entry.file,
        line: entry.line,
        status: 'skipped',
        ms: 0,
        failures: [],
        skipReason: typeof skip === 'string' ? skip : 'skip: true',
      });
    else runnable.push(entry);
  }
  total = reports.length + runnable.length;
  gate.counted = runnable.length;
  options.err.write(
    `agent-test: ${runnable.length} case(s) from ${files.length} file(s)` +
      `${options.now ? `, clock ${options.now} where a case gives no now` : ''}` +
      `${options.live ? ', live model' : ''}${options.record ? ', recording cassettes' : ''}` +
      `${options.weak ? `, weak-model pass (${options.weak.join(', ')}) of the capable-model cases` : ''}\n`,
  );
  const plan = planUnits(runnable, options);
  for (const { entry, message } of plan.problems)
    emit({
      name: entry.testCase.name,
      file: entry.file,
      line: entry.line,
      status: 'failed',
      ms: 0,
      failures: [],
      error: message,
    });

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'agent-test-'));
  seedTaughtPhrasings(options.loaded.config.state.db, path.join(scratch, 'agent.db'));
  const plants = new Map<string, { db: string; docs: string }>();
  const base = options.loaded.config;
  let proxy: RecordingProxy | undefined;
  const tallies = new Map<WeakFormat, WeakTally>();
  let weakVariant = 0;
  const stop = (): boolean => stopped;
  try {
    if (options.record) {
      if (!base.llm.base_url)
        throw new AppError('USAGE', 'agent-test --record needs a live model', {
          hint: 'set llm.base_url in the config (see docs/llm-endpoints.md)',
        });
      proxy = await startRecordingProxy(base.llm.base_url);
    }
    let unitCounter = 0;
    for (const group of plan.groups) {
      if (stopped) break;
      // a case's own now, else the run's (--now / AIRGAP_AGENT_NOW), else the real clock
      setFixedNow(group.now ?? options.now, base.plant.timezone);
      const groupConfig = plantFor(group.plant, base, { scratch, cache: plants });
      const noModel = !groupConfig.llm.base_url && !options.record;
      const modelNote = noModel
        ? 'no cassette for this case and no model configured: record one with `agent-test --record` against a live model (llm.base_url)'
        : undefined;
      let shared: Promise<AgentRuntime> | undefined;
      const runtimes: Array<Promise<AgentRuntime>> = [];
      // the group's tool servers, started once (lazily, as the service starts them) and shared by every runtime of
      // the group: they differ only in the model endpoint. A runtime per cassette used to start its own servers,
      // most of the suite's time. Closed after the group's runtimes.
      let groupTools: Promise<{ tools: McpManager; audit: AuditWriter; db: SqliteDatabase }> | undefined;
      const tools = async (): Promise<McpManager> => {
        groupTools ??= (async () => {
          const db = openAgentDb(groupConfig.state.db);
          const audit = new AuditWriter(db, { flushMs: groupConfig.audit.flush_ms });
          try {
            const started = await startToolServers({
              config: groupConfig,
              configFile: configFileFor(groupConfig, scratch),
              audit,
            });
            return { tools: started, audit, db };
          } catch (error) {
            await audit.close();
            db.close();
            throw error;
          }
        })();
        return (await groupTools).tools;
      };
      const sharedRuntime = async (): Promise<AgentRuntime> => {
        const config = proxy ? { ...groupConfig, llm: { ...groupConfig.llm, base_url: proxy.url } } : groupConfig;
        // llmBaseUrl null: cases without a cassette run rules-only even where an embedded model is installed
        const started = await tools();
        shared ??= createAgent({
          config,
          configFile: configFileFor(config, scratch),
          stream: false,
          llmBaseUrl: null,
          tools: started,
        });
        return shared;
      };
      try {
        await pool(group.units, { jobs: options.jobs, stop }, async (unit) => {
          const unitId = `agent-test-${++unitCounter}-${Date.now().toString(36)}`;
          if (options.weak) {
            try {
              if (!unit.cassettes) throw new Error('no cassette to replay');
              await runWeakUnit(unit, {
                options,
                groupConfig,
                scratch,
                variant: weakVariant++,
                emit,
                tallies,
                runtimes,
                tools,
              });
            } catch (error) {
              failUnit(unit, `the weak-model pass could not run it: ${toAppError(error).describe()}`);
            }
            if (options.failFast && reports.some((report) => report.status === 'failed')) stopped = true;
            return;
          }
          let runtime: AgentRuntime;
          let scripted: ScriptedLlmServer | undefined;
          try {
            if (unit.cassettes) {
              const turns = unit.cases.flatMap((entry) =>
                (loadCassette(cassetteFile(entry))?.turns ?? []).map(toScriptedTurn),
              );
              scripted = await startScriptedLlmServer({
                turns,
                fallback: {
                  status: 500,
                  errorMessage: 'the cassette has no more recorded turns for this case: re-record it with --record',
                },
              });
              const config = { ...groupConfig, llm: { ...groupConfig.llm, base_url: scripted.url } };
              const created = createAgent({
                config,
                configFile: configFileFor(config, scratch),
                stream: false,
                tools: await tools(),
              });
              runtimes.push(created);
              runtime = await created;
            } else {
              runtime = await sharedRuntime();
            }
          } catch (error) {
            await scripted?.close();
            failUnit(unit, `the agent could not start: ${toAppError(error).describe()}`);
            if (options.failFast) stopped = true;
            return;
          }
          try {
            for (const entry of unit.cases) {
              if (stopped) break;
              const sessionId = entry.testCase.session ? unitId : undefined;
              proxy?.take();
              const report = await runCase(runtime, entry, {
                ...options,
                sessionId,
                modelNote: unit.cassettes ? undefined : modelNote,
              });
              if (proxy) {
                saveCassette(cassetteFile(entry), {
                  version: 1,
                  case: entry.testCase.name,
                  recorded_at: new Date().toISOString(),
                  model: base.llm.model,
                  turns: proxy.take(),
                });
              }
              emit(report);
              if (report.status === 'failed' && options.failFast) stopped = true;
            }
          } finally {
            await scripted?.close();
          }
        });
      } finally {
        const all = [...runtimes, ...(shared ? [shared] : [])];
        await Promise.all(all.map(async (created) => (await created.catch(() => undefined))?.close()));
        const owned = await groupTools?.catch(() => undefined);
        if (owned) {
          await owned.tools.close();
          await owned.audit.close();
          owned.db.close();
        }
      }
    }
  } finally {
    if (progressTimer) clearInterval(progressTimer);
    setFixedNow(options.now, base.plant.timezone);
    await proxy?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (options.junit) writeJunit(options.junit, reports, problems);
  if (options.json) writeJson(options.json, reports, problems);
  const summary = summarise(reports, problems);
  const notRun = gate.notRun(reports);
  if (notRun > 0) summary.notRun = notRun;
  if (options.weak) {
    for (const format of options.weak) {
      const tally = tallies.get(format) ?? {
        cases: 0,
        recovered: 0,
        honest: 0,
        failed: 0,
        cutOffRun: 0,
        unexpectedCalls: 0,
      };
      options.out.write(
        `weak ${format}: ${tally.cases} case(s): ${tally.recovered} recovered, ${tally.honest} honest, ` +
          `${tally.failed} failed; cut-off calls run: ${tally.cutOffRun}; ` +
          `calls the recorded run did not make: ${tally.unexpectedCalls}\n`,
      );
    }
    summary.weak = Object.fromEntries(tallies);
  }
  options.out.write(`${summaryLine(summary)}\n`);
  return summary;
}
