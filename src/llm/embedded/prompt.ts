/**
 * OpenAI chat messages → node-llama-cpp chat history. The chat wrapper
 * (resolved from the model file's template) renders the history in the
 * model's own format; tools are described in a system message and the
 * model's earlier tool calls are shown in the same JSON shape the grammar
 * makes it write, so the conversation is consistent from the model's view.
 */
import type { ChatHistoryItem } from 'node-llama-cpp';
import { AppError } from '../../errors.js';
import { messageText, type ChatMessage } from './request-schema.js';
import { toolInstructions, type ToolPlan } from './tool-grammar.js';

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Build the history to generate from; throws BAD_REQUEST (param `messages`) for an impossible conversation. */
export function toChatHistory(messages: ChatMessage[], plan: ToolPlan): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const callNames = new Map<string, string>();
  const systemTexts: string[] = [];
  let pendingResults: string[] = [];
  const flushResults = (): void => {
    if (pendingResults.length === 0) return;
    history.push({ type: 'user', text: pendingResults.join('\n\n') });
    pendingResults = [];
  };
  messages.forEach((message, index) => {
    if (message.role !== 'tool') flushResults();
    switch (message.role) {
      case 'system':
      case 'developer':
        if (history.length === 0) systemTexts.push(messageText(message.content));
        else history.push({ type: 'system', text: messageText(message.content) });
        return;
      case 'user':
        if (history.length === 0 && systemTexts.length > 0)
          history.push({ type: 'system', text: systemTexts.splice(0).join('\n\n') });
        history.push({ type: 'user', text: messageText(message.content) });
        return;
      case 'assistant': {
        if (history.length === 0 && systemTexts.length > 0)
          history.push({ type: 'system', text: systemTexts.splice(0).join('\n\n') });
        const calls = message.tool_calls ?? [];
        for (const call of calls) callNames.set(call.id, call.function.name);
        const text =
          calls.length > 0
            ? JSON.stringify({
                tool_calls: calls.map((call) => ({
                  name: call.function.name,
                  arguments: parseArguments(call.function.arguments),
                })),
              })
            : plan.schema !== undefined
              ? JSON.stringify({ content: messageText(message.content) })
              : messageText(message.content);
        history.push({ type: 'model', response: [text] });
        return;
      }
      case 'tool': {
        const name = callNames.get(message.tool_call_id);
        if (name === undefined) {
          throw new AppError(
            'BAD_REQUEST',
            `messages[${index}]: tool_call_id "${message.tool_call_id}" does not answer any earlier assistant tool call`,
            {
              details: { param: `messages[${index}].tool_call_id` },
            },
          );
        }
        pendingResults.push(`Tool result (${name}, call ${message.tool_call_id}):\n${messageText(message.content)}`);
        return;
      }
    }
  });
  flushResults();
  if (plan.schema !== undefined) systemTexts.push(toolInstructions(plan));
  if (systemTexts.length > 0) {
    const first = history[0];
    if (first?.type === 'system') first.text = [first.text, ...systemTexts].join('\n\n');
    else history.unshift({ type: 'system', text: systemTexts.join('\n\n') });
  }
  if (history.at(-1)?.type === 'model') {
    throw new AppError('BAD_REQUEST', 'the last message is from the assistant: nothing to answer', {
      hint: 'end the conversation with a user or tool message',
      details: { param: 'messages' },
    });
  }
  history.push({ type: 'model', response: [] });
  return history;
}
