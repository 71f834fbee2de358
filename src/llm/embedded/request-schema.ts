/**
 * The subset of the OpenAI chat-completions request the embedded service
 * accepts, as zod schemas (the single source of truth for the body).
 * Unknown top-level fields are ignored like the OpenAI API does for fields it
 * does not use here (logit_bias, user, …); message shapes are checked.
 */
import { z } from 'zod';

const textPart = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
const content = z.union([z.string(), z.array(textPart)]);

const toolCall = z
  .object({
    id: z.string().min(1),
    type: z.literal('function').default('function'),
    function: z.object({ name: z.string().min(1), arguments: z.string() }).passthrough(),
  })
  .passthrough();

export const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content, name: z.string().optional() }).passthrough(),
  z.object({ role: z.literal('developer'), content, name: z.string().optional() }).passthrough(),
  z.object({ role: z.literal('user'), content, name: z.string().optional() }).passthrough(),
  z
    .object({
      role: z.literal('assistant'),
      content: content.nullable().optional(),
      tool_calls: z.array(toolCall).optional(),
      name: z.string().optional(),
    })
    .passthrough(),
  z.object({ role: z.literal('tool'), content, tool_call_id: z.string().min(1) }).passthrough(),
]);

export type ChatMessage = z.infer<typeof messageSchema>;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const toolSchema = z
  .object({
    type: z.literal('function'),
    function: z
      .object({
        name: z.string().regex(TOOL_NAME, 'a tool name is 1-64 letters, digits, _ or -'),
        description: z.string().optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullable().optional(),
      })
      .passthrough(),
  })
  .passthrough();

export type ChatTool = z.infer<typeof toolSchema>;

export const toolChoiceSchema = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string() }) }).passthrough(),
]);

export type ToolChoice = z.infer<typeof toolChoiceSchema>;

export const chatRequestSchema = z
  .object({
    model: z.string().optional(),
    messages: z.array(messageSchema).min(1, 'messages must hold at least one message'),
    tools: z.array(toolSchema).optional(),
    tool_choice: toolChoiceSchema.optional(),
    parallel_tool_calls: z.boolean().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
    top_p: z.number().gt(0).max(1).nullable().optional(),
    max_tokens: z.number().int().min(1).nullable().optional(),
    max_completion_tokens: z.number().int().min(1).nullable().optional(),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullable().optional(),
    stop: z
      .union([z.string(), z.array(z.string()).max(4)])
      .nullable()
      .optional(),
    seed: z.number().int().nullable().optional(),
    n: z.literal(1, 'only n = 1 is supported').nullable().optional(),
  })
  .passthrough();

export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A message's text (string, or the text parts joined). */
export function messageText(value: string | Array<{ text: string }> | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : value.map((part) => part.text).join('');
}
