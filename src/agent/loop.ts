/**
 * The model loop (mode 'model'), SOURCES.md parts A, C and E — made to
 * survive small models:
 *
 *   send history + tools → a final answer, or tool calls → validate → run →
 *   append the results → repeat,
 *
 * with a step cap and stop conditions as plain functions, the AbortSignal on
 * every model and tool call, and three defences: tool calls read from native
 * `tool_calls` or leniently from text (src/agent/toolcalls); arguments
 * validated against the tool's schema before running; an unusable reply
 * (unreadable call, invalid arguments, unknown tool, a call only described in
 * prose, an empty reply) goes back to the model with what was wrong, up to
 * `maxRetries` times, the temperature halved each time. Every unusable
 * attempt is written to the audit log; executed MCP calls are audited by the
 * ToolCaller (McpManager), skill calls here.
 */
import type { Logger } from 'pino';
import { AppError, toAppError } from '../errors.js';
import type { ChatMessage, ChatResponse, LlmClient } from '../llm/client.js';
import type { ToolCaller, ToolCallResult } from '../mcp/types.js';
import type { SkillEngine, SkillRunContext } from '../skills/engine-types.js';
import type { Language } from '../skills/types.js';
import type { AuditRow } from '../store/audit.js';
import type { AgentEvent } from './types.js';
import { describesCallInProse, parseToolCalls, readArguments, validateArguments } from './toolcalls/index.js';
import { hasFinalAnswer, retriesExhausted, shouldStop, stepCountIs, type LoopState, type StopCondition } from './stop-conditions.js';
import type { CatalogEntry, ToolCatalog } from './tool-catalog.js';
import { cutText, isQueryResult, toolResultText } from './tool-result-text.js';
import { TokenGate } from './token-gate.js';

export interface ModelLoopOptions {
  llm: LlmClient;
  catalog: ToolCatalog;
  /** system prompt, history, the question */
  messages: ChatMessage[];
  tools: ToolCaller;
  skills: SkillEngine;
  maxSteps: number;
  maxRetries: number;
  temperature: number;
  stream: boolean;
  signal: AbortSignal;
  traceId: string;
  sessionId: string;
  language: Language;
  /** asks an admin before a skill that needs approval runs */
  approve?: SkillRunContext['approve'];
  emit: (event: AgentEvent) => void;
  audit: (row: Omit<AuditRow, 'origin' | 'session_id' | 'trace_id'>) => void;
  log: Logger;
  /** extra stop conditions (tests, callers) */
  stopWhen?: StopCondition[] | undefined;
  /** rows of a query result shown to the model before the rest is summarised */
  maxResultRows?: number | undefined;
}

export type LoopOutcome =
  | { kind: 'answer'; text: string; steps: number; skill?: { name: string; data: unknown; args: Record<string, unknown> } | undefined }
  | {
      kind: 'gave-up';
      why: 'retries' | 'max-steps' | 'stopped';
      steps: number;
      /** what was tried, one line each, for the honest answer */
      tried: string[];
      lastCode: string | undefined;
      /** arguments the model gave each skill it tried (even invalid ones), for the rules fallback */
      skillArgs: Map<string, Record<string, unknown>>;
    }
  | { kind: 'model-failed'; error: AppError; steps: number; tried: string[]; skillArgs: Map<string, Record<string, unknown>> };

interface PendingCall {
  id: string;
  name: string;
  native: boolean;
  args?: Record<string, unknown> | undefined;
  /** arguments the reply was cut off in: refused, and never carried to the rules fallback */
  cutOff?: string[] | undefined;
  entry?: CatalogEntry | undefined;
  /** what the parser repaired to read the call (issue 14): traced and audited */
  repairs?: string[] | undefined;
  problem?: { code: 'PARSE_FAILED' | 'TOOL_ARGUMENTS_INVALID' | 'TOOL_NOT_FOUND'; message: string } | undefined;
}

const THINK = /<think>[\s\S]*?<\/think>|<think>[\s\S]*$/gi;

/** The answer without reasoning blocks some models print (<think>…</think>). */
export function cleanAnswer(text: string): string {
  return text.replace(THINK, '').trim();
}

function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
}

function argsLine(args: Record<string, unknown> | undefined): string {
  return cutText(JSON.stringify(args ?? {}), 200).replace(/\n/g, ' ');
}

