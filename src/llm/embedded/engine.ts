/**
 * One GGUF model loaded in node-llama-cpp, shared by several requests:
 * `parallel` context sequences (each with its own `context_size` tokens of KV
 * cache), handed out in FIFO order; requests beyond them wait in a bounded
 * queue (QUEUE_FULL beyond it). Every generation is stateless from the
 * caller's view (the whole history is sent each time); a sequence keeps its
 * tokens, so a follow-up sharing a prefix reuses the evaluated part.
 * Before generating, the prompt is counted with the model's own tokenizer and
 * chat template: a prompt that does not fit is refused (context_length_exceeded)
 * instead of being shifted or truncated.
 */
import { formatForChatTemplate, formatForModelId, type ToolFormatId } from '../../types/tool-formats.js';
import os from 'node:os';
import path from 'node:path';
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaChat,
  LlamaContext,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import { AppError } from '../../errors.js';
import type { Logger } from '../../log/index.js';
import { loadLlamaModule, type NodeLlamaCpp } from './load-llama.js';
import type { GrammarSchema } from './tool-grammar.js';

export interface EmbeddedModelOptions {
  file: string;
  /** CPU threads; null = every core */
  threads: number | null;
  /** tokens per sequence */
  contextSize: number;
  /** sequences decoded at once */
  parallel: number;
  /** requests allowed to wait for a sequence */
  queueMax: number;
  /** try a GPU ('auto', falls back to the CPU quietly) or not */
  gpu?: 'auto' | false;
  log: Logger;
}

export interface GenerateRequest {
  history: ChatHistoryItem[];
  /** a JSON-schema grammar to generate under (tools offered) */
  schema?: GrammarSchema | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  topP?: number | undefined;
  seed?: number | undefined;
  stop?: string[] | undefined;
  signal: AbortSignal;
  /** raw generated text as it comes */
  onText?: ((text: string) => void) | undefined;
  /** called once a sequence is assigned (the request left the queue) */
  onStart?: (() => void) | undefined;
}

export interface GenerateResult {
  text: string;
  /** the grammar's parsed JSON (schema requests that completed) */
  parsed?: unknown;
  finishReason: 'stop' | 'length';
  promptTokens: number;
  completionTokens: number;
  /** from the sequence being assigned to the first generated text */
  timeToFirstTokenMs: number | undefined;
  queuedMs: number;
}

interface Waiter {
  resolve(chat: LlamaChat): void;
  reject(error: AppError): void;
}

const llamas = new Map<string, Promise<Llama>>();

async function sharedLlama(
  module: NodeLlamaCpp,
  { threads, gpu }: { threads: number; gpu: 'auto' | false },
  log: Logger,
): Promise<Llama> {
  const key = `${threads}/${gpu}`;
  let llama = llamas.get(key);
  if (!llama) {
    llama = module
      .getLlama({
        build: 'never',
        gpu,
        maxThreads: threads,
        progressLogs: false,
        skipDownload: true,
        logLevel: module.LlamaLogLevel.warn,
        logger: (level, message) => {
          const text = message.trim();
          if (!text) return;
          if (level === 'error' || level === 'fatal') log.error({ llama: text }, 'llama-log');
          else if (level === 'warn') log.warn({ llama: text }, 'llama-log');
          else log.debug({ llama: text }, 'llama-log');
        },
      })
      .catch((error: unknown) => {
        llamas.delete(key);
        throw new AppError(
          'LLM_UNAVAILABLE',
          `node-llama-cpp has no usable prebuilt binary: ${(error as Error).message}`,
          {
            hint: 'the appliance never compiles llama.cpp: reinstall the bundle (vendor/node-llama-cpp), or set llm.base_url to an external server',
            cause: error,
          },
        );
      });
    llamas.set(key, llama);
  }
  return llama;
}

/** Release the native backends (the CLI calls this last on shutdown). */
export async function disposeLlamas(): Promise<void> {
  const all = [...llamas.values()];
  llamas.clear();
  await Promise.all(all.map(async (llama) => (await llama.catch(() => undefined))?.dispose()));
}

