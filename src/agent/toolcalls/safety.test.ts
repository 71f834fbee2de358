import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatForChatTemplate, formatForModelId, type ToolFormatId } from '../../types/tool-formats.js';
import { toolFormatFor } from '../agent.js';
import { parseToolCalls } from './index.js';

const TOOLS = ['get_weather', 'get_current_date', 'search_docs', 'Other philosophy QA System', 'files.read'];

function read(text: string, format?: ToolFormatId) {
  return parseToolCalls(text, { knownTools: TOOLS, format });
}

describe('the safety rules (safety.ts)', () => {
  test('a call cut off mid-key, after "parameters": {, or before its closing tag is refused, never run', () => {
    for (const text of [
      '<tool_call>{"name": "get_weather", "arguments": {"loc',
      '{"name": "get_weather", "parameters": {',
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>',
      '<function_calls>get_weather(city="Paris")',
      '<|tools_prefix|>[{"get_weather": {"city": "Paris"}',
    ]) {
      const outcome = read(text);
      assert.deepEqual(outcome.calls, [], text);
      assert.equal(outcome.refused[0]?.reason, 'cut-off', text);
      assert.match(outcome.refused[0]!.message, /get_weather was cut off .*it was not run/, text);
    }
  });

  test('a value that is a call expression refuses its call, in JSON and in Python syntax', () => {
    for (const text of [
      '{"name": "get_weather", "arguments": {"city": "Paris", "date": get_current_date ()}}',
      '<tool_call>{"name": "get_weather", "arguments": {"date": get_current_date()}}</tool_call>',
      'get_weather(city="Paris", date=get_current_date())',
    ]) {
      const outcome = read(text);
      assert.deepEqual(outcome.calls, [], text);
      assert.equal(outcome.refused[0]?.reason, 'call-value', text);
      assert.match(outcome.refused[0]!.message, /get_current_date\(\).*call that tool first/, text);
    }
  });

  test('a call shown as an example or said not to be run never runs (en and zh)', () => {
    for (const text of [
      'For example, you could call <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
      'The format is <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
      'Here is the call: {"name": "get_weather", "arguments": {"city": "Paris"}} — do not execute it yet.',
      'I won\'t run this yet: get_weather(city="Paris")',
      '例如：<tool_call>{"name": "get_weather", "arguments": {"city": "巴黎"}}</tool_call>',
      '调用格式示例 {"name": "get_weather", "arguments": {"city": "巴黎"}}',
      '先不要执行：<tool_call>{"name": "get_weather", "arguments": {"city": "巴黎"}}</tool_call>',
    ]) {
      const outcome = read(text);
      assert.deepEqual(outcome.calls, [], text);
      assert.equal(outcome.proseOnly, true, text);
    }
  });

  test('a call to a tool not offered is refused; names are taken as the offered tools spell them', () => {
    const unknown = read('<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>');
    assert.deepEqual(unknown.calls, []);
    assert.equal(unknown.refused[0]?.reason, 'unknown-tool');
    assert.match(unknown.refused[0]!.message, /no tool named "delete_everything"; the tools are: get_weather/);
    for (const [written, offered] of [
      ['get weather', 'get_weather'],
      ['Get-Weather', 'get_weather'],
      ['functions.get_weather', 'get_weather'],
      ['files_read', 'files.read'],
      ['Other_philosophy_QA_System', 'Other philosophy QA System'],
    ] as const) {
      const outcome = read(`<tool_call>{"name": "${written}", "arguments": {}}</tool_call>`);
      assert.deepEqual(
        outcome.calls.map((call) => call.name),
        [offered],
        written,
      );
    }
  });

  test('a draft in a closed reasoning block is not made; a Kimi call inside one is', () => {
    const draft = read(
      '<think>The format is <tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call></think>' +
        '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
    );
    assert.deepEqual(
      draft.calls.map((call) => call.arguments),
      [{ city: 'Paris' }],
    );
    const kimi = read(
      '<think>Need the weather.<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0' +
        '<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|></think>',
    );
    assert.deepEqual(
      kimi.calls.map((call) => [call.name, call.arguments]),
      [['get_weather', { city: 'Paris' }]],
    );
  });
});

describe('family detection (src/types/tool-formats.ts)', () => {
  test('model ids name their family', () => {
    for (const [id, format] of [
      ['zai-org/GLM-4.6', 'glm45'],
      ['glm-4.7-flash', 'glm45'],
      ['moonshotai/Kimi-K2-Instruct', 'kimi_k2'],
      ['MiniMaxAI/MiniMax-M2.5', 'minimax_m2'],
      ['qwen3-coder:30b', 'qwen3_coder'],
      ['Qwen/Qwen2.5-7B-Instruct', 'hermes'],
      ['gpt-oss-20b', 'harmony'],
      ['deepseek-ai/DeepSeek-V3.2', 'deepseek_v32'],
      ['mistral-small3.2:24b', 'mistral'],
      ['llama3.1:8b', 'llama3'],
      ['local', undefined],
    ] as const) {
      assert.equal(formatForModelId(id), format, id);
    }
  });

  test('a chat template names the format by the tokens it writes', () => {
    assert.equal(formatForChatTemplate('{{ "<tool_call>" + tc.name }}<arg_key>{{ k }}</arg_key>'), 'glm45');
    assert.equal(
      formatForChatTemplate("{{- '<tool_call>\\n<function=' + tool_call.name + '>\\n<parameter=' }}"),
      'qwen3_coder',
    );
    assert.equal(formatForChatTemplate('<tool_call>\n{"name": {{ name }}}\n</tool_call>'), 'hermes');
    assert.equal(formatForChatTemplate('{{ bos_token }}{{ message.content }}'), undefined);
  });

  test('llm.tool_format wins, then the model id, then what the endpoint reports', () => {
    assert.equal(toolFormatFor('kimi_k2', { model: 'qwen2.5-7b' }), 'kimi_k2');
    assert.equal(toolFormatFor('auto', { model: 'GLM-4.6', toolFormat: 'hermes' }), 'glm45');
    assert.equal(toolFormatFor('auto', { model: 'local', toolFormat: 'minimax_m2' }), 'minimax_m2');
    assert.equal(toolFormatFor('auto', { model: 'local' }), undefined);
  });

  test('the detected family reads first: a bare GLM call without tags is read when the family is known', () => {
    const text = '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>';
    assert.deepEqual(
      read(text, 'glm45').calls.map((call) => call.format),
      ['glm45'],
    );
  });
});
