/**
 * Replies that only describe a call ("I will call get_weather…", "Let me use
 * the query_database tool to…", "我将调用 query_database 查询…", a ReAct
 * "Action: query_database" with no input). Some small local models do this
 * instead of emitting a call; the loop answers with a corrective message
 * instead of taking the reply as final. A final answer that merely mentions a
 * table or a tool it already used is not flagged.
 */
import { plausibleToolName } from './normalize.js';

/** Intent to act now, in English and Chinese. */
const INTENT = new RegExp(
  [
    String.raw`\b(?:i\s*(?:'ll|will|shall|am going to|'m going to|am about to|`,
    String.raw`'m about to|need to|should|must|would like to|'d like to|am now|`,
    String.raw`'m now)|let\s+me(?!\s+know)|let's|let\s+us|now\s+i|first,?\s+i|`,
    String.raw`next,?\s+i|i\s*(?:am|'m)\s+(?:calling|using|invoking|running|`,
    String.raw`querying|executing))\b|我将|我会|我要|我来|让我|我先|我需要|我准备|我打算|(?:首先|接下来|`,
    String.raw`下面|现在|马上|即将|正在|先)[，,\s]*(?:我)?(?:将|会|要|来|先)?(?=(?:调用|使用|执行|查询)`,
    String.raw`(?![了过]))`,
  ].join(''),
  'i',
);
/** Sentence opening with the verb itself: "Calling query_database with…", "调用 query_database…". */
const IMPERATIVE_OPENING =
  /^\s*(?:call(?:ing)?|us(?:e|ing)|invok(?:e|ing)|run(?:ning)?|execut(?:e|ing)|调用|使用|执行)\b/i;
const VERB = new RegExp(
  [
    String.raw`\b(?:call|calling|use|using|invoke|invoking|run|running|execute|`,
    String.raw`executing|query|querying|check|checking|look\s+up|fetch|fetching|`,
    String.raw`consult|trigger|utili[sz]e|employ|try)\b|(?:调用|使用|执行|查询|调取|检索|`,
    String.raw`查看)(?![了过])|查一下`,
  ].join(''),
  'i',
);
/** Sentences that offer instead of act: "if you want, I can call…", "是否需要我调用…". */
const CONDITIONAL =
  /\b(?:if|whether|unless|should you|would you like|do you want|want me to|let me know)\b|如果|若是|需要的话|是否|要不要|您可以|你可以/i;
const GENERIC_TOOL = /\b(?:tool|function|api)\b|工具|函数|接口/i;
const SNAKE_IDENTIFIER = /(?<![\w.])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w])/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern for every form of every tool name (compiled once per tool list: the loop asks the same list every step). */
const toolPatterns = new Map<string, RegExp | undefined>();

function toolPattern(knownTools: string[]): RegExp | undefined {
  const key = knownTools.join('\u0000');
  if (toolPatterns.has(key)) return toolPatterns.get(key);
  const forms = new Set<string>();
  for (const tool of knownTools) {
    if (tool.trim() === '') continue;
    forms.add(escapeRegExp(tool));
    if (/[_-]/.test(tool)) forms.add(escapeRegExp(tool.replace(/[_-]/g, ' ')));
  }
  const pattern =
    forms.size > 0
      ? new RegExp(`(?<![\\w])(?:${[...forms].sort((a, b) => b.length - a.length).join('|')})(?![\\w])`, 'i')
      : undefined;
  if (toolPatterns.size > 64) toolPatterns.clear();
  toolPatterns.set(key, pattern);
  return pattern;
}

function mentionsTool(sentence: string, tools: RegExp | undefined): number {
  let first = -1;
  const note = (index: number) => {
    if (index >= 0 && (first < 0 || index < first)) first = index;
  };
  if (tools) note(sentence.search(tools));
  note(sentence.search(GENERIC_TOOL));
  if (sentence.includes('_')) note(sentence.search(SNAKE_IDENTIFIER));
  return first;
}

/** Strips reasoning blocks (<think>…</think>): intent stated while thinking is not the reply. */
export function stripThinking(text: string): string {
  return text.replace(/<think(?:ing)?>[\s\S]*?(?:<\/think(?:ing)?>|$)/gi, ' ');
}

export function describesCallInProse(text: string, knownTools: string[]): boolean {
  const reply = stripThinking(text);
  // ReAct "Action: query_database" with no "Action Input"
  const action = /action/i.test(reply) ? /^\s*Action\s*[:：]\s*`?([\w.-]+)`?\s*$/im.exec(reply) : null;
  if (action && !/^\s*Action\s*Input\s*[:：]/im.test(reply)) {
    const name = action[1]!;
    if (knownTools.includes(name) || plausibleToolName(name)) return true;
  }
  const tools = toolPattern(knownTools);
  // no tool named anywhere: nothing to describe (the common case of a plain answer, decided in one pass)
  if (mentionsTool(reply, tools) < 0) return false;
  const sentences = reply.split(/(?<=[.!?。！？；;])\s*|\n+/);
  for (const sentence of sentences) {
    if (sentence.trim() === '' || CONDITIONAL.test(sentence)) continue;
    const toolAt = mentionsTool(sentence, tools);
    if (toolAt < 0) continue;
    if (IMPERATIVE_OPENING.test(sentence)) return true;
    const intent = INTENT.exec(sentence);
    if (!intent || intent.index > toolAt) continue;
    if (VERB.test(sentence.slice(intent.index))) return true;
  }
  return false;
}
