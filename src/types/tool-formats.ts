/**
 * The wire formats models write tool calls in, as the serving engines name
 * them (vLLM --tool-call-parser, SGLang detectors, llama.cpp chat formats,
 * Ollama parsers): the ids `llm.tool_format` accepts and the family each
 * model id or chat template belongs to. Pure data, shared by the config, the
 * embedded model service (it reads the GGUF's chat template) and the
 * tool-call parser (src/agent/toolcalls), which runs the detected family's
 * parser first. docs/tool-call-formats.md has one row per id.
 */

export const TOOL_FORMAT_IDS = [
  'hermes',
  'glm45',
  'hy_v3',
  'kimi_k2',
  'minimax_m2',
  'minimax_m3',
  'dots',
  'minicpm5_xml',
  'step3',
  'qwen3_coder',
  'seed_oss',
  'function_tag',
  'deepseek_v3',
  'deepseek_v31',
  'deepseek_v32',
  'harmony',
  'gemma4',
  'functiongemma',
  'mistral',
  'llama3',
  'pythonic',
  'functools',
  'granite',
  'granite_20b_fc',
  'internlm',
  'tool_calls_json',
  'longcat',
  'nemotron_toolcall',
  'apertus',
  'gigachat3',
  'command_r7b',
  'command_r',
  'functionary_v32',
  'plamo3',
  'olmo3',
  'lfm2',
  'openpangu_v2',
  'xlam',
  'glimmer',
  'solar_open2',
] as const;

export type ToolFormatId = (typeof TOOL_FORMAT_IDS)[number];

/**
 * Model ids (the endpoint's `model`, a GGUF file name, an Ollama tag) → the
 * family's format; the first pattern that matches wins, so the more specific
 * come first.
 */
const BY_MODEL: Array<[RegExp, ToolFormatId]> = [
  [/glm-?(?:4\.[5-9]|4-?moe|5)|glm-?4\.?7|laguna|poolside/i, 'glm45'],
  [/\bhy-?3|hunyuan-?(?:v3|3)\b|hy3/i, 'hy_v3'],
  [/hunyuan/i, 'tool_calls_json'],
  [/kimi-?k2|moonshot/i, 'kimi_k2'],
  [/minimax-?m3/i, 'minimax_m3'],
  [/minimax-?m2/i, 'minimax_m2'],
  [/minimax/i, 'tool_calls_json'],
  [/\bdots[.-]/i, 'dots'],
  [/minicpm/i, 'minicpm5_xml'],
  [/step-?3\.5|step3p5/i, 'qwen3_coder'],
  [/step-?3/i, 'step3'],
  [/seed-?oss/i, 'seed_oss'],
  [/qwen3(?:\.\d)?-?coder|qwen3\.[5-9]|qwen3-?next|mimo/i, 'qwen3_coder'],
  [/functionary.*v?3\.2|functionary-(?:small|medium)-v3\.2/i, 'functionary_v32'],
  [/functionary/i, 'function_tag'],
  [/deepseek-?v3\.2|deepseek-?v4/i, 'deepseek_v32'],
  [/deepseek-?v3\.1|deepseek-?(?:chat|reasoner)-?v3\.1|cogito/i, 'deepseek_v31'],
  [/deepseek/i, 'deepseek_v3'],
  [/gpt-?oss/i, 'harmony'],
  [/functiongemma/i, 'functiongemma'],
  [/gemma-?[34]n?\b|gemma-?4/i, 'gemma4'],
  [/mistral|ministral|devstral|magistral|codestral|pixtral/i, 'mistral'],
  [/llama-?4/i, 'pythonic'],
  [/llama-?3/i, 'llama3'],
  [/phi-?4|firefunction/i, 'functools'],
  [/granite-?20b-?function/i, 'granite_20b_fc'],
  [/granite-?4/i, 'hermes'],
  [/granite/i, 'granite'],
  [/internlm/i, 'internlm'],
  [/jamba|apriel/i, 'tool_calls_json'],
  [/longcat/i, 'longcat'],
  [/nemotron/i, 'nemotron_toolcall'],
  [/apertus/i, 'apertus'],
  [/gigachat/i, 'gigachat3'],
  [/command-?r7b|command-?a\b/i, 'command_r7b'],
  [/command-?r/i, 'command_r'],
  [/plamo/i, 'plamo3'],
  [/olmo-?3/i, 'olmo3'],
  [/lfm-?2/i, 'lfm2'],
  [/openpangu|pangu/i, 'openpangu_v2'],
  [/xlam/i, 'xlam'],
  [/glimmer/i, 'glimmer'],
  [/solar-?open/i, 'solar_open2'],
  [/qwen|hermes|ernie|nous/i, 'hermes'],
];

