/**
 * The model client: the `openai` SDK against any OpenAI-compatible endpoint
 * (llama.cpp's llama-server, vLLM, Ollama's /v1, the embedded service).
 *
 * - Talks only to the configured base URL; the SDK's own retries are off
 *   (the agent loop owns retries, at a lower temperature).
 * - One timer per call covers the whole call, the streamed body included (the
 *   SDK's own timeout stops at the response headers); the caller's
 *   AbortSignal is passed through.
 * - At most `concurrency` calls in flight; the rest wait their turn.
 * - Errors are AppErrors: LLM_UNAVAILABLE, LLM_TIMEOUT, LLM_ERROR, CANCELLED
 *   (see errors.ts).
 */
import { TOOL_FORMAT_IDS, type ToolFormatId } from '../types/tool-formats.js';
import OpenAI from 'openai';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import type { Config } from '../config/schema.js';
import type { JsonSchema } from '../mcp/types.js';
import { mapLlmError, type CallState } from './errors.js';

export type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;

export interface ChatTool {
  name: string;
  description: string;
  parameters: JsonSchema | Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ChatTool[] | undefined;
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  signal?: AbortSignal | undefined;
  /** stream the answer; `onToken` receives the content as it arrives */
  stream?: boolean | undefined;
  onToken?: ((text: string) => void) | undefined;
  /** overrides llm.timeout_ms for this call */
  timeoutMs?: number | undefined;
}

export interface NativeToolCall {
  id: string;
  name: string;
  /** the arguments string exactly as the model sent it (may be malformed) */
  arguments: string;
}

export interface ChatResponse {
  /** the assistant text ('' when none) */
  content: string;
  toolCalls: NativeToolCall[];
  finishReason: string | null;
  usage?: { promptTokens: number; completionTokens: number } | undefined;
  ms: number;
}

export type ProbeResult =
  { ok: true; models: string[]; ms: number; modelListed: boolean } | { ok: false; error: AppError; ms: number };

export interface LlmClientOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  temperature: number;
  maxTokens: number;
  concurrency?: number | undefined;
  log?: Logger | undefined;
}

/**
 * Endpoints not set up for native tool calling refuse requests that carry
 * `tools`: vLLM without --enable-auto-tool-choice/--tool-call-parser, Ollama
 * models without tool support, llama-server without --jinja. Then the call is
 * made again without `tools` (the system prompt lists them; the lenient parser
 * reads calls from the text), and later calls skip them too.
 */
const TOOLS_REFUSED =
  /tool[ _-]?choice|tool[ _-]?call[ _-]?parser|enable-auto-tool-choice|does not support tools|tools? (?:are|is) not supported|requires --jinja/i;

/** The SDK refuses to start without a key; local endpoints ignore it. */
const DUMMY_API_KEY = 'sk-no-key-required';

export class LlmClient {
  readonly baseUrl: string;
  readonly model: string;
  readonly defaultTemperature: number;
  /** the tool-call wire format the endpoint reports for its model (the embedded service reads the GGUF's template) */
  toolFormat: ToolFormatId | undefined;
  private readonly sdk: OpenAI;
  private readonly options: LlmClientOptions;
  private inFlight = 0;
  /** false once the endpoint refused native `tools` (see TOOLS_REFUSED) */
  private nativeTools = true;
  private readonly waiting: Array<() => void> = [];

  constructor(options: LlmClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.model = options.model;
    this.defaultTemperature = options.temperature;
    this.sdk = new OpenAI({
      baseURL: this.baseUrl,
      apiKey: options.apiKey && options.apiKey.length > 0 ? options.apiKey : DUMMY_API_KEY,
      organization: null,
      project: null,
      maxRetries: 0,
      // our own timer covers the whole call; this is only a backstop
      timeout: options.timeoutMs + 1000,
    });
  }

  /** A client for the configured endpoint, or null when there is none (rules only). */
  static fromConfig(
    config: Pick<Config, 'llm'>,
    options: { baseUrl?: string | undefined; log?: Logger | undefined } = {},
  ): LlmClient | null {
    const baseUrl = options.baseUrl ?? config.llm.base_url;
    if (!baseUrl) return null;
    return new LlmClient({
      baseUrl,
      model: config.llm.model,
      apiKey: config.llm.api_key,
      timeoutMs: config.llm.timeout_ms,
      temperature: config.llm.temperature,
      maxTokens: config.llm.max_tokens,
      concurrency: config.llm.concurrency,
      log: options.log,
    });
  }

  /** false once the endpoint refused native tools: calls are then read from the text. */
  get usesNativeTools(): boolean {
    return this.nativeTools;
  }

