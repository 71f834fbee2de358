/**
 * Folding old turns into the session summary (see memory.ts): by the model
 * when the question goes to the model anyway, extractively otherwise, when
 * the model call fails, or when the backlog is too long for one call.
 */
import type { Logger } from 'pino';
import { toAppError } from '../errors.js';
import type { LlmClient } from '../llm/client.js';
import { cleanAnswer } from './loop-reply.js';
import { estimateTokens, extractiveSummary, type MemoryContext, type Session, type SessionMemory } from './memory.js';

interface FoldOptions {
  memory: SessionMemory;
  session: Session;
  history: MemoryContext;
  /** agent.summary_token_budget */
  budget: number;
}

export function foldExtractive(options: FoldOptions): void {
  const { history } = options;
  if (history.toFold.length === 0) return;
  options.memory.saveSummary(
    options.session,
    extractiveSummary(history.summary, history.toFold, options.budget),
    history.toFold[history.toFold.length - 1]!.turn,
  );
}

export async function foldHistory(
  options: FoldOptions & { client: LlmClient; signal: AbortSignal; log: Logger },
): Promise<void> {
  const { history, budget, signal } = options;
  if (history.toFold.length === 0) return;
  const through = history.toFold[history.toFold.length - 1]!.turn;
  const transcript = history.toFold
    .map((turn) => `${turn.role === 'user' ? 'Q' : 'A'}${turn.turn}: ${turn.content}`)
    .join('\n');
  if (estimateTokens(transcript) > budget * 8) {
    // a long backlog (e.g. many rules-mode turns): fold it without the model rather than cut it
    foldExtractive(options);
    return;
  }
  try {
    const response = await options.client.chat({
      messages: [
        {
          role: 'system',
          content:
            'You compress a conversation between a plant operator and the plant assistant into a short ' +
            'memory. Keep numbers, dates, line and equipment ids, names and what was decided. Plain text, no ' +
            'preamble.',
        },
        {
          role: 'user',
          content:
            `${history.summary ? `Summary so far:\n${history.summary}\n\n` : ''}New turns:` +
            `\n${transcript}\n\nWrite the new summary in at most ${budget} tokens (about ${budget * 3} ` +
            `English characters or ${budget} Chinese characters).`,
        },
      ],
      temperature: 0,
      maxTokens: budget,
      signal,
    });
    const summary = cleanAnswer(response.content);
    if (summary.length > 0) {
      options.memory.saveSummary(options.session, summary, through);
      return;
    }
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === 'CANCELLED' || signal.aborted) throw appError;
    options.log.warn({ code: appError.code, err: appError.message }, 'summary-by-model-failed');
  }
  foldExtractive(options);
}
