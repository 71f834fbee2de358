/**
 * The capable-responder pass (issue 31): the REAL service (`airgap-agent serve`
 * on a seeded demo plant, fixed `--now`) with its model endpoint an
 * `llm bridge` per responder; questions (and multi-turn conversations on one
 * session) are sent through the HTTP API and each bridge's responder (a
 * person, another AI agent, scripts/bridge-responder.mjs) answers the model
 * turns by writing files (BRIDGE_DIR/RESPONDER.md says how).
 *
 *   node --import tsx bench/model-pass.ts --questions Q.yaml --out OUT \
 *     --bridge DIR1@responder-name [--bridge DIR2@name …] [--rows N] [--now ISO] [--timeout S]
 *
 * Q.yaml: a list of `{name, input}` or `{name, turns: [q1, q2, …]}` (one session).
 * Conversations are dealt round-robin to the bridges; each bridge runs its own
 * service and asks one question at a time (a responder answers one at a time).
 * Writes, under OUT:
 *   records.jsonl     one line per question: answer, mode, error, steps, tool calls,
 *                     prompt / reply tokens (the bridge's usage, estimated when the
 *                     responder gave none), model turns, seconds;
 *   summary.md        the same as a table;
 *   model-pass.yaml   agent-test cases (`recorded: capable-model`, the responder in a
 *                     comment, the plant and `now` of the run) with their cassettes in
 *                     cassettes/model-pass/<case>.json (the responses, turn by turn).
 * The cases' figure assertions are left to the reviewer (checked by independent SQL).
 *
 * A responder takes 20–90 s a turn, so the clocks are set for people, not
 * models: the bridge waits --timeout seconds for each answer (default 570;
 * llm.timeout_ms, at most 600 s, is 30 s more), and one question may take
 * --question-budget seconds in all (agent.question_budget_s, default 3600).
 * When a bridge's questions are all asked, the runner writes DIR/DONE (its
 * responder may stop). Approvals on the model path are given by a second
 * admin (nobody approves their own request).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import { seedPlant } from '../src/seed/index.js';
import { readSse, wireEventOf } from '../src/cli/sse-read.js';
import { cassettePath } from '../src/agent-test/cassette.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const bin = path.join(root, 'bin', 'airgap-agent');
const PASSWORD = 'model-pass-password-1';
/** the second admin, who approves the pass's approval requests */
const APPROVER = 'pass-approver';
/** llm.timeout_ms's ceiling (the config schema's): the bridge's --timeout stays 30 s under it */
const LLM_TIMEOUT_MAX_S = 600;

const { values } = parseArgs({
  options: {
    questions: { type: 'string' },
    out: { type: 'string' },
    bridge: { type: 'string', multiple: true },
    rows: { type: 'string', default: '100000' },
    now: { type: 'string', default: '2026-11-29T10:00:00+08:00' },
    today: { type: 'string', default: '2026-11-29' },
    timeout: { type: 'string', default: '570' },
    'question-budget': { type: 'string', default: '3600' },
  },
});
if (!values.questions || !values.out || !values.bridge?.length) {
  process.stderr.write(
    'usage: node --import tsx bench/model-pass.ts --questions Q.yaml --out OUT --bridge DIR@name [--bridge …]' +
      ' [--rows N] [--now ISO] [--today YYYY-MM-DD] [--timeout S] [--question-budget S]\n',
  );
  process.exit(2);
}
const timeoutS = Number(values.timeout);
if (!Number.isInteger(timeoutS) || timeoutS < 1 || timeoutS > LLM_TIMEOUT_MAX_S - 30) {
  process.stderr.write(
    `model-pass: --timeout ${values.timeout}: a whole number of seconds, 1 to ${LLM_TIMEOUT_MAX_S - 30}` +
      ` (llm.timeout_ms, at most ${LLM_TIMEOUT_MAX_S} s, must stay above it)\n`,
  );
  process.exit(2);
}
const budgetS = Number(values['question-budget']);
if (!Number.isInteger(budgetS) || budgetS < 1 || budgetS > 3600) {
  process.stderr.write(`model-pass: --question-budget ${values['question-budget']}: 1 to 3600 seconds\n`);
  process.exit(2);
}

interface Conversation {
  name: string;
  turns: string[];
}

