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
import type { ChatMessage, ChatResponse, ChatTool, LlmClient } from '../llm/client.js';
import type { ToolCaller, ToolCallResult } from '../mcp/types.js';
import type { SkillEngine, SkillRunContext } from '../skills/engine-types.js';
import type { Language } from '../skills/types.js';
import type { ToolFormatId } from '../types/tool-formats.js';
import type { AgentEvent } from './types.js';
import { retriesExhausted, shouldStop, stepCountIs, type LoopState } from './stop-conditions.js';
import type { ToolCatalog } from './tool-catalog.js';
import { cutText, isQueryResult, toolResultText } from './tool-result-text.js';
import { TokenGate } from './token-gate.js';
import { checkCalls, readReply, type PendingCall, type ReplyProblem } from './loop-reply.js';
import { runSkillAudited, withHint, type AgentAudit } from './skill-run.js';

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
  audit: AgentAudit;
  log: Logger;
  /** rows of a query result shown to the model before the rest is summarised */
  maxResultRows?: number | undefined;
  /** the wire format the model's family writes tool calls in: its parser reads a text reply first */
  toolFormat?: ToolFormatId | undefined;
  /** this question's skill pins (name → range) and the end of its budget (epoch ms), passed to the skills run */
  versions?: Record<string, string> | undefined;
  deadline?: number | undefined;
}

type SkillAnswer = { name: string; data: unknown; args: Record<string, unknown> };

export type LoopOutcome =
  | { kind: 'answer'; text: string; steps: number; skill?: SkillAnswer | undefined }
  | {
      kind: 'gave-up';
      why: 'retries' | 'max-steps';
      steps: number;
      /** what was tried, one line each, for the honest answer */
      tried: string[];
      lastCode: string | undefined;
      /** arguments the model gave each skill it tried (even invalid ones), for the rules fallback */
      skillArgs: Map<string, Record<string, unknown>>;
    }
  | {
      kind: 'model-failed';
      error: AppError;
      steps: number;
      tried: string[];
      skillArgs: Map<string, Record<string, unknown>>;
    };

/** What one question's loop carries from step to step. */
interface LoopRun {
  options: ModelLoopOptions;
  /** the catalog's tool names (the parser and the token gate know them) and its native tools, read once */
  knownTools: string[];
  chatTools: ChatTool[];
  messages: ChatMessage[];
  state: LoopState;
  tried: string[];
  skillArgs: Map<string, Record<string, unknown>>;
  lastCode: string | undefined;
  lastSkill: SkillAnswer | undefined;
}

type CallOutcome = ToolCallResult & { data?: unknown };

function checkCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('CANCELLED', 'the question was cancelled');
}

function argsLine(args: Record<string, unknown> | undefined): string {
  return cutText(JSON.stringify(args ?? {}), 200).replace(/\n/g, ' ');
}

export async function runModelLoop(options: ModelLoopOptions): Promise<LoopOutcome> {
  const { catalog, signal, emit } = options;
  const conditions = [stepCountIs(options.maxSteps), retriesExhausted(options.maxRetries)];
  const run: LoopRun = {
    options,
    knownTools: catalog.names,
    chatTools: catalog.chatTools(),
    messages: [...options.messages],
    state: { step: 0, failures: 0 },
    tried: [],
    skillArgs: new Map(),
    lastCode: undefined,
    lastSkill: undefined,
  };
  let callCounter = 0;
  const nextId = (): string => `text_${++callCounter}`;

  while (!shouldStop(conditions, run.state)) {
    checkCancelled(signal);
    run.state.step += 1;
    const step = run.state.step;
    emit({ type: 'step-start', step });
    const gate = new TokenGate((text) => emit({ type: 'token', text }), run.knownTools);
    const asked = await askModel(run, gate);
    if (!asked.ok) {
      emit({ type: 'step-end', step });
      // the operator reads this list: the code, not the endpoint (the message is in the log)
      run.tried.push(`step ${step}: the AI model call failed (${asked.error.code})`);
      return { kind: 'model-failed', error: asked.error, steps: step, tried: run.tried, skillArgs: run.skillArgs };
    }
    const { response } = asked;

    // 1. what did the model send? A final answer ends the loop here.
    const reply = readReply(response, { knownTools: run.knownTools, nextId, format: options.toolFormat });
    if (reply.kind === 'answer') {
      gate.release(reply.text);
      emit({ type: 'step-end', step });
      return { kind: 'answer', text: reply.text, steps: step, skill: run.lastSkill };
    }
    const { calls, problem } = reply;

    // 2. check the calls: known tool, valid arguments; audit what had to be repaired
    checkCalls(calls, catalog, run.skillArgs);
    auditRepairs(run, response, calls);

    // 3. echo the assistant turn into the conversation
    echoAssistantTurn(run.messages, response, calls);

    // 4. unusable reply → count a failure, audit, tell the model, retry cooler
    reportProblems(run, { response, calls, problem });

    // 5. run the valid calls (independent calls of one reply run in parallel)
    const runnable = calls.filter((call) => !call.problem);
    const results = await runCalls(run, runnable);

    // 6. results and errors back to the model
    const texts = new Map(
      runnable.map((call, index) => [
        call.id,
        toolResultText(results[index]!, {
          maxRows: options.maxResultRows,
          tool: call.entry?.target ?? call.name,
        }),
      ]),
    );
    appendFeedback(run.messages, { native: response.toolCalls.length > 0, calls, problem, texts });
    emit({ type: 'step-end', step });
  }

  const why = run.state.failures > options.maxRetries ? 'retries' : 'max-steps';
  return {
    kind: 'gave-up',
    why,
    steps: run.state.step,
    tried: run.tried,
    lastCode: run.lastCode,
    skillArgs: run.skillArgs,
  };
}