export class EmbeddedModel {
  readonly id: string;
  readonly file: string;
  readonly contextSize: number;
  readonly parallel: number;
  readonly threads: number;
  readonly loadMs: number;
  readonly chatWrapperName: string;
  /** the tool-call wire format the GGUF's chat template writes (src/types/tool-formats.ts), when it names one */
  readonly toolFormat: ToolFormatId | undefined;
  readonly gpu: string;
  /** one LlamaChat per context sequence, reused across requests */
  private readonly free: LlamaChat[];
  private readonly chats: LlamaChat[];
  private readonly waiting: Waiter[] = [];
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  private active = 0;
  private completed = 0;
  private cancelled = 0;
  private closed = false;
  private readonly llama: Llama;
  private readonly model: LlamaModel;
  private readonly context: LlamaContext;
  private readonly chatWrapper: ChatWrapper;

  private constructor(
    loaded: { module: NodeLlamaCpp; llama: Llama; model: LlamaModel; context: LlamaContext; chatWrapper: ChatWrapper },
    private readonly options: EmbeddedModelOptions,
    info: { loadMs: number; threads: number },
  ) {
    const { module, llama, model, context, chatWrapper } = loaded;
    this.llama = llama;
    this.model = model;
    this.context = context;
    this.chatWrapper = chatWrapper;
    this.file = options.file;
    this.id = path.basename(options.file).replace(/\.gguf$/i, '');
    this.contextSize = context.contextSize;
    this.parallel = options.parallel;
    this.threads = info.threads;
    this.loadMs = info.loadMs;
    this.chatWrapperName = chatWrapper.wrapperName;
    const template = model.fileInfo.metadata.tokenizer?.chat_template;
    this.toolFormat =
      (typeof template === 'string' ? formatForChatTemplate(template) : undefined) ?? formatForModelId(this.id);
    this.gpu = llama.gpu === false ? 'cpu' : String(llama.gpu);
    this.chats = Array.from(
      { length: options.parallel },
      () => new module.LlamaChat({ contextSequence: context.getSequence(), chatWrapper, autoDisposeSequence: true }),
    );
    this.free = [...this.chats];
  }