function loadQuestions(file: string): Conversation[] {
  const list = parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(list)) throw new Error(`${file}: expected a list of {name, input} or {name, turns}`);
  return list.map((item: { name?: unknown; input?: unknown; turns?: unknown }, index) => {
    const turns = Array.isArray(item.turns) ? item.turns.map(String) : item.input ? [String(item.input)] : [];
    if (turns.length === 0) throw new Error(`${file}: item ${index + 1} has neither input nor turns`);
    return { name: typeof item.name === 'string' ? item.name : `q${index + 1}`, turns };
  });
}

interface Worker {
  dir: string;
  responder: string;
  bridge: ChildProcess;
  service: ChildProcess;
  url: string;
  token: string;
  approverToken: string;
}

function waitForLine(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child[stream]!.on('data', (data: Buffer) => {
      text += data.toString();
      const match = pattern.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${pattern.source}: the process exited (${code}): ${text}`)));
    setTimeout(() => reject(new Error(`did not start in 120 s: ${text}`)), 120_000).unref();
  });
}

async function startWorker(options: { spec: string; index: number; out: string; plantDb: string; docs: string }) {
  const [dirText, responder = `responder-${options.index + 1}`] = options.spec.split('@');
  const dir = path.resolve(dirText!);
  mkdirSync(dir, { recursive: true });
  const work = path.join(options.out, `work-${options.index + 1}`);
  mkdirSync(work, { recursive: true });
  const config = path.join(work, 'agent.yaml');
  // a DONE left by an earlier run would tell this run's responder to stop
  rmSync(path.join(dir, 'DONE'), { force: true });
  const bridgeConfig = path.join(work, 'bridge.yaml');
  writeFileSync(
    bridgeConfig,
    JSON.stringify({ log: { dir: path.join(work, 'log') }, llm: { model: 'capable-model' } }),
  );
  const bridge = spawn(bin, ['--config', bridgeConfig, 'llm', 'bridge', '--dir', dir, '--timeout', String(timeoutS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const llmUrl = await waitForLine(bridge, 'stdout', /listening on (http:\/\/\S+\/v1)/);
  writeFileSync(
    config,
    JSON.stringify({
      plant: { db: options.plantDb, timezone: 'Asia/Shanghai' },
      state: { db: path.join(work, 'agent.db'), fts_db: path.join(work, 'fts.db') },
      docs: { root: options.docs },
      llm: { base_url: llmUrl, model: 'capable-model', timeout_ms: (timeoutS + 30) * 1000 },
      agent: { question_budget_s: budgetS },
      skills: { watch: false },
      server: { host: '127.0.0.1', port: 0 },
      log: { level: 'info', dir: path.join(work, 'log') },
    }),
  );
  for (const user of ['pass', APPROVER]) {
    const added = spawnSync(bin, ['--config', config, 'users', 'add', user, '--role', 'admin', '--password-stdin'], {
      input: `${PASSWORD}\n`,
    });
    if (added.status !== 0) throw new Error(`users add ${user} failed: ${added.stderr.toString()}`);
  }
  const service = spawn(bin, ['--config', config, '--now', values.now!, 'serve', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await waitForLine(service, 'stderr', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  const login = async (username: string): Promise<string> => {
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD, kind: 'bearer' }),
    });
    if (!response.ok) throw new Error(`login ${username}: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { token: string }).token;
  };
  const token = await login('pass');
  const approverToken = await login(APPROVER);
  process.stderr.write(`model-pass: bridge ${dir} (${responder}) → ${llmUrl}; service ${url}\n`);
  return { dir, responder, bridge, service, url, token, approverToken } satisfies Worker;
}

function requestNumbers(dir: string): number[] {
  const folder = path.join(dir, 'requests');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => /^(\d+)\./.exec(name)?.[1])
    .filter((id): id is string => id !== undefined)
    .map(Number);
}

/** The responses a question's model turns got, in order → cassette turns (and usage, estimated by the bridge's rule). */
function turnsSince(dir: string, after: number): Array<Record<string, unknown>> {
  const numbers = [...new Set(requestNumbers(dir))].filter((number) => number > after).sort((a, b) => a - b);
  return numbers.map((number) => {
    const id = String(number).padStart(4, '0');
    const file = path.join(dir, 'responses', `${id}.json`);
    if (!existsSync(file)) return { status: 504, error_message: `no response to request ${id}` };
    const response = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
    if (typeof response.raw === 'string') return { content: response.raw };
    return {
      ...(response.content ? { content: response.content } : {}),
      ...(Array.isArray(response.tool_calls)
        ? {
            tool_calls: response.tool_calls.map((call: any) => ({
              name: call.function.name,
              arguments: call.function.arguments ?? '{}',
            })),
          }
        : {}),
      ...(response.finish_reason ? { finish_reason: response.finish_reason } : {}),
    };
  });
}

