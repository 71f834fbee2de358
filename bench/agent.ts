/**
 * `npm run bench:agent` — the agent loop's own overhead per step, excluding
 * model time. The model is the scripted OpenAI-compatible server in this
 * process (zero latency, through the real `openai` SDK and HTTP); the tool is
 * an in-process ToolCaller answering at once; agent.db and the audit log are
 * real files. Each question takes 4 steps (3 tool calls, then the answer).
 *
 * Reported per step, p50 / p95:
 * - in-step: step-start → step-end minus the time inside the model call
 *   (parsing, validation, tool dispatch, result formatting, events);
 * - all-in: the whole ask() minus model time, divided by the steps
 *   (adds routing, memory reads/writes, prompt building, audit).
 * Target: under 2 ms per step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromObject } from '../src/config/load.js';
import { Agent } from '../src/agent/agent.js';
import { LlmClient, type ChatRequest } from '../src/llm/client.js';
import { openAgentDb } from '../src/store/agent-db.js';
import { AuditWriter } from '../src/store/audit.js';
import type { ToolCaller } from '../src/mcp/types.js';
import type { SkillEngine } from '../src/skills/engine-types.js';
import { startScriptedLlmServer, turn } from '../src/agent-test/scripted-llm-server.js';
import { rootLogger } from '../src/log/index.js';

const WARMUP = 30;
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 300);
const STEPS = 4;

const tools: ToolCaller = {
  listTools: () => [
    {
      server: 'bench',
      name: 'count_records',
      description: 'Count the quality records of one line over the last N days.',
      inputSchema: {
        type: 'object',
        properties: {
          line: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
          days: { type: 'integer', minimum: 1, maximum: 30 },
        },
        required: ['line', 'days'],
      },
    },
  ],
  callTool: async (request) => ({
    ok: true,
    text: `line ${String(request.arguments.line)}: 7 records`,
    structured: { count: 7 },
    ms: 0,
  }),
};

const skills: SkillEngine = {
  route: (question) => ({
    kind: 'none',
    language: /[\u4e00-\u9fff]/.test(question) ? 'zh' : 'en',
    reason: 'bench: no rule',
  }),
  list: () => [],
  relevant: () => [],
  markdown: () => undefined,
  run: async () => {
    throw new Error('no skills in the bench');
  },
  examples: () => [],
  close: async () => undefined,
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'));
  const server = await startScriptedLlmServer();
  const config = configFromObject(
    {
      state: { db: path.join(dir, 'agent.db') },
      llm: { base_url: server.url, model: 'scripted' },
      agent: { max_steps: 8 },
      log: { level: 'silent', dir },
    },
    dir,
  );
  const db = openAgentDb(config.state.db);
  const audit = new AuditWriter(db, { flushMs: config.audit.flush_ms });
  const client = LlmClient.fromConfig(config)!;
  // time spent inside model calls (SDK + HTTP + the scripted server) is excluded
  let modelMs = 0;
  const chat = client.chat.bind(client);
  client.chat = async (request: ChatRequest) => {
    const started = performance.now();
    try {
      return await chat(request);
    } finally {
      modelMs += performance.now() - started;
    }
  };
  const agent = new Agent({ config, tools, skills, llm: client, db, audit, log: rootLogger() });
  await agent.probe();

  const inStep: number[] = [];
  const allIn: number[] = [];
  for (let index = 0; index < WARMUP + QUESTIONS; index++) {
    server.push(
      turn.call('count_records', { line: 'A', days: 7 }),
      turn.text('<tool_call>{"name": "count_records", "arguments": {"line": "B", "days": "7"}}</tool_call>'),
      turn.call('count_records', "{'line': 'c', 'days': 3,}"),
      turn.text('Line A has 7 records, line B 7, line C 7.'),
    );
    let stepStart = 0;
    let modelAtStepStart = 0;
    const steps: number[] = [];
    modelMs = 0;
    const started = performance.now();
    const answer = await agent.ask({
      question: `How many records do lines A, B and C have? (${index})`,
      onEvent: (event) => {
        if (event.type === 'step-start') {
          stepStart = performance.now();
          modelAtStepStart = modelMs;
        } else if (event.type === 'step-end') {
          steps.push(performance.now() - stepStart - (modelMs - modelAtStepStart));
        }
      },
    });
    const total = performance.now() - started;
    if (answer.tool_calls.length !== 3 || steps.length !== STEPS)
      throw new Error(`unexpected run: ${JSON.stringify(answer).slice(0, 400)}`);
    if (index < WARMUP) continue;
    inStep.push(...steps);
    allIn.push((total - modelMs) / STEPS);
  }

  const format = (values: number[]) =>
    `p50 ${percentile(values, 50).toFixed(3)} ms   p95 ${percentile(values, 95).toFixed(3)} ms`;
  process.stdout.write(`agent loop overhead per step (model time excluded), ${QUESTIONS} questions × ${STEPS} steps\n`);
  process.stdout.write(`  in-step: ${format(inStep)}\n`);
  process.stdout.write(`  all-in:  ${format(allIn)}\n`);
  const p95 = percentile(allIn, 95);
  process.stdout.write(`  target < 2 ms per step: ${p95 < 2 ? 'met' : 'NOT met'} (all-in p95 ${p95.toFixed(3)} ms)\n`);

  agent.close();
  audit.close();
  db.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
