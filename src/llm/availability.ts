/**
 * Is a model usable right now? The gate in front of the model loop.
 *
 * - No endpoint configured (and no embedded service): rules only, said once.
 * - The endpoint is probed at start-up (or at the first question); a failed
 *   probe, or a model call that times out / is refused / answers 5xx, marks
 *   the model down: the agent says so ONCE (a notice; the CLI prints it to
 *   stderr) and runs in rules-only mode.
 * - While down, the endpoint is probed again at most every `reprobeMs`
 *   (default 60 s), so a model that comes up later is used.
 */
import type { Logger } from 'pino';
import type { AppError } from '../errors.js';
import type { LlmClient, ProbeResult } from './client.js';

export type ModelStatus =
  | { available: true; client: LlmClient; notice?: string | undefined }
  | { available: false; reason: string; notice?: string | undefined };

export interface ModelGateOptions {
  client: LlmClient | null;
  /** probe again this long after the model was found down (ms) */
  reprobeMs?: number | undefined;
  probeTimeoutMs?: number | undefined;
  /** monotonic milliseconds; injectable for tests */
  clock?: (() => number) | undefined;
  log?: Logger | undefined;
}

export class ModelGate {
  private state: 'unknown' | 'up' | 'down' = 'unknown';
  private reason = '';
  private lastProbeAt = Number.NEGATIVE_INFINITY;
  private announced = false;
  private probing: Promise<void> | undefined;
  private readonly clock: () => number;

  constructor(private readonly options: ModelGateOptions) {
    this.clock = options.clock ?? (() => performance.now());
    if (!options.client) {
      this.state = 'down';
      this.reason = 'no model endpoint is configured: llm.base_url is null and no embedded model runs';
      this.lastProbeAt = Number.POSITIVE_INFINITY;
    }
  }

  get client(): LlmClient | null {
    return this.options.client;
  }

  /** Probe now (start-up); later checks reuse the result. */
  async probe(): Promise<void> {
    const client = this.options.client;
    if (!client) return;
    if (this.probing) return this.probing;
    this.probing = (async () => {
      this.lastProbeAt = this.clock();
      this.record(await client.probe({ timeoutMs: this.options.probeTimeoutMs }));
    })().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** Take a probe made elsewhere (e.g. at start-up, in parallel with other work). */
  record(result: ProbeResult): void {
    const client = this.options.client;
    if (!client) return;
    this.lastProbeAt = this.clock();
    if (result.ok) {
      const wasDown = this.state === 'down';
      this.state = 'up';
      if (wasDown) this.options.log?.info({ url: client.baseUrl }, 'llm-available');
      if (!result.modelListed)
        this.options.log?.warn({ model: client.model, models: result.models }, 'llm-model-not-listed');
    } else {
      this.setDown(result.error);
    }
  }

  /** The model to use for this question, or why there is none (with a one-time notice). */
  async status(): Promise<ModelStatus> {
    const client = this.options.client;
    if (
      this.state === 'unknown' ||
      (this.state === 'down' && client && this.clock() - this.lastProbeAt >= (this.options.reprobeMs ?? 60_000))
    ) {
      await this.probe();
    }
    if (this.state === 'up' && client) {
      let notice: string | undefined;
      if (this.announced) {
        // it was announced down; say once that it is back
        this.announced = false;
        notice = `the model at ${client.baseUrl} is reachable again; answering with the model`;
      }
      return { available: true, client, notice };
    }
    return { available: false, reason: this.reason, notice: this.announce() };
  }

  /** A model call failed in a way that means "no model right now". Returns the notice if it is the first. */
  markDown(error: AppError): string | undefined {
    this.setDown(error);
    this.lastProbeAt = this.clock();
    return this.announce();
  }

  isUp(): boolean {
    return this.state === 'up';
  }

  private setDown(error: AppError): void {
    if (this.state !== 'down') this.options.log?.warn({ code: error.code, err: error.message }, 'llm-unavailable');
    this.state = 'down';
    this.reason = error.message;
  }

  private announce(): string | undefined {
    if (this.announced) return undefined;
    this.announced = true;
    return `no model is reachable (${this.reason}); answering with the rules only until it is back`;
  }
}

/** Errors that mean the model is not usable now (as opposed to one bad answer). */
export function meansModelDown(error: AppError): boolean {
  if (error.code === 'LLM_UNAVAILABLE' || error.code === 'LLM_TIMEOUT') return true;
  const status = error.details?.status;
  return (
    error.code === 'LLM_ERROR' &&
    (typeof status !== 'number' || status >= 500 || status === 401 || status === 403 || status === 404)
  );
}