/** One model call, the temperature halved per failure so far; a failed call is a value, a cancelled one throws. */
async function askModel(
  run: LoopRun,
  gate: TokenGate,
): Promise<{ ok: true; response: ChatResponse } | { ok: false; error: AppError }> {
  const { options, state } = run;
  const { signal } = options;
  const temperature = Math.max(0, options.temperature * 0.5 ** state.failures);
  let response: ChatResponse;
  try {
    response = await options.llm.chat({
      messages: run.messages,
      tools: run.chatTools,
      temperature,
      signal,
      stream: options.stream,
      onToken: options.stream ? (text) => gate.push(text) : undefined,
    });
  } catch (error) {
    const appError = toAppError(error, 'LLM_ERROR');
    if (appError.code === 'CANCELLED' || signal.aborted)
      throw new AppError('CANCELLED', 'the question was cancelled', { cause: error });
    return { ok: false, error: appError };
  }
  checkCancelled(signal);
  return { ok: true, response };
}

/** What had to be repaired, per call: an admin sees in the audit log which model misbehaves how. */
function auditRepairs(run: LoopRun, response: ChatResponse, calls: PendingCall[]): void {
  for (const call of calls) {
    if (!call.repairs || call.repairs.length === 0) continue;
    const raw = call.native ? response.toolCalls.find((native) => native.id === call.id)?.arguments : response.content;
    run.options.audit({
      tool_name: '(reply)',
      parameters: {
        tool: call.name,
        repairs: call.repairs,
        raw: cutText(typeof raw === 'string' ? raw : JSON.stringify(raw ?? null), 1000),
      },
      result_summary: `repaired ${call.name}: ${call.repairs.join('; ')}`,
      duration_ms: 0,
      success: true,
      error_code: null,
      attempt: run.state.failures + 1,
    });
    run.options.log.info({ step: run.state.step, tool: call.name, repairs: call.repairs }, 'tool-call-repaired');
  }
}

function echoAssistantTurn(messages: ChatMessage[], response: ChatResponse, calls: PendingCall[]): void {
  const content = response.content;
  if (response.toolCalls.length > 0) {
    messages.push({
      role: 'assistant',
      content: content.length > 0 ? content : null,
      // arguments echoed as valid JSON: some servers re-parse them when rendering the template
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
      })),
    });
  } else {
    messages.push({ role: 'assistant', content });
  }
}

/** An unusable reply or call: one failure for the reply, an audit row each, a line of `tried`, one retry event. */
function reportProblems(
  run: LoopRun,
  reply: { response: ChatResponse; calls: PendingCall[]; problem: ReplyProblem | undefined },
): void {
  const { options, state } = run;
  const step = state.step;
  const problems = reply.calls.filter((call) => call.problem);
  if (!reply.problem && problems.length === 0) return;
  state.failures += 1;
  const attempt = state.failures;
  const reasons: string[] = [];
  if (reply.problem) {
    const problem = reply.problem;
    reasons.push(problem.message);
    run.lastCode = problem.code;
    options.audit({
      tool_name: '(reply)',
      parameters: { raw: cutText(problem.raw, 1000) },
      result_summary: problem.message,
      duration_ms: reply.response.ms,
      success: false,
      error_code: problem.code,
      attempt,
    });
    run.tried.push(`step ${step}: ${problem.message.split('.')[0]}`);
  }
  for (const call of problems) {
    const problem = call.problem!;
    reasons.push(`${call.name}: ${problem.message}`);
    run.lastCode = problem.code;
    options.audit({
      server: call.entry?.server ?? (call.entry?.kind === 'skill' ? 'skills' : null),
      tool_name: call.name,
      parameters: call.args ?? {},
      purpose: typeof call.args?.purpose === 'string' ? call.args.purpose : null,
      result_summary: problem.message,
      duration_ms: 0,
      success: false,
      error_code: problem.code,
      attempt,
    });
    run.tried.push(`step ${step}: ${call.name}(${argsLine(call.args)}) — ${problem.code}: ${problem.message}`);
  }
  options.emit({ type: 'retry', attempt, reason: reasons.join(' | ') });
  options.log.info({ step, attempt, problems: reasons }, 'tool-call-rejected');
}