function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

function tokensSince(dir: string, after: number): { prompt: number; reply: number } {
  let prompt = 0;
  let reply = 0;
  for (const number of requestNumbers(dir).filter((n) => n > after)) {
    const id = String(number).padStart(4, '0');
    const request = path.join(dir, 'requests', `${id}.json`);
    if (existsSync(request)) {
      const body = JSON.parse(readFileSync(request, 'utf8')) as { messages: unknown; tools: unknown };
      prompt += estimateTokens(JSON.stringify(body.messages)) + estimateTokens(JSON.stringify(body.tools));
    }
    const response = path.join(dir, 'responses', `${id}.json`);
    if (existsSync(response)) {
      const body = JSON.parse(readFileSync(response, 'utf8')) as Record<string, any>;
      if (body.usage) {
        reply += Number(body.usage.completion_tokens);
        continue;
      }
      reply += estimateTokens(JSON.stringify([body.content ?? body.raw ?? '', body.tool_calls ?? []]));
    }
  }
  return { prompt, reply };
}

async function ask(worker: Worker, question: string, sessionId: string | undefined) {
  const response = await fetch(`${worker.url}/api/tasks`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${worker.token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ question, ...(sessionId ? { session_id: sessionId } : {}) }),
  });
  if (!response.ok || !response.body)
    throw new Error(`POST /api/tasks: HTTP ${response.status} ${await response.text()}`);
  let steps = 0;
  let answer: any;
  let session = sessionId;
  let failure: string | undefined;
  const calls: Array<{ tool: string; arguments: unknown; ok: boolean; error: string | null }> = [];
  const approvals: string[] = [];
  for await (const raw of readSse(response.body)) {
    const wire = wireEventOf(raw);
    if (!wire) continue;
    if (wire.event === 'task-state' && typeof wire.data.session_id === 'string') session = wire.data.session_id;
    else if (wire.event === 'step-start') steps += 1;
    else if (wire.event === 'tool-call-end')
      calls.push({ tool: wire.data.tool, arguments: wire.data.arguments, ok: wire.data.ok, error: wire.data.error });
    else if (wire.event === 'approval-required') {
      // approvals on the model path: approved by the pass's second admin (nobody approves their own), and recorded
      approvals.push(wire.data.skill);
      const decided = await fetch(`${worker.url}/api/approvals/${wire.data.approval_id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${worker.approverToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'approve', reason: 'model pass' }),
      });
      if (!decided.ok) failure = `approval of ${wire.data.skill}: HTTP ${decided.status} ${await decided.text()}`;
    } else if (wire.event === 'answer') answer = wire.data;
    else if (wire.event === 'task-error') failure = `${wire.data.code}: ${wire.data.message}`;
    else if (wire.event === 'done') break;
  }
  return { steps, answer, session, failure, calls, approvals };
}

/** DIR/DONE: this bridge gets no more questions (its responder may stop); the first reason stays. */
function markDone(worker: Worker, reason: string): void {
  const file = path.join(worker.dir, 'DONE');
  if (!existsSync(file)) writeFileSync(file, `${reason} (${new Date().toISOString()})\n`);
}

async function main(): Promise<void> {
  const out = path.resolve(values.out!);
  mkdirSync(out, { recursive: true });
  const conversations = loadQuestions(values.questions!);
  const plantDir = path.join(out, 'plant');
  if (!existsSync(path.join(plantDir, 'plant.db'))) {
    seedPlant({
      db: path.join(plantDir, 'plant.db'),
      rows: Number(values.rows),
      seed: 1,
      today: values.today!,
      docsDir: path.join(plantDir, 'docs'),
      force: true,
    });
  }
  const workers = await Promise.all(
    values.bridge!.map((spec, index) =>
      startWorker({ spec, index, out, plantDb: path.join(plantDir, 'plant.db'), docs: path.join(plantDir, 'docs') }),
    ),
  );
  const records: Array<Record<string, unknown>> = [];
  const cases: Array<{ responder: string; case: Record<string, unknown> }> = [];
  const casesFile = path.join(out, 'model-pass.yaml');
  try {
    await Promise.all(
      workers.map(async (worker, index) => {
        const mine = conversations.filter((_conversation, position) => position % workers.length === index);
        for (const conversation of mine) {
          let session: string | undefined;
          for (const [turn, question] of conversation.turns.entries()) {
            const name = conversation.turns.length > 1 ? `${conversation.name} (${turn + 1})` : conversation.name;
            const before = Math.max(0, ...requestNumbers(worker.dir));
            const started = performance.now();
            let result;
            try {
              result = await ask(worker, question, session);
            } catch (error) {
              result = {
                steps: 0,
                answer: undefined,
                session,
                failure: (error as Error).message,
                calls: [],
                approvals: [],
              };
            }
            session = result.session;
            const seconds = (performance.now() - started) / 1000;
            const turns = turnsSince(worker.dir, before);
            const tokens = tokensSince(worker.dir, before);
            const record = {
              name,
              question,
              responder: worker.responder,
              answer: result.answer?.answer ?? null,
              mode: result.answer?.mode ?? null,
              error: result.answer?.error ?? result.failure ?? null,
              steps: result.steps,
              model_turns: turns.length,
              tool_calls: result.calls,
              // what the model asked for, turn by turn (a call refused before it ran, e.g. invalid arguments, is
              // in here and not in tool_calls)
              requested_calls: turns.flatMap((entry) =>
                Array.isArray(entry.tool_calls) ? entry.tool_calls.map((call: { name: string }) => call.name) : [],
              ),
              approvals: result.approvals,
              prompt_tokens: tokens.prompt,
              reply_tokens: tokens.reply,
              seconds: Math.round(seconds * 10) / 10,
            };
            records.push(record);
            writeFileSync(
              path.join(out, 'records.jsonl'),
              records.map((line) => JSON.stringify(line)).join('\n') + '\n',
            );
            process.stderr.write(`model-pass: ${name}: ${record.mode} ${record.steps} step(s) ${record.seconds} s\n`);
            const testCase: Record<string, unknown> = {
              name,
              input: question,
              recorded: 'capable-model',
              expected_mode: result.answer?.mode ?? 'model',
              ...(conversation.turns.length > 1 ? { session: conversation.name } : {}),
              now: values.now,
              expected_tools: [...new Set(result.calls.filter((call) => call.ok).map((call) => call.tool))].map(
                (tool) => ({ name: tool }),
              ),
              max_steps: Math.max(result.steps, 1),
              tags: ['capable-model'],
            };
            cases.push({ responder: worker.responder, case: testCase });
            const cassette = cassettePath(casesFile, name);
            mkdirSync(path.dirname(cassette), { recursive: true });
            const recording = {
              version: 1,
              case: name,
              recorded_at: new Date().toISOString(),
              model: `capable-model (${worker.responder})`,
              turns,
            };
            writeFileSync(cassette, `${JSON.stringify(recording, null, 2)}\n`);
          }
        }
        markDone(worker, `all ${mine.length} question(s) of this bridge asked`);
      }),
    );
  } finally {
    for (const worker of workers) {
      markDone(worker, 'the runner stopped');
      worker.service.kill('SIGTERM');
      worker.bridge.kill('SIGTERM');
    }
  }
  const yaml = [
    '# Recorded by bench/model-pass.ts through the real service and `llm bridge` (issue 31).',
    '# Figures are to be asserted after checking them with independent SQL.',
    stringify({ plant: { seed: 1, today: values.today, rows: Number(values.rows) }, cases: [] }).replace(
      'cases: []\n',
      'cases:\n',
    ),
    ...cases.map(
      (entry) =>
        `  # responder: ${entry.responder}\n` +
        stringify([entry.case])
          .split('\n')
          .map((line) => (line ? `  ${line}` : line))
          .join('\n'),
    ),
  ].join('\n');
  writeFileSync(casesFile, yaml);
  const table = [
    '| case | responder | mode | error | steps | tools | prompt tok | reply tok | s |',
    '|---|---|---|---|---|---|---|---|---|',
    ...records.map(
      (record: any) =>
        `| ${record.name} | ${record.responder} | ${record.mode} | ${record.error ? JSON.stringify(record.error).slice(0, 60) : ''} |` +
        ` ${record.steps} | ${record.tool_calls.map((call: any) => call.tool).join(', ')} | ${record.prompt_tokens} |` +
        ` ${record.reply_tokens} | ${record.seconds} |`,
    ),
  ].join('\n');
  writeFileSync(path.join(out, 'summary.md'), `${table}\n`);
  process.stdout.write(`${table}\n\nmodel-pass: ${records.length} question(s); records in ${out}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`model-pass: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
