/**
 * The conformance table of docs/tool-call-formats.md: one row per wire
 * format any of vLLM, SGLang, llama.cpp or Ollama reads — the family and its
 * models, the tokens that identify it, where its specification is, the
 * engines' names for their parsers, our parser, and our result on the
 * engines' own fixtures. conformance.test.ts renders it from the fixtures
 * and fails when the doc says otherwise;
 *   node --import tsx scripts/tool-formats-table.ts --write
 * rewrites it.
 */
import { TOOL_FORMAT_IDS, type ToolFormatId } from '../../../types/tool-formats.js';
import { runFixture, type Engine } from './fixture.js';
import { allFixtures } from './sources.js';

export interface FormatRow {
  id: ToolFormatId;
  family: string;
  tokens: string;
  /** the chat template or document that specifies the format */
  spec: string;
  /** the engines' names for their parser or chat format */
  engines: string;
  /** our parser: src/agent/toolcalls/formats/<file>.ts, or the generic cascade */
  parser: string;
}

export const FORMAT_ROWS: FormatRow[] = [
  {
    id: 'hermes',
    family: 'Hermes 2 Pro/3/4, Qwen 2.5/3, Granite 4, ERNIE 4.5, MiMo-VL',
    tokens: '`<tool_call>{json}</tool_call>`, `<tools>`',
    spec: 'NousResearch Hermes-2-Pro tool_use template; Qwen2.5 template',
    engines: 'vLLM hermes/granite4/ernie45 · SGLang qwen25 · llama.cpp Hermes 2 Pro · Ollama qwen3',
    parser: 'hermes.ts',
  },
  {
    id: 'glm45',
    family: 'GLM-4.5/4.6/4.7/5, Laguna, Poolside',
    tokens: '`<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>`',
    spec: 'zai-org/GLM-4.5 chat_template.jinja',
    engines: 'vLLM glm45/glm47/poolside_v1 · SGLang glm4_moe/glm47 · llama.cpp GLM 4.5 · Ollama glm46/glm47/laguna',
    parser: 'glm45.ts',
  },
  {
    id: 'hy_v3',
    family: 'Hunyuan 3',
    tokens: '`<tool_calls><tool_call>NAME<tool_sep><arg_key>…`',
    spec: 'tencent/Hy3 chat template',
    engines: 'vLLM hy_v3',
    parser: 'hy-v3.ts',
  },
  {
    id: 'kimi_k2',
    family: 'Kimi K2, K2 Thinking',
    tokens: '`<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{json}`',
    spec: 'moonshotai/Kimi-K2-Instruct chat template',
    engines: 'vLLM kimi_k2 · SGLang kimik2 · llama.cpp Kimi K2',
    parser: 'kimi-k2.ts',
  },
  {
    id: 'minimax_m2',
    family: 'MiniMax-M2/M2.1/M2.5',
    tokens: '`<minimax:tool_call><invoke name=…><parameter name=…>`',
    spec: 'MiniMaxAI/MiniMax-M2 chat template',
    engines: 'vLLM minimax_m2 · SGLang minimax_m2 · llama.cpp MiniMax-M2',
    parser: 'minimax-m2.ts',
  },
  {
    id: 'minimax_m3',
    family: 'MiniMax-M3',
    tokens: '`]<]minimax[>[` before every tag; nested elements',
    spec: 'vLLM minimax_m3 parser docs',
    engines: 'vLLM minimax_m3',
    parser: 'minimax-m3.ts',
  },
  {
    id: 'dots',
    family: 'dots.llm',
    tokens: '`<dots_function_call><invoke name=…>` or JSON',
    spec: 'rednote-hilab dots chat template',
    engines: 'vLLM dots',
    parser: 'dots.ts',
  },
  {
    id: 'minicpm5_xml',
    family: 'MiniCPM 5',
    tokens: '`<function name="…"><param name="…">…</param></function>`',
    spec: 'openbmb MiniCPM5 chat template',
    engines: 'vLLM minicpm5 · llama.cpp MiniCPM5',
    parser: 'minicpm5.ts',
  },
  {
    id: 'step3',
    family: 'Step-3',
    tokens: '`<｜tool_calls_begin｜>…<steptml:invoke name=…><steptml:parameter name=…>`',
    spec: 'stepfun-ai/step3 chat template',
    engines: 'vLLM step3 · SGLang step3',
    parser: 'step3.ts',
  },
  {
    id: 'qwen3_coder',
    family: 'Qwen3-Coder, Qwen3.5, Qwen3-Next, Step-3.5, MiMo, Nemotron 3 Nano',
    tokens: '`<tool_call><function=NAME><parameter=k>v</parameter></function></tool_call>`',
    spec: 'Qwen/Qwen3-Coder chat_template.jinja',
    engines:
      'vLLM qwen3_coder/qwen3_xml/step3p5/mimov2_flash · SGLang qwen3_coder · llama.cpp Qwen3-Coder · Ollama qwen3coder/qwen35/nemotron3nano',
    parser: 'qwen3-coder.ts',
  },
  {
    id: 'seed_oss',
    family: 'Seed-OSS',
    tokens: '`<seed:tool_call><function=NAME><parameter=k>v</parameter>`',
    spec: 'ByteDance-Seed/Seed-OSS-36B chat template',
    engines: 'vLLM seed_oss · llama.cpp Seed-OSS',
    parser: 'seed-oss.ts',
  },
  {
    id: 'function_tag',
    family: 'Llama 3.1 custom tools, Functionary v3.1',
    tokens: '`<function=NAME>{json}</function>`',
    spec: 'meta-llama llama-models prompt format (3.1)',
    engines: 'llama.cpp Functionary v3.1 Llama 3.1',
    parser: 'function-tag.ts',
  },
  {
    id: 'deepseek_v3',
    family: 'DeepSeek V3, R1',
    tokens: '`<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME` then a json fence',
    spec: 'deepseek-ai/DeepSeek-V3 chat template',
    engines: 'vLLM deepseek_v3 · SGLang deepseekv3 · llama.cpp DeepSeek R1',
    parser: 'deepseek-v3.ts',
  },
  {
    id: 'deepseek_v31',
    family: 'DeepSeek V3.1, Cogito',
    tokens: '`<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}`',
    spec: 'deepseek-ai/DeepSeek-V3.1 chat template',
    engines: 'vLLM deepseek_v31 · SGLang deepseekv31 · llama.cpp DeepSeek V3.1 · Ollama deepseek3/cogito',
    parser: 'deepseek-v3.ts',
  },
  {
    id: 'deepseek_v32',
    family: 'DeepSeek V3.2, V4 (DSML)',
    tokens: '`<｜DSML｜function_calls>` / `<｜DSML｜tool_calls>` + `invoke`/`parameter string=`',
    spec: 'deepseek-ai/DeepSeek-V3.2 encoding_dsv32.py',
    engines: 'vLLM deepseek_v32/deepseek_v4 · SGLang deepseekv32 · llama.cpp DeepSeek V3.2',
    parser: 'deepseek-v32.ts',
  },
  {
    id: 'harmony',
    family: 'gpt-oss',
    tokens: '`<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>`',
    spec: 'openai/harmony, gpt-oss chat template',
    engines: 'vLLM openai · SGLang gpt-oss · llama.cpp GPT-OSS · Ollama harmony',
    parser: 'harmony.ts',
  },
  {
    id: 'gemma4',
    family: 'Gemma 4',
    tokens: '`<|tool_call>call:NAME{k:<|"|>v<|"|>}<tool_call|>`',
    spec: 'google/gemma-4 chat template',
    engines: 'vLLM gemma4 · Ollama gemma4',
    parser: 'gemma4.ts',
  },
  {
    id: 'functiongemma',
    family: 'FunctionGemma',
    tokens: '`<start_function_call>call:NAME{k:<escape>v<escape>}<end_function_call>`',
    spec: 'google/functiongemma-270m chat template',
    engines: 'vLLM functiongemma · Ollama functiongemma',
    parser: 'functiongemma.ts',
  },
  {
    id: 'mistral',
    family: 'Mistral 7B v0.3, Nemo, Small 3.x, Ministral, Devstral, Magistral',
    tokens: '`[TOOL_CALLS][{json}]`, `[TOOL_CALLS]NAME[CALL_ID]id[ARGS]{json}`',
    spec: 'mistralai/mistral-common tokenizer (v3–v13)',
    engines: 'vLLM mistral · SGLang mistral · llama.cpp Mistral Nemo/Magistral · Ollama ministral',
    parser: 'mistral.ts',
  },
  {
    id: 'llama3',
    family: 'Llama 3.1/3.2/3.3',
    tokens: '`<|python_tag|>…<|eom_id|>`, bare `{"name", "parameters"}`',
    spec: 'meta-llama llama-models prompt format',
    engines: 'vLLM llama3_json · SGLang llama3 · llama.cpp Llama 3.x',
    parser: 'llama3.ts + generic',
  },
  {
    id: 'pythonic',
    family: 'Llama 3.2/4 pythonic, ToolACE',
    tokens: '`[fn(a=1), g()]`, `<|python_start|>…<|python_end|>`',
    spec: 'meta-llama llama-models prompt format (3.2, 4)',
    engines: 'vLLM pythonic/llama4_pythonic · SGLang pythonic',
    parser: 'pythonic.ts',
  },
  {
    id: 'functools',
    family: 'Phi-4-mini, FireFunction v2',
    tokens: '`functools[{json}]`',
    spec: 'microsoft/Phi-4-mini-instruct, fireworks firefunction-v2 templates',
    engines: 'vLLM phi4_mini_json · llama.cpp FireFunction v2',
    parser: 'functools.ts',
  },
  {
    id: 'granite',
    family: 'Granite 3.x',
    tokens: '`<|tool_call|>[{json}]`',
    spec: 'ibm-granite/granite-3.x chat template',
    engines: 'vLLM granite · llama.cpp Granite',
    parser: 'granite.ts',
  },
  {
    id: 'granite_20b_fc',
    family: 'Granite-20B-FunctionCalling',
    tokens: '`<function_call> {json}`',
    spec: 'ibm-granite/granite-20b-functioncalling',
    engines: 'vLLM granite-20b-fc',
    parser: 'granite-20b-fc.ts',
  },
  {
    id: 'internlm',
    family: 'InternLM 2/2.5',
    tokens: '`<|action_start|><|plugin|>{json}<|action_end|>`',
    spec: 'internlm/internlm2_5 chat template',
    engines: 'vLLM internlm · SGLang internlm',
    parser: 'internlm.ts',
  },
  {
    id: 'tool_calls_json',
    family: 'Jamba, Hunyuan-A13B, MiniMax-M1, Apriel',
    tokens: '`<tool_calls>[{json}]</tool_calls>` or one object per line',
    spec: 'ai21labs Jamba, tencent Hunyuan-A13B, MiniMax-M1 templates',
    engines: 'vLLM jamba/hunyuan_a13b/minimax · llama.cpp Apriel',
    parser: 'tool-calls-json.ts',
  },
  {
    id: 'longcat',
    family: 'LongCat',
    tokens: '`<longcat_tool_call>{json}</longcat_tool_call>`',
    spec: 'meituan-longcat chat template',
    engines: 'vLLM longcat',
    parser: 'longcat.ts',
  },
  {
    id: 'nemotron_toolcall',
    family: 'Nemotron Nano v2, Llama-Nemotron',
    tokens: '`<TOOLCALL>[{json}]</TOOLCALL>`',
    spec: 'NVIDIA-Nemotron-Nano-v2 chat template',
    engines: 'vLLM nemotron_json · llama.cpp Nemotron V2',
    parser: 'nemotron.ts',
  },
  {
    id: 'apertus',
    family: 'Apertus',
    tokens: '`<|tools_prefix|>[{"NAME": {args}}]<|tools_suffix|>`',
    spec: 'swiss-ai/Apertus chat template',
    engines: 'vLLM apertus · llama.cpp Apertus · Ollama apertus',
    parser: 'apertus.ts',
  },
  {
    id: 'gigachat3',
    family: 'GigaChat 3/3.1',
    tokens: '`function call<|role_sep|>\\n{json}`, `<|function_call|>{json}`',
    spec: 'ai-sage GigaChat3 chat template',
    engines: 'vLLM gigachat3',
    parser: 'gigachat.ts',
  },
  {
    id: 'command_r7b',
    family: 'Command R7B, Command A',
    tokens: '`<|START_ACTION|>[{tool_name, parameters}]<|END_ACTION|>`',
    spec: 'CohereForAI c4ai-command-r7b tool_use template',
    engines: 'vLLM cohere_command3/4 · llama.cpp Command R7B · Ollama cohere',
    parser: 'command-r7b.ts',
  },
  {
    id: 'command_r',
    family: 'Command R/R+',
    tokens: '`Action:` then a json fence of `[{tool_name, parameters}]`',
    spec: 'CohereForAI c4ai-command-r-plus tool_use template',
    engines: 'llama.cpp Command R+ · Ollama commandr',
    parser: 'command-r.ts',
  },
  {
    id: 'functionary_v32',
    family: 'Functionary v3.2',
    tokens: '`>>>NAME\\n{json}`, `>>>all\\n` text',
    spec: 'meetkai/functionary-medium-v3.2 chat template',
    engines: 'llama.cpp Functionary v3.2',
    parser: 'functionary-v32.ts',
  },
  {
    id: 'plamo3',
    family: 'PLaMo 3',
    tokens: '`<|plamo:begin_tool_requests:plamo|>…<|plamo:begin_tool_name:plamo|>`',
    spec: 'pfnet plamo-3 chat template',
    engines: 'vLLM plamo3',
    parser: 'plamo3.ts',
  },
  {
    id: 'olmo3',
    family: 'OLMo 3',
    tokens: '`<function_calls>fn(a=1)\\ng()</function_calls>`',
    spec: 'allenai Olmo-3 chat template',
    engines: 'vLLM olmo3 · Ollama olmo3',
    parser: 'olmo3.ts',
  },
  {
    id: 'lfm2',
    family: 'LFM2, LFM2.5',
    tokens: '`<|tool_call_start|>[fn(a=1)]<|tool_call_end|>`',
    spec: 'LiquidAI/LFM2 chat template',
    engines: 'vLLM lfm2 · llama.cpp LFM2 · Ollama lfm2',
    parser: 'lfm2.ts',
  },
  {
    id: 'openpangu_v2',
    family: 'openPangu v2',
    tokens: '`<|tool_call_start|>[{json}]<|tool_call_end|>`',
    spec: 'openPangu v2 chat template',
    engines: 'vLLM openpangu_v2',
    parser: 'lfm2.ts',
  },
  {
    id: 'xlam',
    family: 'xLAM',
    tokens: 'a bare JSON list of calls (also fenced)',
    spec: 'Salesforce xLAM function-calling prompt',
    engines: 'vLLM xlam',
    parser: 'generic cascade',
  },
  {
    id: 'glimmer',
    family: 'Glimmer',
    tokens: '` to=NAME<|message|><atem:function_calls><atem:invoke name=…>`',
    spec: 'Ollama glimmer renderer',
    engines: 'Ollama glimmer',
    parser: 'glimmer.ts',
  },
  {
    id: 'solar_open2',
    family: 'Solar Open 2',
    tokens: '`<|tool_call:start|>NAME\\n<|tool_arg:start|>k<|tool_arg:value|>v<|tool_arg:end|>`',
    spec: 'upstage Solar-Open2 chat template',
    engines: 'vLLM solar_open2',
    parser: 'solar-open2.ts',
  },
];