/** The valid calls of one reply, in parallel; what each did goes into `tried`, a skill's data into `lastSkill`. */
async function runCalls(run: LoopRun, runnable: PendingCall[]): Promise<CallOutcome[]> {
  const results = await Promise.all(runnable.map((call) => runCall(run.options, call, run.state.step)));
  checkCancelled(run.options.signal);
  for (const [index, call] of runnable.entries()) {
    const result = results[index]!;
    if (call.entry?.kind === 'skill' && result.ok)
      run.lastSkill = { name: call.entry.target, data: result.data, args: call.args ?? {} };
    run.tried.push(
      `step ${run.state.step}: ${call.name}(${argsLine(call.args)}) — ` +
        (result.ok ? 'ok' : `failed: ${cutText(result.text, 160)}`),
    );
  }
  return results;
}

/** Results and errors back to the model: tool messages after native calls, one user message after text ones. */
function appendFeedback(
  messages: ChatMessage[],
  feedback: { native: boolean; calls: PendingCall[]; problem: ReplyProblem | undefined; texts: Map<string, string> },
): void {
  const { calls, texts } = feedback;
  if (feedback.native) {
    for (const call of calls) {
      const text = call.problem
        ? `Error (${call.problem.code}): ${call.problem.message}. Fix the call and try again.`
        : (texts.get(call.id) ?? '');
      messages.push({ role: 'tool', tool_call_id: call.id, content: text });
    }
    return;
  }
  const parts: string[] = [];
  if (feedback.problem) parts.push(`Your reply could not be used: ${feedback.problem.message}`);
  for (const call of calls) {
    parts.push(
      call.problem
        ? `Your call to ${call.name} could not be run (${call.problem.code}): ${call.problem.message}. ` +
            'Fix the call and try again.'
        : `Result of ${call.name}:\n${texts.get(call.id) ?? ''}`,
    );
  }
  parts.push('Call another tool if you need more, or reply with the final answer.');
  messages.push({ role: 'user', content: parts.join('\n\n') });
}

async function runCall(options: ModelLoopOptions, call: PendingCall, step: number): Promise<CallOutcome> {
  const entry = call.entry!;
  const args = call.args ?? {};
  const repairs = call.repairs && call.repairs.length > 0 ? { repairs: call.repairs } : {};
  options.emit({ type: 'tool-call-start', id: call.id, name: entry.name, arguments: args, ...repairs });
  const result: CallOutcome =
    entry.kind === 'mcp'
      ? await options.tools.callTool({
          name: entry.target,
          arguments: args,
          traceId: options.traceId,
          sessionId: options.sessionId,
          signal: options.signal,
        })
      : await callSkill(options, entry.target, args);
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

/** A skill the model called, run and audited as the rules run one (skill-run.ts), its outcome worded for the model. */
async function callSkill(
  options: ModelLoopOptions,
  skill: string,
  args: Record<string, unknown>,
): Promise<CallOutcome> {
  const ran = await runSkillAudited({
    skills: options.skills,
    skill,
    args,
    run: {
      approve: options.approve,
      traceId: options.traceId,
      sessionId: options.sessionId,
      language: options.language,
      signal: options.signal,
      tools: options.tools,
      onEvent: options.emit,
      versions: options.versions,
      deadline: options.deadline,
    },
    audit: options.audit,
    log: options.log,
  });
  if (!ran.ok) return { ok: false, text: withHint(ran.error), errorCode: ran.error.code, ms: ran.ms };
  const data = ran.result.data;
  const dataText = data === undefined ? '' : `\n\nData: ${cutText(JSON.stringify(data), 2000)}`;
  return { ok: true, text: `${ran.result.answer}${dataText}`, ms: ran.ms, data };
}
