/**
 * npm run bench:import-attacks [-- --bin PATH] [--only NAME] — the red team's hostile exports (issue 29,
 * N2 and N5) at full size, and the largest legitimate files the limits allow, through every import surface:
 * - cli:   `airgap-agent import quality_data FILE` (by hand: one process, and its reader for ≥ 8 MiB);
 * - inbox: `airgap-agent import --inbox-once` (what the airgap-agent-import unit runs: the watcher and an
 *          import process per file, and its reader);
 * - serve: the service's inbox watcher (import.watch: service): the import process it starts, measured
 *          alone (the serve process itself does not read the file).
 * For each: the outcome (the report's first line), the wall time, and the peak resident memory of the
 * whole process tree, sampled from /proc every 20 ms: the unit's MemoryMax=1536M counts the tree.
 * Target: every row under 1536 MiB, each hostile file refused in seconds.
 * The files are built byte by byte (src/import/hostile-files.ts). PATH: a bundled binary
 * (dist/…/bin/airgap-agent) instead of the development launcher, whose tsx adds ~60 MiB per process.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { configFromObject } from '../src/config/load.js';
import { InboxWatcher } from '../src/import/inbox.js';
import { formatReport } from '../src/import/report.js';
import {
  longCellWorkbook,
  sharedStringsBomb,
  sharedStringsXml,
  sheetXml,
  workbookParts,
  zipFile,
} from '../src/import/hostile-files.js';
import { appRoot } from '../src/runtime/self.js';
import { seedTestPlant } from '../src/seed/testing.js';

const HEADER = 'line_id,record_date,shift,batch_no,product,inspected_qty,defect_qty,defect_type,inspector,recorded_at';

const argv = process.argv.slice(2);
const bin = argv.includes('--bin')
  ? path.resolve(argv[argv.indexOf('--bin') + 1]!)
  : path.join(appRoot(), 'bin', 'airgap-agent');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;

/** resident bytes of `root` and its descendants (all of them when includeRoot) */
function treeRss(root: number, includeRoot = true): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 64; at = parents.get(at) ?? 0, hops++) if (at === root) return true;
    return false;
  };
  let bytes = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid) || (!includeRoot && pid === root)) continue;
    try {
      bytes += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
    } catch {
      // gone
    }
  }
  return bytes;
}

function sampler(root: number, includeRoot = true): { stop(): number } {
  let peak = treeRss(root, includeRoot);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(root, includeRoot))), 20);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

