/**
 * npm run bench:llm [-- --threads N] [--runs N] [--tokens N] [--model FILE]
 *
 * The embedded model service with the tiny random-weight GGUF (or --model):
 * - load: getLlama + loadModel + createContext, and the process RSS after it;
 * - raw node-llama-cpp (LlamaChat on its own context) against the service
 *   (HTTP + SSE + the openai SDK), same prompt, same max tokens, greedy:
 *   tokens per second, time to first token, and the service's overhead per
 *   request (median total through HTTP minus median total direct);
 * - one grammar-constrained tool call through the service.
 * Threads default to 1: on a busy 2-core machine llama.cpp's spinning worker
 * threads are far slower with 2 (see docs/embedded-llm.md); pass --threads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import OpenAI from 'openai';
import { logger } from '../src/log/index.js';
import { EmbeddedModel, disposeLlamas } from '../src/llm/embedded/engine.js';
import { loadLlamaModule } from '../src/llm/embedded/load-llama.js';
import { startLlmServer } from '../src/llm/embedded/server.js';
import { writeTinyGguf } from '../src/llm/embedded/tiny-gguf.js';

const { values } = parseArgs({
  options: {
    threads: { type: 'string' },
    runs: { type: 'string' },
    tokens: { type: 'string' },
    model: { type: 'string' },
    gpu: { type: 'boolean' },
  },
});
const threads = Number(values.threads ?? 1);
const runs = Number(values.runs ?? 7);
const maxTokens = Number(values.tokens ?? 128);
const mib = (bytes: number): number => Math.round(bytes / 1048576);
const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-llm-'));
const file = values.model ?? path.join(dir, 'tiny-test.gguf');
if (!values.model) writeTinyGguf({ file, seed: 42 });
const rssBefore = process.memoryUsage().rss;
const prompt = 'Summarise the defect rate of line A for last week in one short paragraph.';

try {
  const model = await EmbeddedModel.load({
    file,
    threads,
    contextSize: 2048,
    parallel: 1,
    queueMax: 4,
    gpu: values.gpu ? 'auto' : false,
    log: logger('bench'),
  });
  const rssLoaded = process.memoryUsage().rss;
  const server = await startLlmServer({ model, host: '127.0.0.1', port: 0, log: logger('bench') });
  const client = new OpenAI({ baseURL: server.url, apiKey: 'unused', maxRetries: 0 });

  // raw node-llama-cpp on its own model + context (the same file and settings)
  const module = await loadLlamaModule();
  const llama = await module.getLlama({
    build: 'never',
    gpu: values.gpu ? 'auto' : false,
    maxThreads: threads,
    progressLogs: false,
    skipDownload: true,
  });
  const rawModel = await llama.loadModel({ modelPath: file });
  const rawContext = await rawModel.createContext({ contextSize: 2048, sequences: 1, threads });
  const rawChat = new module.LlamaChat({ contextSequence: rawContext.getSequence() });
  const history = () => [
    { type: 'user' as const, text: prompt },
    { type: 'model' as const, response: [] as string[] },
  ];

  const direct: Array<{ total: number; ttft: number; tokens: number }> = [];
  const service: Array<{ total: number; ttft: number; tokens: number }> = [];
  for (let run = 0; run < runs + 1; run++) {
    {
      let first = 0;
      let tokens = 0;
      const started = performance.now();
      await rawChat.generateResponse(history(), {
        maxTokens,
        temperature: 0,
        onToken: (list) => {
          tokens += list.length;
        },
        onTextChunk: () => {
          first ||= performance.now();
        },
      });
      if (run > 0) direct.push({ total: performance.now() - started, ttft: first - started, tokens });
    }
    {
      let first = 0;
      let tokens = 0;
      const started = performance.now();
      const stream = await client.chat.completions.create({
        model: model.id,
        messages: [{ role: 'user', content: prompt }],
        max_tokens: maxTokens,
        temperature: 0,
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) first ||= performance.now();
        if (chunk.usage) tokens = chunk.usage.completion_tokens;
      }
      if (run > 0) service.push({ total: performance.now() - started, ttft: first - started, tokens });
    }
  }
  const summary = (rows: typeof direct) => ({
    total_ms: round(median(rows.map((row) => row.total))),
    ttft_ms: round(median(rows.map((row) => row.ttft))),
    tokens_per_s: round(median(rows.map((row) => (row.tokens / row.total) * 1000))),
    tokens: median(rows.map((row) => row.tokens)),
  });
  const directSummary = summary(direct);
  const serviceSummary = summary(service);

  const toolStarted = performance.now();
  const toolCall = await client.chat.completions.create({
    model: model.id,
    messages: [{ role: 'user', content: 'How many records does line B have?' }],
    tools: [
      {
        type: 'function',
        function: {
          name: 'count_records',
          description: 'Count records of a line',
          parameters: {
            type: 'object',
            properties: { line: { type: 'string', enum: ['A', 'B', 'C', 'D'] } },
            required: ['line'],
          },
        },
      },
    ],
    tool_choice: 'required',
    max_tokens: 400,
    temperature: 0,
  });
  const toolMs = performance.now() - toolStarted;
  const result = {
    model: path.basename(file),
    threads,
    cores: os.availableParallelism(),
    load_ms: model.loadMs,
    rss_mib: { before: mib(rssBefore), after_load: mib(rssLoaded), end: mib(process.memoryUsage().rss) },
    max_tokens: maxTokens,
    runs,
    direct: directSummary,
    service: serviceSummary,
    overhead_ms_per_request: round(serviceSummary.total_ms - directSummary.total_ms),
    tool_call: {
      ms: round(toolMs),
      finish_reason: toolCall.choices[0]?.finish_reason,
      completion_tokens: toolCall.usage?.completion_tokens,
      call: toolCall.choices[0]?.message.tool_calls?.[0],
    },
  };
  process.stdout.write(
    [
      `model ${result.model}, ${threads} thread(s) on ${result.cores} core(s): loaded in ` +
        `${result.load_ms} ms, RSS ${result.rss_mib.before} → ${result.rss_mib.after_load} MiB`,
      `direct (node-llama-cpp LlamaChat): ${directSummary.tokens_per_s} tok/s, TTFT ` +
        `${directSummary.ttft_ms} ms, ${directSummary.total_ms} ms for ${directSummary.tokens} tokens`,
      `service (HTTP + SSE + openai SDK):  ${serviceSummary.tokens_per_s} tok/s, TTFT ` +
        `${serviceSummary.ttft_ms} ms, ${serviceSummary.total_ms} ms for ${serviceSummary.tokens} tokens`,
      `overhead per request: ${result.overhead_ms_per_request} ms (median of ${runs})`,
      `tool call (grammar, tool_choice required): ${result.tool_call.ms} ms, ` +
        `${result.tool_call.completion_tokens} tokens, finish ${result.tool_call.finish_reason}`,
      JSON.stringify(result),
    ].join('\n') + '\n',
  );
  rawChat.dispose();
  await rawContext.dispose();
  await rawModel.dispose();
  await llama.dispose();
  await server.close();
  await disposeLlamas();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
