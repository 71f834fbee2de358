/**
 * `npm run bench:http`: the real service (`airgap-agent serve`, a child
 * process) on the seeded demo plant, rules only (no model), loopback only.
 * 50 concurrent operators ask rule-routed questions for 30 s, each through
 * one streaming POST /api/tasks (Accept: text/event-stream) read to `done`.
 * Prints p50/p99 latency, requests per second and errors (must be zero),
 * checks that every answered request is in the audit log (tool_call_log, by
 * the answer's trace id), and the service's RSS (with its MCP children): idle
 * after start, after the first question (which starts the servers it needs),
 * and idle after the run, and the CPU each process spent per answered
 * question (the service, its MCP children by role, this client).
 *
 * Open loop (`--rate Q`): instead of N operators each waiting for its answer,
 * questions are sent at a fixed rate of Q per second whatever the service
 * does (as questions arrive on a plant floor); latency is counted from when
 * each question was due, so a stalled service cannot hide its queue
 * (no coordinated omission). `--cpu-prof DIR` runs the service under
 * `node --cpu-prof` and leaves the profile in DIR (open it in Chrome DevTools).
 * `--bin PATH` serves with that program instead of the development launcher:
 * the shipped single executable (`npm run bundle`, then the tarball's
 * bin/airgap-agent), which is what a plant runs. `--plant-db FILE`: the plant seeded once and kept (a 10 M-row
 * seed takes minutes): seeded there (with its documents in the folder beside it, `docs`) when FILE does not exist,
 * else used as it is (seeded before by this bench with the same --rows; the service only reads it).
 *   node --import tsx bench/http.ts [--operators N] [--seconds S] [--rows N] [--rate Q] [--cpu-prof DIR] [--bin PATH]
 *     [--plant-db FILE]
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seedPlant } from '../src/seed/index.js';
import { openSqlite } from '../src/store/sqlite.js';
import { SseParser } from '../src/http/testing/sse-client.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const NOW = '2026-11-29T10:00:00+08:00';
const QUESTIONS = [
  "What was line A's defect rate last Wednesday?",
  'Output and yield of every line this week',
  'Which line was worst last week?',
  'Top defect types on line B in the past 7 days',
  "This week's quality report",
  'Which machines are overdue for maintenance?',
  'A线上周三的次品率是多少？',
  '本周各产线的产量和良率',
  '本周质量周报',
  'B线最近7天的主要缺陷类型',
  '哪些设备保养逾期了？',
  'C线昨天的良率',
];

const { values } = parseArgs({
  options: {
    operators: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    rows: { type: 'string', default: '100000' },
    rate: { type: 'string' },
    'cpu-prof': { type: 'string' },
    bin: { type: 'string' },
    'plant-db': { type: 'string' },
  },
});
/** the program served: the development launcher (tsx) unless --bin names another (a shipped bundle's bin/airgap-agent) */
const bin = values.bin === undefined ? path.join(root, 'bin', 'airgap-agent') : path.resolve(values.bin);
const OPERATORS = Number(values.operators);
const SECONDS = Number(values.seconds);
const RATE = values.rate === undefined ? undefined : Number(values.rate);
if (RATE !== undefined && !(RATE > 0))
  throw new Error(`--rate must be a positive number of questions per second, not "${values.rate}"`);

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry), ...childrenOf(Number(entry)));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function memory(pid: number): string {
  const own = rssKb(pid);
  const children = childrenOf(pid);
  const all = children.reduce((sum, child) => {
    try {
      return sum + rssKb(child);
    } catch {
      return sum;
    }
  }, own);
  return `service ${(own / 1024).toFixed(0)} MB RSS; with its ${children.length} MCP child processes ${(all / 1024).toFixed(0)} MB`;
}