  static async load(options: EmbeddedModelOptions): Promise<EmbeddedModel> {
    const started = performance.now();
    const module = await loadLlamaModule();
    const threads = options.threads ?? Math.max(1, os.availableParallelism());
    const llama = await sharedLlama(module, { threads, gpu: options.gpu ?? 'auto' }, options.log);
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: options.file });
    } catch (error) {
      throw new AppError('LLM_UNAVAILABLE', `cannot load the model ${options.file}: ${(error as Error).message}`, {
        hint: 'check it is a complete GGUF file for an architecture this node-llama-cpp supports (doctor verifies the checksum)',
        cause: error,
      });
    }
    let context: LlamaContext;
    try {
      context = await model.createContext({ contextSize: options.contextSize, sequences: options.parallel, threads });
    } catch (error) {
      await model.dispose();
      throw new AppError(
        'LLM_UNAVAILABLE',
        `cannot create a context of ${options.contextSize} tokens × ${options.parallel} sequences: ${(error as Error).message}`,
        {
          hint: 'lower llm.embedded.context_size or llm.embedded.parallel (memory grows with their product)',
          cause: error,
        },
      );
    }
    const chatWrapper = module.resolveChatWrapper(model);
    if (!model.fileInfo.metadata.tokenizer?.chat_template) {
      options.log.warn({ wrapper: chatWrapper.wrapperName }, 'model-chat-template-missing');
    }
    return new EmbeddedModel({ module, llama, model, context, chatWrapper }, options, {
      loadMs: Math.round(performance.now() - started),
      threads,
    });
  }

  /** Requests generating now and waiting for a sequence. */
  stats(): {
    active: number;
    queued: number;
    parallel: number;
    queueMax: number;
    completed: number;
    cancelled: number;
  } {
    return {
      active: this.active,
      queued: this.waiting.length,
      parallel: this.parallel,
      queueMax: this.options.queueMax,
      completed: this.completed,
      cancelled: this.cancelled,
    };
  }

  /** Tokens the history takes once rendered by the model's chat template. */
  countPromptTokens(history: ChatHistoryItem[]): number {
    const { contextText } = this.chatWrapper.generateContextState({ chatHistory: history });
    return contextText.tokenize(this.model.tokenizer).length;
  }

  /** Tokens of a plain text (the model's tokenizer). */
  countTokens(text: string): number {
    return this.model.tokenize(text).length;
  }

  private grammarFor(schema: GrammarSchema): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      grammar = this.llama.createGrammarForJsonSchema(schema as never) as Promise<LlamaGrammar>;
      grammar.catch(() => this.grammars.delete(key));
      this.grammars.set(key, grammar);
      if (this.grammars.size > 64) this.grammars.delete(this.grammars.keys().next().value!);
    }
    return grammar;
  }

  private acquire(signal: AbortSignal): Promise<LlamaChat> {
    if (this.closed) return Promise.reject(new AppError('LLM_UNAVAILABLE', 'the model service is shutting down'));
    const chat = this.free.shift();
    if (chat) return Promise.resolve(chat);
    if (this.waiting.length >= this.options.queueMax) {
      return Promise.reject(
        new AppError(
          'QUEUE_FULL',
          `the model is busy: ${this.parallel} request(s) generating and ${this.waiting.length} waiting`,
          {
            hint: 'retry after a few seconds, or raise llm.embedded.parallel',
          },
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        this.cancelled++;
        reject(new AppError('CANCELLED', 'the request was cancelled while waiting for the model'));
      };
      const waiter: Waiter = {
        resolve: (assigned) => {
          signal.removeEventListener('abort', onAbort);
          resolve(assigned);
        },
        reject,
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private release(chat: LlamaChat): void {
    const next = this.waiting.shift();
    if (next) next.resolve(chat);
    else this.free.push(chat);
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const promptTokens = this.countPromptTokens(request.history);
    const room = this.contextSize - promptTokens;
    if (room < 1 || (request.maxTokens !== undefined && request.maxTokens > room)) {
      throw new AppError(
        'BAD_REQUEST',
        `this model's context is ${this.contextSize} tokens; the messages take ` +
          `${promptTokens}${request.maxTokens !== undefined ? ` and max_tokens asks for ${request.maxTokens} more` : ''}`,
        {
          hint: 'send fewer or shorter messages, lower max_tokens, or raise llm.embedded.context_size',
          details: {
            code: 'context_length_exceeded',
            param: request.maxTokens !== undefined && promptTokens < this.contextSize ? 'max_tokens' : 'messages',
            promptTokens,
            contextSize: this.contextSize,
          },
        },
      );
    }
    const grammar = request.schema ? await this.grammarFor(request.schema) : undefined;
    const queuedAt = performance.now();
    const chat = await this.acquire(request.signal);
    const startedAt = performance.now();
    this.active++;
    request.onStart?.();
    let firstTokenAt: number | undefined;
    let completionTokens = 0;
    try {
      const response = await chat.generateResponse(request.history, {
        grammar,
        maxTokens: request.maxTokens ?? room,
        temperature: request.temperature,
        topP: request.topP,
        seed: request.seed,
        customStopTriggers: request.stop && request.stop.length > 0 ? request.stop : undefined,
        signal: request.signal,
        onToken: (tokens) => {
          completionTokens += tokens.length;
        },
        onTextChunk: (text) => {
          firstTokenAt ??= performance.now();
          request.onText?.(text);
        },
      });
      const finishReason = response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      let parsed: unknown;
      if (grammar && finishReason === 'stop') {
        try {
          // JSON.parse, not grammar.parse: the grammar already fixed the shape, and its
          // validator refuses numbers beyond a double (the grammar allows 1e9999), which
          // are passed on as written for the caller's argument validation to refuse
          parsed = JSON.parse(response.response);
        } catch (error) {
          throw new AppError(
            'LLM_ERROR',
            `the grammar-constrained output is not valid JSON: ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
      if (response.metadata.stopReason === 'abort' || request.signal.aborted)
        throw new AppError('CANCELLED', 'the request was cancelled (the client went away)');
      this.completed++;
      return {
        text: response.response,
        parsed,
        finishReason,
        promptTokens,
        completionTokens,
        timeToFirstTokenMs: firstTokenAt === undefined ? undefined : Math.round(firstTokenAt - startedAt),
        queuedMs: Math.round(startedAt - queuedAt),
      };
    } catch (error) {
      if (request.signal.aborted) {
        this.cancelled++;
        throw error instanceof AppError && error.code === 'CANCELLED'
          ? error
          : new AppError('CANCELLED', 'the request was cancelled (the client went away)', { cause: error });
      }
      throw error;
    } finally {
      this.active--;
      this.release(chat);
    }
  }

  /** Refuse new work, fail the waiting requests, free the context and the model. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiting.splice(0))
      waiter.reject(new AppError('LLM_UNAVAILABLE', 'the model service is shutting down'));
    for (const chat of this.chats) chat.dispose();
    await this.context.dispose();
    await this.model.dispose();
  }
}