/** The format a model id belongs to, or undefined when no family is recognised. */
export function formatForModelId(modelId: string): ToolFormatId | undefined {
  const id = modelId.trim();
  if (id === '') return undefined;
  return BY_MODEL.find(([pattern]) => pattern.test(id))?.[1];
}

/**
 * A chat template (Jinja, e.g. a GGUF's tokenizer.chat_template) → the
 * format it renders tool calls in, by the tokens it writes; the most specific
 * come first (a Qwen3-Coder template also contains <tool_call>).
 */
const BY_TEMPLATE: Array<[string | RegExp, ToolFormatId]> = [
  ['<arg_key>', 'glm45'],
  ['<tool_sep>', 'hy_v3'],
  ['<|tool_calls_section_begin|>', 'kimi_k2'],
  [']<]minimax[>[', 'minimax_m3'],
  ['<minimax:tool_call>', 'minimax_m2'],
  ['<dots_function_call>', 'dots'],
  ['<steptml:invoke', 'step3'],
  ['<seed:tool_call>', 'seed_oss'],
  [/<function=[^>]*>[\s\S]*<parameter=/, 'qwen3_coder'],
  ['｜DSML｜', 'deepseek_v32'],
  [
    /<｜tool▁calls▁begin｜>[\s\S]*<｜tool▁sep｜>\s*'\s*\+\s*tool\['function'\]\['name'\]|tool▁sep｜>' \+ tool\.function\.name/,
    'deepseek_v31',
  ],
  ['<｜tool▁calls▁begin｜>', 'deepseek_v3'],
  ['<|channel|>', 'harmony'],
  ['<start_function_call>', 'functiongemma'],
  ['<|tool_call>', 'gemma4'],
  ['[TOOL_CALLS]', 'mistral'],
  ['<|python_start|>', 'pythonic'],
  ['<|python_tag|>', 'llama3'],
  ['functools', 'functools'],
  ['<|tool_call|>', 'granite'],
  ['<function_call>', 'granite_20b_fc'],
  ['<|action_start|>', 'internlm'],
  ['<longcat_tool_call>', 'longcat'],
  ['<TOOLCALL>', 'nemotron_toolcall'],
  ['<|tools_prefix|>', 'apertus'],
  ['<|role_sep|>', 'gigachat3'],
  ['<|START_ACTION|>', 'command_r7b'],
  ['directly-answer', 'command_r'],
  ['>>>', 'functionary_v32'],
  ['<|plamo:', 'plamo3'],
  ['<function_calls>', 'olmo3'],
  ['<|tool_call_start|>', 'lfm2'],
  ['<atem:function_calls>', 'glimmer'],
  ['<|tool_call:start|>', 'solar_open2'],
  ['<function name=', 'minicpm5_xml'],
  ['<tool_calls>', 'tool_calls_json'],
  ['<function=', 'function_tag'],
  ['<tool_call>', 'hermes'],
];

/** The format a chat template writes tool calls in, or undefined when it names none. */
export function formatForChatTemplate(template: string): ToolFormatId | undefined {
  for (const [marker, id] of BY_TEMPLATE) {
    if (typeof marker === 'string' ? template.includes(marker) : marker.test(template)) return id;
  }
  return undefined;
}