  /** One chat completion (streamed or not). Throws AppError. */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const withTools = this.nativeTools && request.tools !== undefined && request.tools.length > 0;
    try {
      return await this.call(request, withTools);
    } catch (error) {
      if (!(withTools && error instanceof AppError && error.code === 'LLM_ERROR' && TOOLS_REFUSED.test(error.message)))
        throw error;
      this.nativeTools = false;
      this.options.log?.warn({ url: this.baseUrl, err: error.message }, 'llm-native-tools-refused');
      return this.call(request, false);
    }
  }

  private async call(request: ChatRequest, withTools: boolean): Promise<ChatResponse> {
    if (request.signal?.aborted) throw new AppError('CANCELLED', 'the model call was cancelled');
    await this.acquire(request.signal);
    const started = performance.now();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const state: CallState = { baseUrl: this.baseUrl, timeoutMs, timedOut: false, cancelled: false };
    const controller = new AbortController();
    const onAbort = (): void => {
      state.cancelled = true;
      controller.abort();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const body = {
        model: this.model,
        messages: request.messages,
        temperature: request.temperature ?? this.defaultTemperature,
        max_tokens: request.maxTokens ?? this.options.maxTokens,
        ...(withTools && request.tools
          ? {
              tools: request.tools.map((tool) => ({
                type: 'function' as const,
                function: {
                  name: tool.name,
                  description: tool.description,
                  parameters: tool.parameters as Record<string, unknown>,
                },
              })),
              tool_choice: 'auto' as const,
            }
          : {}),
      };
      const response = request.stream
        ? await this.streamed(body, controller.signal, request.onToken)
        : await this.whole(body, controller.signal);
      if (state.timedOut || state.cancelled) throw new Error('aborted');
      return { ...response, ms: performance.now() - started };
    } catch (error) {
      const mapped = mapLlmError(error, state);
      this.options.log?.debug({ code: mapped.code, err: mapped.message }, 'llm-call-failed');
      throw mapped;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      this.release();
    }
  }

  private async whole(
    body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal,
  ): Promise<Omit<ChatResponse, 'ms'>> {
    const completion = await this.sdk.chat.completions.create(body, { signal });
    const choice = completion.choices?.[0];
    if (!choice) throw new AppError('LLM_ERROR', `the model at ${this.baseUrl} sent a completion without choices`);
    const message = choice.message;
    const toolCalls: NativeToolCall[] = [];
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') continue;
      toolCalls.push({
        id: call.id || `call_${toolCalls.length}`,
        name: call.function.name,
        arguments: call.function.arguments ?? '',
      });
    }
    return {
      content: message.content ?? '',
      toolCalls,
      finishReason: choice.finish_reason ?? null,
      usage: completion.usage
        ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens }
        : undefined,
    };
  }

  private async streamed(
    body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    signal: AbortSignal,
    onToken: ((text: string) => void) | undefined,
  ): Promise<Omit<ChatResponse, 'ms'>> {
    const stream = await this.sdk.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    let content = '';
    let finishReason: string | null = null;
    let usage: ChatResponse['usage'];
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    for await (const chunk of stream) {
      if (chunk.usage)
        usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = choice.delta ?? {};
      if (typeof delta.content === 'string' && delta.content.length > 0) {
        content += delta.content;
        onToken?.(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        const index = part.index ?? calls.size;
        let call = calls.get(index);
        if (!call) {
          call = { id: '', name: '', arguments: '' };
          calls.set(index, call);
        }
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    const toolCalls = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments }))
      .filter((call) => call.name.length > 0);
    return { content, toolCalls, finishReason, usage };
  }

  /**
   * Is a model reachable? GET {base_url}/models with a short timeout. Any
   * answer below 500 counts as reachable (some servers have no /models); a
   * 5xx (llama-server answers 503 while loading), a refused connection or a
   * timeout counts as down. Never throws.
   */
  async probe(
    options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined } = {},
  ): Promise<ProbeResult> {
    const started = performance.now();
    const timeoutMs = options.timeoutMs ?? Math.min(3000, this.options.timeoutMs);
    const state: CallState = { baseUrl: this.baseUrl, timeoutMs, timedOut: false, cancelled: false };
    const controller = new AbortController();
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => {
      state.cancelled = true;
      controller.abort();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const page = await this.sdk.models.list({ signal: controller.signal, timeout: timeoutMs + 500 });
      const models = page.data.map((model) => model.id);
      const card =
        page.data.find((model) => model.id === this.model) ?? (page.data.length === 1 ? page.data[0] : undefined);
      const reported = (card as { tool_format?: unknown } | undefined)?.tool_format;
      if (typeof reported === 'string' && (TOOL_FORMAT_IDS as readonly string[]).includes(reported))
        this.toolFormat = reported as ToolFormatId;
      return {
        ok: true,
        models,
        ms: performance.now() - started,
        modelListed: models.length === 0 || models.includes(this.model),
      };
    } catch (error) {
      const mapped = mapLlmError(error, state);
      const status = mapped.details?.status;
      if (mapped.code === 'LLM_ERROR' && typeof status === 'number' && status < 500) {
        return { ok: true, models: [], ms: performance.now() - started, modelListed: true };
      }
      return { ok: false, error: mapped, ms: performance.now() - started };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private acquire(signal: AbortSignal | undefined): Promise<void> {
    const limit = this.options.concurrency ?? 2;
    if (this.inFlight < limit) {
      this.inFlight += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        this.inFlight += 1;
        resolve();
      };
      const onAbort = (): void => {
        const position = this.waiting.indexOf(grant);
        if (position >= 0) this.waiting.splice(position, 1);
        reject(new AppError('CANCELLED', 'the model call was cancelled while waiting for a free slot'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.inFlight -= 1;
    const next = this.waiting.shift();
    if (next) next();
  }
}