/**
 * The arguments the model has given a skill so far, for the rules fallback:
 * each call's values laid over the earlier ones, except values that say
 * nothing — null or absent, or cut off by a truncated reply (jsonrepair fills
 * `"period": ` with null) — which never erase a value already known.
 */
/** A native call's arguments string: what readArguments repaired (nothing when it was valid JSON). */
function nativeRepairs(read: { repaired: boolean; repairs?: string[] | undefined }): string[] | undefined {
  if (read.repairs && read.repairs.length > 0) return read.repairs;
  return read.repaired ? ['arguments string repaired (not valid JSON)'] : undefined;
}

export function mergeKnown(known: Record<string, unknown> | undefined, call: { args?: Record<string, unknown> | undefined; cutOff?: string[] | undefined }): Record<string, unknown> {
  const merged = { ...(known ?? {}) };
  const cut = new Set((call.cutOff ?? []).map((path) => /^[^.[…]+/.exec(path)?.[0] ?? path));
  for (const [key, value] of Object.entries(call.args ?? {})) {
    if (value === null || value === undefined || cut.has(key)) continue;
    merged[key] = value;
  }
  return merged;
}

export async function runModelLoop(options: ModelLoopOptions): Promise<LoopOutcome> {
  const { llm, catalog, signal, emit } = options;
  const messages = [...options.messages];
  const knownTools = catalog.names;
  const chatTools = catalog.chatTools();
  const conditions = [stepCountIs(options.maxSteps), hasFinalAnswer(), retriesExhausted(options.maxRetries), ...(options.stopWhen ?? [])];
  const state: LoopState = { step: 0, finalAnswer: undefined, failures: 0 };
  const tried: string[] = [];
  const skillArgs = new Map<string, Record<string, unknown>>();
  let lastCode: string | undefined;
  let lastSkill: { name: string; data: unknown; args: Record<string, unknown> } | undefined;
  let callCounter = 0;

  while (!shouldStop(conditions, state)) {
    checkCancelled(signal);
    state.step += 1;
    const step = state.step;
    emit({ type: 'step-start', step });
    const temperature = Math.max(0, options.temperature * 0.5 ** state.failures);
    const gate = new TokenGate((text) => emit({ type: 'token', text }), knownTools);
    let response: ChatResponse;
    try {
      response = await llm.chat({
        messages,
        tools: chatTools,
        temperature,
        signal,
        stream: options.stream,
        onToken: options.stream ? (text) => gate.push(text) : undefined,
      });
    } catch (error) {
      const appError = toAppError(error, 'LLM_ERROR');
      if (appError.code === 'CANCELLED' || signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled', { cause: error });
      emit({ type: 'step-end', step });
      tried.push(`step ${step}: the model call failed (${appError.code}: ${appError.message})`);
      return { kind: 'model-failed', error: appError, steps: step, tried, skillArgs };
    }
    checkCancelled(signal);

    // 1. what did the model send?
    const calls: PendingCall[] = [];
    let replyProblem: { code: 'PARSE_FAILED'; message: string; raw: string } | undefined;
    const content = response.content;
    if (response.toolCalls.length > 0) {
      for (const native of response.toolCalls) {
        const parsed = readArguments(native.arguments);
        calls.push(
          parsed.ok
            ? { id: native.id, name: native.name, native: true, args: parsed.value.value, cutOff: parsed.value.cutOff, repairs: nativeRepairs(parsed.value) }
            : {
                id: native.id,
                name: native.name,
                native: true,
                problem: { code: 'PARSE_FAILED', message: `the arguments of ${native.name} are not valid JSON (${parsed.error}); send them as one JSON object` },
              },
        );
      }
    } else {
      const outcome = parseToolCalls(content, { knownTools });
      if (outcome.calls.length > 0) {
        for (const call of outcome.calls) {
          calls.push({ id: `text_${++callCounter}`, name: call.name, native: false, args: call.arguments, cutOff: call.cutOff, repairs: [`read from the reply text (${call.format})`, ...(call.repairs ?? [])] });
        }
      } else if (outcome.proseOnly || describesCallInProse(content, knownTools)) {
        replyProblem = {
          code: 'PARSE_FAILED',
          message:
            'you described a tool call in words but did not make it. Make the call itself (a tool call, or only the JSON {"name": "<tool>", "arguments": {...}}); if you already have everything, give the final answer.',
          raw: content,
        };
      } else if (outcome.errors.length > 0) {
        replyProblem = {
          code: 'PARSE_FAILED',
          message: `your reply looked like a tool call but could not be read: ${outcome.errors.join('; ')}. Send the call again as valid JSON: {"name": "<tool>", "arguments": {...}}`,
          raw: content,
        };
      } else if (cleanAnswer(content).length === 0) {
        replyProblem = { code: 'PARSE_FAILED', message: 'your reply was empty. Call a tool, or give the final answer.', raw: content };
      } else {
        state.finalAnswer = cleanAnswer(content);
        gate.release(state.finalAnswer);
        emit({ type: 'step-end', step });
        return { kind: 'answer', text: state.finalAnswer, steps: step, skill: lastSkill };
      }
    }

    // 2. check the calls: known tool, valid arguments
    for (const call of calls) {
      if (call.problem) continue;
      const entry = catalog.get(call.name);
      if (!entry) {
        call.problem = { code: 'TOOL_NOT_FOUND', message: `there is no tool named "${call.name}"; the tools are: ${knownTools.join(', ')}` };
        continue;
      }
      call.entry = entry;
      if (entry.kind === 'skill') skillArgs.set(entry.target, mergeKnown(skillArgs.get(entry.target), call));
      const checked = validateArguments({ tool: entry.name, schema: entry.schema, args: call.args ?? {}, cutOff: call.cutOff });
      if (checked.ok) call.args = checked.value;
      else call.problem = { code: 'TOOL_ARGUMENTS_INVALID', message: checked.message };
    }

    // what had to be repaired, per call: an admin sees in the audit log which model misbehaves how
    for (const call of calls) {
      if (!call.repairs || call.repairs.length === 0) continue;
      const raw = call.native ? response.toolCalls.find((native) => native.id === call.id)?.arguments : content;
      options.audit({
        tool_name: '(reply)',
        parameters: { tool: call.name, repairs: call.repairs, raw: cutText(typeof raw === 'string' ? raw : JSON.stringify(raw ?? null), 1000) },
        result_summary: `repaired ${call.name}: ${call.repairs.join('; ')}`,
        duration_ms: 0,
        success: true,
        error_code: null,
        attempt: state.failures + 1,
      });
      options.log.info({ step, tool: call.name, repairs: call.repairs }, 'tool-call-repaired');
    }

    // 3. echo the assistant turn into the conversation
    if (response.toolCalls.length > 0) {
      messages.push({
        role: 'assistant',
        content: content.length > 0 ? content : null,
        // arguments echoed as valid JSON: some servers re-parse them when rendering the template
        tool_calls: calls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } })),
      });
    } else {
      messages.push({ role: 'assistant', content });
    }

    // 4. unusable reply → count a failure, audit, tell the model, retry cooler
    const problems = calls.filter((call) => call.problem);
    if (replyProblem || problems.length > 0) {
      state.failures += 1;
      const attempt = state.failures;
      const reasons: string[] = [];
      if (replyProblem) {
        reasons.push(replyProblem.message);
        lastCode = replyProblem.code;
        options.audit({
          tool_name: '(reply)',
          parameters: { raw: cutText(replyProblem.raw, 1000) },
          result_summary: replyProblem.message,
          duration_ms: response.ms,
          success: false,
          error_code: replyProblem.code,
          attempt,
        });
        tried.push(`step ${step}: ${replyProblem.message.split('.')[0]}`);
      }
      for (const call of problems) {
        reasons.push(`${call.name}: ${call.problem!.message}`);
        lastCode = call.problem!.code;
        options.audit({
          server: call.entry?.server ?? (call.entry?.kind === 'skill' ? 'skills' : null),
          tool_name: call.name,
          parameters: call.args ?? {},
          purpose: typeof call.args?.purpose === 'string' ? call.args.purpose : null,
          result_summary: call.problem!.message,
          duration_ms: 0,
          success: false,
          error_code: call.problem!.code,
          attempt,
        });
        tried.push(`step ${step}: ${call.name}(${argsLine(call.args)}) — ${call.problem!.code}: ${call.problem!.message}`);
      }
      emit({ type: 'retry', attempt, reason: reasons.join(' | ') });
      options.log.info({ step, attempt, problems: reasons }, 'tool-call-rejected');
    }

    // 5. run the valid calls (independent calls of one reply run in parallel)
    const runnable = calls.filter((call) => !call.problem);
    const results = await Promise.all(runnable.map((call) => runCall(options, call, step)));
    checkCancelled(signal);
    for (const [index, call] of runnable.entries()) {
      const result = results[index]!;
      if (call.entry?.kind === 'skill' && result.ok) lastSkill = { name: call.entry.target, data: result.data, args: call.args ?? {} };
      tried.push(`step ${step}: ${call.name}(${argsLine(call.args)}) — ${result.ok ? 'ok' : `failed: ${cutText(result.text, 160)}`}`);
    }

    // 6. results and errors back to the model
    const resultTexts = new Map(runnable.map((call, index) => [call.id, toolResultText(results[index]!, { maxRows: options.maxResultRows })]));
    if (response.toolCalls.length > 0) {
      for (const call of calls) {
        const text = call.problem
          ? `Error (${call.problem.code}): ${call.problem.message}. Fix the call and try again.`
          : (resultTexts.get(call.id) ?? '');
        messages.push({ role: 'tool', tool_call_id: call.id, content: text });
      }
    } else {
      const parts: string[] = [];
      if (replyProblem) parts.push(`Your reply could not be used: ${replyProblem.message}`);
      for (const call of calls) {
        parts.push(
          call.problem
            ? `Your call to ${call.name} could not be run (${call.problem.code}): ${call.problem.message}. Fix the call and try again.`
            : `Result of ${call.name}:\n${resultTexts.get(call.id) ?? ''}`,
        );
      }
      parts.push('Call another tool if you need more, or reply with the final answer.');
      messages.push({ role: 'user', content: parts.join('\n\n') });
    }
    emit({ type: 'step-end', step });
  }

  const why = state.failures > options.maxRetries ? 'retries' : state.step >= options.maxSteps ? 'max-steps' : 'stopped';
  return { kind: 'gave-up', why, steps: state.step, tried, lastCode, skillArgs };
}

