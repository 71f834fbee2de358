/**
 * The model loop's reading of one reply (loop.ts steps 1–2): what the model
 * sent — native tool calls, calls read leniently from the text, a final
 * answer, or a reply that cannot be used — and whether each call names a known
 * tool with valid arguments.
 */
import type { ChatResponse } from '../llm/client.js';
import type { ToolFormatId } from '../types/tool-formats.js';
import {
  describesCallInProse,
  parseToolCalls,
  readArguments,
  validateArguments,
  type RefusedCall,
} from './toolcalls/index.js';
import type { CatalogEntry, ToolCatalog } from './tool-catalog.js';

export interface PendingCall {
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

/** A reply that is neither an answer nor a readable call. */
export interface ReplyProblem {
  code: 'PARSE_FAILED';
  message: string;
  raw: string;
}

export type ReadReply =
  { kind: 'answer'; text: string } | { kind: 'calls'; calls: PendingCall[]; problem: ReplyProblem | undefined };

/** Reasoning blocks of the families (thinking.ts lists them), closed or running to the end of the reply. */
const REASONING = [
  /<think(?:ing)?>[\s\S]*?(?:<\/think(?:ing)?>|$)/gi,
  /<seed:think>[\s\S]*?(?:<\/seed:think>|$)/g,
  /<\|START_THINKING\|>[\s\S]*?(?:<\|END_THINKING\|>|$)/g,
  /\[THINK\][\s\S]*?(?:\[\/THINK\]|$)/g,
];
/** gpt-oss Harmony printed raw (a server without its parser): the final channel is the answer. */
const HARMONY_FINAL = /<\|channel\|>\s*final\s*<\|message\|>([\s\S]*?)(?=<\|return\|>|<\|end\|>|<\|start\|>|$)/g;
const HARMONY_ANALYSIS = /<\|channel\|>\s*analysis\s*<\|message\|>[\s\S]*?(?=<\|end\|>|<\|start\|>|$)/g;
const HARMONY_TOKENS =
  /<\|start\|>\s*assistant|<\|channel\|>\s*(?:final|commentary)?\s*(?:<\|message\|>)?|<\|(?:message|end|return|call)\|>/g;

/**
 * The answer without reasoning some models print (<think>…</think>, <seed:think>, Command's
 * <|START_THINKING|>, Mistral's [THINK]) and without Harmony's channels: of a raw gpt-oss reply
 * only the final channel's message is the answer (issue 31, the weak-model replay).
 */
export function cleanAnswer(text: string): string {
  const finals = [...text.matchAll(HARMONY_FINAL)].map((match) => match[1]!.trim()).filter(Boolean);
  if (finals.length > 0) return finals[finals.length - 1]!;
  let out = text;
  for (const pattern of REASONING) out = out.replace(pattern, '');
  if (/<\|(?:channel|start|end|return)\|>/.test(out))
    out = out.replace(HARMONY_ANALYSIS, '').replace(HARMONY_TOKENS, '');
  return out.trim();
}

/** A native call's arguments string: what readArguments repaired (nothing when it was valid JSON). */
function nativeRepairs(read: { repaired: boolean; repairs?: string[] | undefined }): string[] | undefined {
  if (read.repairs && read.repairs.length > 0) return read.repairs;
  return read.repaired ? ['arguments string repaired (not valid JSON)'] : undefined;
}

function nativeCalls(response: ChatResponse): PendingCall[] {
  return response.toolCalls.map((native) => {
    const parsed = readArguments(native.arguments);
    if (parsed.ok) {
      const read = parsed.value;
      return {
        id: native.id,
        name: native.name,
        native: true,
        args: read.value,
        cutOff: read.cutOff,
        repairs: nativeRepairs(read),
      };
    }
    const message =
      `the arguments of ${native.name} are not valid JSON (${parsed.error}); ` + 'send them as one JSON object';
    return { id: native.id, name: native.name, native: true, problem: { code: 'PARSE_FAILED', message } };
  });
}

const REFUSED_CODES: Record<RefusedCall['reason'], NonNullable<PendingCall['problem']>['code']> = {
  'cut-off': 'PARSE_FAILED',
  'call-value': 'TOOL_ARGUMENTS_INVALID',
  'unknown-tool': 'TOOL_NOT_FOUND',
};

const PROSE_ONLY =
  'you described a tool call in words but did not make it. Make the call itself (a tool call, or only the JSON ' +
  '{"name": "<tool>", "arguments": {...}}); if you already have everything, give the final answer.';

/**
 * What the model sent: its native tool calls; else calls read from the text
 * (ids from `nextId`); else a problem (a call only described in prose, an
 * unreadable call, an empty reply); else the final answer.
 */
export function readReply(
  response: ChatResponse,
  options: { knownTools: string[]; nextId: () => string; format?: ToolFormatId | undefined },
): ReadReply {
  if (response.toolCalls.length > 0) return { kind: 'calls', calls: nativeCalls(response), problem: undefined };
  const content = response.content;
  const outcome = parseToolCalls(content, { knownTools: options.knownTools, format: options.format });
  // read but not to be run (safety.ts): cut off, a call expression for a value, no such tool — the model is told why
  const refused: PendingCall[] = outcome.refused.map((call) => ({
    id: options.nextId(),
    name: call.name,
    native: false,
    problem: { code: REFUSED_CODES[call.reason], message: call.message },
  }));
  if (outcome.calls.length > 0 || refused.length > 0) {
    const read = outcome.calls.map((call) => ({
      id: options.nextId(),
      name: call.name,
      native: false,
      args: call.arguments,
      cutOff: call.cutOff,
      repairs: [`read from the reply text (${call.format})`, ...(call.repairs ?? [])],
    }));
    return { kind: 'calls', calls: [...read, ...refused], problem: undefined };
  }
  const problem = (message: string): ReadReply => ({
    kind: 'calls',
    calls: [],
    problem: { code: 'PARSE_FAILED', message, raw: content },
  });
  if (outcome.proseOnly || describesCallInProse(content, options.knownTools)) return problem(PROSE_ONLY);
  if (outcome.errors.length > 0) {
    return problem(
      `your reply looked like a tool call but could not be read: ${outcome.errors.join('; ')}. ` +
        'Send the call again as valid JSON: {"name": "<tool>", "arguments": {...}}',
    );
  }
  const answer = cleanAnswer(content);
  if (answer.length === 0) return problem('your reply was empty. Call a tool, or give the final answer.');
  return { kind: 'answer', text: answer };
}

/**
 * The arguments the model has given a skill so far, for the rules fallback:
 * each call's values laid over the earlier ones, except values that say
 * nothing — null or absent, or cut off by a truncated reply (jsonrepair fills
 * `"period": ` with null) — which never erase a value already known.
 */
export function mergeKnown(
  known: Record<string, unknown> | undefined,
  call: { args?: Record<string, unknown> | undefined; cutOff?: string[] | undefined },
): Record<string, unknown> {
  const merged = { ...(known ?? {}) };
  const cut = new Set((call.cutOff ?? []).map((path) => /^[^.[…]+/.exec(path)?.[0] ?? path));
  for (const [key, value] of Object.entries(call.args ?? {})) {
    if (value === null || value === undefined || cut.has(key)) continue;
    merged[key] = value;
  }
  return merged;
}

/**
 * Each call against the catalog: a known tool (else TOOL_NOT_FOUND) with
 * arguments valid for its schema (coerced; else TOOL_ARGUMENTS_INVALID). The
 * arguments given to a skill are kept in `skillArgs`, valid or not.
 */
export function checkCalls(
  calls: PendingCall[],
  catalog: ToolCatalog,
  skillArgs: Map<string, Record<string, unknown>>,
): void {
  for (const call of calls) {
    if (call.problem) continue;
    const entry = catalog.get(call.name);
    if (!entry) {
      call.problem = {
        code: 'TOOL_NOT_FOUND',
        message: `there is no tool named "${call.name}"; the tools are: ${catalog.names.join(', ')}`,
      };
      continue;
    }
    call.entry = entry;
    if (entry.kind === 'skill') skillArgs.set(entry.target, mergeKnown(skillArgs.get(entry.target), call));
    const checked = validateArguments({
      tool: entry.name,
      schema: entry.schema,
      args: call.args ?? {},
      cutOff: call.cutOff,
    });
    if (checked.ok) call.args = checked.value;
    else call.problem = { code: 'TOOL_ARGUMENTS_INVALID', message: checked.message };
  }
}