/** CPU seconds (user + system) a process has used so far, by its /proc stat */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14 and 15 of stat (utime, stime), counted from the state field (3): in clock ticks of 1/100 s
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far: the service, each MCP child by its role, and this client */
function cpuNow(pid: number): Map<string, number> {
  const used = new Map<string, number>([['service', cpuSeconds(pid)]]);
  for (const child of childrenOf(pid)) {
    let role = 'child';
    try {
      const args = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('mcp');
      role = at === -1 ? path.basename(args[0] ?? 'child') : `mcp ${args[at + 1] ?? ''}`;
    } catch {
      // the process ended while we looked
    }
    used.set(role, (used.get(role) ?? 0) + cpuSeconds(child));
  }
  const client = process.cpuUsage();
  used.set('this client', (client.user + client.system) / 1e6);
  return used;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
  const config = path.join(dir, 'agent.yaml');
  // --plant-db: a plant kept between runs (its documents beside it); else one seeded in this run's folder
  const plantDb = values['plant-db'] === undefined ? path.join(dir, 'plant.db') : path.resolve(values['plant-db']);
  const docsDir = path.join(path.dirname(plantDb), 'docs');
  writeFileSync(
    config,
    JSON.stringify({
      plant: { db: plantDb, timezone: 'Asia/Shanghai' },
      state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
      docs: { root: docsDir },
      llm: { base_url: null },
      skills: { watch: false },
      // the bench's operators share one account and one address; on the floor each has their own
      // (16 streams per user, 64 connections per address: a closing connection and its successor both count)
      server: {
        host: '127.0.0.1',
        port: 0,
        streams_per_user: Math.min(1000, Math.max(16, OPERATORS * 2)),
        connections_per_address: Math.max(64, OPERATORS * 2),
      },
      log: { level: 'warn', dir: path.join(dir, 'log') },
    }),
  );
  if (values['plant-db'] !== undefined && existsSync(plantDb)) {
    process.stdout.write(`plant ${plantDb} (${(statSync(plantDb).size / 1e6).toFixed(0)} MB), not seeded here\n`);
  } else {
    const seedStarted = performance.now();
    mkdirSync(path.dirname(plantDb), { recursive: true });
    seedPlant({ db: plantDb, rows: Number(values.rows), seed: 1, today: '2026-11-29', docsDir, force: true });
    process.stdout.write(
      `seeded ${values.rows} quality rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s${
        values['plant-db'] === undefined ? '' : ` (kept: ${plantDb})`
      }\n`,
    );
  }
  const added = spawnSync(
    bin,
    ['--config', config, 'users', 'add', 'bench', '--role', 'operator', '--password-stdin'],
    { input: 'bench-password-1\n' },
  );
  if (added.status !== 0) throw new Error(`users add failed: ${added.stderr.toString()}`);

  const serveArgs = ['--config', config, '--now', NOW, 'serve', '--port', '0'];
  const profileDir = values['cpu-prof'] === undefined ? undefined : path.resolve(values['cpu-prof']);
  const service = profileDir
    ? spawn(
        process.execPath,
        [
          '--cpu-prof',
          `--cpu-prof-dir=${profileDir}`,
          '--import',
          'tsx',
          path.join(root, 'src', 'cli', 'entry.ts'),
          ...serveArgs,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'], cwd: root },
      )
    : spawn(bin, serveArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    service.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    service.once('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`serve did not start in 60 s: ${stderr}`)), 60_000).unref();
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    process.stdout.write(`idle before: ${memory(service.pid!)}\n`);
    const tokens: string[] = [];
    for (let index = 0; index < OPERATORS; index++) {
      const response = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: 'bench-password-1', kind: 'bearer' }),
      });
      tokens.push(((await response.json()) as { token: string }).token);
    }
    // the first question starts the MCP servers it needs (nothing runs before): the footprint it leaves
    const first = await fetch(`${url}/api/tasks`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        Authorization: `Bearer ${tokens[0]}`,
      },
      body: JSON.stringify({ question: QUESTIONS[0] }),
    });
    await first.text();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.stdout.write(`after the first question: ${memory(service.pid!)}\n`);
    const latencies: number[] = [];
    const errors: string[] = [];
    const traces: Array<{ http: string; agent: string }> = [];
    const deadline = performance.now() + SECONDS * 1000;
    let sequence = 0;
    /** One question, streamed to `done`; latency from `due` (when it was meant to be sent). */
    // the operators' questions over node:http with kept-alive connections: fetch's web streams cost this client
    // about 1.5 ms of CPU a question, on the cores the service needs (every stream is still read to `done`)
    const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(OPERATORS, 64) });
    /**
     * One streaming POST /api/tasks, read to its end: a 200's body goes to `onText` as it comes; another status
     * comes back with its body.
     */
    const post = (
      headers: Record<string, string>,
      body: string,
      onText: (text: string) => void,
    ): Promise<{ status: number; refusal: string }> =>
      new Promise((resolve, reject) => {
        const request = http.request(
          `${url}/api/tasks`,
          { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
          (response) => {
            const status = response.statusCode ?? 0;
            let refusal = '';
            response.setEncoding('utf8');
            response.on('data', (text: string) => {
              if (status === 200) onText(text);
              else refusal += text;
            });
            response.on('end', () => resolve({ status, refusal }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    /** One question, streamed to `done`; latency from `due` (when it was meant to be sent). */
    const askOnce = async (index: number, question: string, due: number): Promise<void> => {
      const traceId = `bench-${index}-${sequence++}`;
      try {
        const parser = new SseParser();
        let state = '';
        let lane = '';
        let agentTrace = '';
        let why = '';
        const { status, refusal } = await post(
          {
            'Content-Type': 'application/json',
            Accept: 'text/event-stream',
            Authorization: `Bearer ${tokens[index % tokens.length]}`,
            'X-Trace-Id': traceId,
          },
          JSON.stringify({ question }),
          (chunk) => {
            for (const event of parser.push(chunk)) {
              // the events the checks below read (the others are counted read: the stream goes on to `done`)
              if (!['task-state', 'answer', 'done', 'task-error'].includes(event.event)) continue;
              const data = JSON.parse(event.data);
              if (event.event === 'task-state' && data.lane) lane = data.lane;
              if (event.event === 'answer') agentTrace = data.trace_id;
              if (event.event === 'done') state = data.state;
              if (event.event === 'task-error') why = `${data.code}: ${data.message}`;
              if (event.event === 'answer' && data.error) why = `${data.error.code}: ${data.error.message}`;
            }
          },
        );
        if (status !== 200) {
          errors.push(`${status} ${refusal}`);
          return;
        }
        latencies.push(performance.now() - due);
        if (state !== 'success') errors.push(`${question}: ended ${state} (${why})`);
        else if (lane !== 'rules') errors.push(`${question}: not rule-routed (${lane})`);
        else traces.push({ http: traceId, agent: agentTrace });
      } catch (error) {
        errors.push(`${question}: ${(error as Error).message}`);
      }
    };
    const operator = async (index: number): Promise<void> => {
      let asked = 0;
      while (performance.now() < deadline)
        await askOnce(index, QUESTIONS[(index + asked++) % QUESTIONS.length]!, performance.now());
    };
    /** Open loop: question i is due at start + i / RATE, sent then whatever is still running. */
    const openLoop = async (rate: number): Promise<void> => {
      const begin = performance.now();
      const total = Math.floor(rate * SECONDS);
      const running: Array<Promise<void>> = [];
      for (let i = 0; i < total; i++) {
        const due = begin + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        running.push(askOnce(i, QUESTIONS[i % QUESTIONS.length]!, due));
      }
      await Promise.all(running);
    };
    const cpuBefore = cpuNow(service.pid!);
    const started = performance.now();
    if (RATE !== undefined) await openLoop(RATE);
    else await Promise.all(Array.from({ length: OPERATORS }, (_, index) => operator(index)));
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = cpuNow(service.pid!);
    latencies.sort((a, b) => a - b);
    const load = RATE !== undefined ? `open loop at ${RATE} questions/s` : `${OPERATORS} operators (closed loop)`;
    process.stdout.write(
      `${load}, ${elapsed.toFixed(1)} s: ${latencies.length} questions answered, ${(latencies.length / elapsed).toFixed(1)} requests/s\n`,
    );
    process.stdout.write(
      `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ` +
        `${percentile(latencies, 99).toFixed(1)} ms, max ` +
        `${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms\n`,
    );
    process.stdout.write(
      `errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 3).join(' | ')})` : ''}\n`,
    );
    // where the CPU went, per answered question: what a target in requests/s asks of each process on this host
    const perQuestion = [...cpuAfter]
      .map(
        ([role, seconds]) =>
          [role, ((seconds - (cpuBefore.get(role) ?? 0)) * 1000) / Math.max(1, latencies.length)] as const,
      )
      .filter(([, ms]) => ms > 0.005);
    const total = perQuestion.reduce((sum, [, ms]) => sum + ms, 0);
    process.stdout.write(
      `CPU per answered question: ${total.toFixed(2)} ms (${perQuestion
        .map(([role, ms]) => `${role} ${ms.toFixed(2)}`)
        .join(', ')}); ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    process.stdout.write(`idle after: ${memory(service.pid!)}\n`);
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    if (profileDir)
      process.stdout.write(
        `CPU profile of the service: ${readdirSync(profileDir)
          .filter((name) => name.endsWith('.cpuprofile'))
          .map((name) => path.join(profileDir, name))
          .join(', ')}\n`,
      );
    const db = openSqlite(path.join(dir, 'agent.db'), { readonly: true });
    const has = db.prepare('SELECT 1 FROM tool_call_log WHERE trace_id = ? LIMIT 1');
    const missing = traces.filter((trace) => !trace.agent || has.get(trace.agent) === undefined);
    db.close();
    process.stdout.write(
      `audit log: ${traces.length - missing.length} of ${traces.length} answered requests found by trace id${
        missing.length
          ? ` — MISSING ${missing
              .slice(0, 3)
              .map((trace) => trace.http)
              .join(', ')}`
          : ''
      }\n`,
    );
    return errors.length === 0 && missing.length === 0 && latencies.length > 0 ? 0 : 1;
  } finally {
    if (service.exitCode === null) {
      service.kill('SIGTERM');
      await new Promise((resolve) => service.once('exit', resolve));
    }
    if (process.env.BENCH_KEEP) process.stdout.write(`kept ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`bench:http failed: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