type CallOutcome = ToolCallResult & { data?: unknown };

async function runCall(options: ModelLoopOptions, call: PendingCall, step: number): Promise<CallOutcome> {
  const entry = call.entry!;
  const args = call.args ?? {};
  options.emit({ type: 'tool-call-start', id: call.id, name: entry.name, arguments: args, ...(call.repairs && call.repairs.length > 0 ? { repairs: call.repairs } : {}) });
  let result: CallOutcome;
  if (entry.kind === 'mcp') {
    result = await options.tools.callTool({
      name: entry.target,
      arguments: args,
      traceId: options.traceId,
      sessionId: options.sessionId,
      signal: options.signal,
    });
  } else {
    const started = performance.now();
    try {
      const output = await options.skills.run(entry.target, args, {
        approve: options.approve,
        traceId: options.traceId,
        sessionId: options.sessionId,
        language: options.language,
        signal: options.signal,
        tools: options.tools,
        onEvent: options.emit,
      });
      const dataText = output.data === undefined ? '' : `\n\nData: ${cutText(JSON.stringify(output.data), 2000)}`;
      result = { ok: true, text: `${output.answer}${dataText}`, ms: performance.now() - started, data: output.data };
    } catch (error) {
      const appError = toAppError(error, 'SKILL_FAILED');
      if (appError.code === 'CANCELLED' || options.signal.aborted) throw appError;
      result = {
        ok: false,
        text: `${appError.message}${appError.hint ? ` (${appError.hint})` : ''}`,
        errorCode: appError.code,
        ms: performance.now() - started,
      };
    }
    options.audit({
      server: 'skills',
      tool_name: entry.target,
      parameters: args,
      result_summary: result.text,
      duration_ms: result.ms,
      success: result.ok,
      error_code: result.errorCode ?? null,
      attempt: 1,
    });
  }
  options.emit({
    type: 'tool-call-end',
    id: call.id,
    name: entry.name,
    ok: result.ok,
    ms: result.ms,
    cached: result.cached,
    // query_database: columns and rows (for SQL cards); other tools: a text preview
    result: isQueryResult(result.structured) ? result.structured : result.text.slice(0, 2000),
    error: result.ok ? undefined : result.text,
  });
  options.log.debug({ step, tool: entry.name, ok: result.ok, ms: Math.round(result.ms) }, 'tool-call-end');
  return result;
}
