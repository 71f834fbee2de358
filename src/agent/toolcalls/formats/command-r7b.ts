/**
 * Command R7B / Command A (CohereForAI chat templates; vLLM
 * `cohere_command3` / `cohere_command4`, llama.cpp Command R7B, Ollama
 * cohere): `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "NAME", "parameters": {…}}]<|END_ACTION|>`;
 * reasoning is <|START_THINKING|>…<|END_THINKING|>, the answer
 * <|START_RESPONSE|>…<|END_RESPONSE|>. The JSON list ends the calls.
 */
import type { Extraction } from '../state.js';
import { readJsonEnvelopes } from './envelope.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  readJsonEnvelopes(state, {
    open: /<\|START_ACTION\|>/,
    close: /<\|END_ACTION\|>/,
    format: 'command_r7b',
    label: '<|START_ACTION|>',
  });
  state.work = state.work.replace(/<\|(?:START|END)_(?:RESPONSE|TEXT)\|>/g, (token) => ' '.repeat(token.length));
}

export const commandR7b: FormatParser = {
  ids: ['command_r7b'],
  marker: /<\|START_ACTION\|>|<\|START_RESPONSE\|>/,
  read,
};