interface Row {
  file: string;
  surface: string;
  seconds: number;
  peakMiB: number;
  outcome: string;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-attacks-'));
const pristine = seedTestPlant({ dir, rows: 2000, docs: false }).db;
let counter = 0;
const freshPlant = (): string => {
  const db = path.join(dir, `plant-${++counter}.db`);
  copyFileSync(pristine, db);
  return db;
};

function files(): Array<{ name: string; what: string; build: () => Buffer | string }> {
  const header = HEADER.split(',');
  return [
    {
      name: 'bomb-150M.xlsx',
      what: 'N2: shared strings of 150 M entries',
      build: () => sharedStringsBomb(150_000_000, header),
    },
    {
      name: 'cell-50M.xlsx',
      what: 'N5: one shared string of 50 M characters',
      build: () => longCellWorkbook(50_000_000, 'shared', header),
    },
    {
      name: 'sheet-first-256M.xlsx',
      what: 'N5: a sheet stored first holding a 256 M-character cell',
      build: () => longCellWorkbook(256 * 1024 * 1024, 'sheet-first', header),
    },
    {
      name: 'one-line-200MB.csv',
      what: 'N5: a CSV of one 200 MB line',
      build: () => `${HEADER},${'x'.repeat(200 * 1024 * 1024)}`,
    },
    {
      name: 'strings-2M.xlsx',
      what: 'legitimate, at the limit: 2,000,000 unique shared strings',
      build: () => {
        const strings: string[] = [];
        for (let index = 0; index < 2_000_000; index++) strings.push(`B2026113${String(index).padStart(8, '0')}`);
        return zipFile([
          ...workbookParts(),
          { name: 'xl/sharedStrings.xml', data: sharedStringsXml(strings) },
          { name: 'xl/worksheets/sheet1.xml', data: sheetXml([header]) },
        ]);
      },
    },
    {
      name: 'rows-500k.csv',
      what: 'legitimate: 500,000 quality rows',
      build: () => {
        const lines = [HEADER];
        for (let index = 0; index < 500_000; index++)
          lines.push(
            `${'ABCD'[index % 4]},2026-11-${String(1 + (index % 28)).padStart(2, '0')},day,BA${index},铰链,480,${index % 9},burr,张伟,2026-11-01 09:00`,
          );
        return `${lines.join('\n')}\n`;
      },
    },
  ];
}

function run(command: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; peak: number; stdout: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(bin, command, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const sample = sampler(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // a refusal by hand is an error on stderr; a report is on stdout
    child.on('exit', () =>
      resolve({
        seconds: (performance.now() - started) / 1000,
        peak: sample.stop(),
        stdout: stdout.trim() || stderr.trim(),
      }),
    );
  });
}

async function main(): Promise<void> {
  const env = { ...process.env };
  delete env.AIRGAP_AGENT_CONFIG;
  const rows: Row[] = [];
  for (const spec of files()) {
    if (only !== undefined && !spec.name.includes(only)) continue;
    const file = path.join(dir, spec.name);
    writeFileSync(file, spec.build());
    process.stderr.write(`# ${spec.name}: ${spec.what}\n`);
    // cli
    const cli = await run(['import', 'quality_data', file, '--db', freshPlant(), '--quiet'], env);
    rows.push({
      file: spec.name,
      surface: 'cli',
      seconds: cli.seconds,
      peakMiB: cli.peak / 2 ** 20,
      outcome: cli.stdout.split('\n')[0] ?? '',
    });
    // inbox: import --inbox-once (the import unit's path)
    const root = path.join(dir, `inbox-${counter}`);
    const inbox = path.join(root, 'inbox');
    mkdirSync(inbox, { recursive: true });
    copyFileSync(file, path.join(inbox, `quality_data-${spec.name}`));
    const config = path.join(root, 'config.yaml');
    writeFileSync(
      config,
      `plant:\n  db: ${freshPlant()}\nimport:\n  inbox: ${inbox}\nlog:\n  dir: ${path.join(root, 'log')}\n  level: silent\n`,
    );
    const once = await run(['--config', config, 'import', '--inbox-once'], env);
    rows.push({
      file: spec.name,
      surface: 'inbox',
      seconds: once.seconds,
      peakMiB: once.peak / 2 ** 20,
      outcome: once.stdout.trim().split('\n')[0] ?? '',
    });
    // serve: the service's watcher in this process; its import process measured alone
    const serveRoot = path.join(dir, `serve-${counter}`);
    const serveInbox = path.join(serveRoot, 'inbox');
    mkdirSync(serveInbox, { recursive: true });
    copyFileSync(file, path.join(serveInbox, `quality_data-${spec.name}`));
    const watcher = new InboxWatcher({
      config: configFromObject({ plant: { db: freshPlant() }, import: { inbox: serveInbox, stable_ms: 0 } }, serveRoot),
      log: pino({ level: 'silent' }),
      worker: true,
    });
    const sample = sampler(process.pid, false);
    const started = performance.now();
    const [result] = await watcher.scanOnce();
    const peak = sample.stop();
    rows.push({
      file: spec.name,
      surface: 'serve',
      seconds: (performance.now() - started) / 1000,
      peakMiB: peak / 2 ** 20,
      outcome: result?.report
        ? formatReport(result.report).split('\n')[0]!
        : `${result?.outcome}: ${result?.error?.split('\n')[0]}`,
    });
    rmSync(file, { force: true });
  }
  process.stdout.write('\nfile                   surface  seconds  peak MiB  outcome\n');
  for (const row of rows)
    process.stdout.write(
      `${row.file.padEnd(22)} ${row.surface.padEnd(8)} ${row.seconds.toFixed(1).padStart(7)}  ` +
        `${row.peakMiB.toFixed(0).padStart(8)}  ${row.outcome.slice(0, 150)}\n`,
    );
  const worst = Math.max(...rows.map((row) => row.peakMiB));
  process.stdout.write(`\nlargest tree: ${worst.toFixed(0)} MiB (the import unit's MemoryMax: 1536 MiB)\n`);
  rmSync(dir, { recursive: true, force: true });
}

void main();