/** Formats an engine reads that have no row of their own, and why. */
export const LEFT_OUT: Array<{ engines: string; reason: string }> = [
  {
    engines: 'vLLM kimi_k3',
    reason:
      "its test has no tool-call fixture (it checks the message-close marker only); Kimi K3's calls are not yet specified to us",
  },
  {
    engines: 'vLLM hy_v4, hyperclovax_seed_think(_14b), iquest_coder(_v2), k2_horizon, cwm, csm, rwkv, pangu',
    reason:
      'not ported this round: their test files were not read; text in those formats falls to the generic cascade, and the safety rules hold for it',
  },
  {
    engines: 'llama.cpp Generic (JSON-schema constrained `{"tool_call": …}`)',
    reason:
      'a grammar the server enforces, not a model format: the server returns structured tool_calls, read as native calls',
  },
  {
    engines: 'Ollama glmocr, qwen3 (thinking only)',
    reason: 'no tool calls: the parsers split reasoning from content',
  },
];

export interface RowResult {
  row: FormatRow;
  fixtures: number;
  passing: number;
  listed: number;
  byEngine: Partial<Record<Engine, number>>;
}

/** A table cell: a pipe inside it (the tokens are full of them) would end the cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

const ENGINE_LABEL: Record<Engine, string> = {
  vllm: 'vLLM',
  sglang: 'SGLang',
  'llama.cpp': 'llama.cpp',
  ollama: 'Ollama',
};

export function rowResults(): RowResult[] {
  const runs = allFixtures().map(({ engine, fixture }) => runFixture(engine, fixture));
  return FORMAT_ROWS.map((row) => {
    const mine = runs.filter((run) => run.fixture.format === row.id);
    const byEngine: Partial<Record<Engine, number>> = {};
    for (const run of mine) byEngine[run.engine] = (byEngine[run.engine] ?? 0) + 1;
    return {
      row,
      fixtures: mine.length,
      passing: mine.filter((run) => run.passes && !run.fixture.differs).length,
      listed: mine.filter((run) => !run.passes && run.listed).length,
      byEngine,
    };
  });
}

/** The markdown table (header included), one line per row, as the doc carries it. */
export function renderTable(results: RowResult[] = rowResults()): string {
  const lines = [
    '| format | family and models | identifying tokens | specification | engines (their parser) | our parser | fixtures (by engine) | pass | differ, listed |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { row, fixtures, passing, listed, byEngine } of results) {
    const engines = (Object.keys(ENGINE_LABEL) as Engine[])
      .filter((engine) => byEngine[engine])
      .map((engine) => `${ENGINE_LABEL[engine]} ${byEngine[engine]}`)
      .join(' · ');
    lines.push(
      `| \`${row.id}\` | ${cell(row.family)} | ${cell(row.tokens)} | ${cell(row.spec)} | ${cell(row.engines)} | ${row.parser} | ` +
        `${fixtures} (${engines}) | ${passing} | ${listed} |`,
    );
  }
  const total = results.reduce((sum, result) => sum + result.fixtures, 0);
  const passing = results.reduce((sum, result) => sum + result.passing, 0);
  const listed = results.reduce((sum, result) => sum + result.listed, 0);
  const formats = results.filter((result) => result.fixtures > 0).length;
  lines.push(
    '',
    `${total} engine fixtures across ${formats} formats: ${passing} read as the engine's test expects, ` +
      `${listed} read otherwise on purpose (each listed with its reason in the fixture's \`differs\`), ` +
      `${total - passing - listed} neither.`,
  );
  return lines.join('\n');
}

export function renderLeftOut(): string {
  return [
    '| engines and formats | why there is no row |',
    '|---|---|',
    ...LEFT_OUT.map((entry) => `| ${cell(entry.engines)} | ${cell(entry.reason)} |`),
  ].join('\n');
}

/** Every format id has a row, and no row twice. */
export function rowIds(): string[] {
  return FORMAT_ROWS.map((row) => row.id).concat(
    TOOL_FORMAT_IDS.filter((id) => !FORMAT_ROWS.some((row) => row.id === id)),
  );
}
