/**
 * Every engine fixture we hold, whatever corpus it first came in with: the
 * ported fixture files, plus the cases of the real corpus (issue 14) and the
 * W2 held-out batch (issue 28) that quote an engine's own parser tests (their
 * source names the test file). Each is assigned the row (format) of
 * docs/tool-call-formats.md its test exercises.
 */
import type { ToolFormatId } from '../../../types/tool-formats.js';
import { HELD_OUT_W2 } from '../held-out-w2.js';
import { REAL_CORPUS, type RealCase } from '../real-corpus.js';
import { toolsFor } from '../real-score.js';
import type { Engine, EngineFixture, ExpectedCalls } from './fixture.js';
import { LLAMA_CPP_FIXTURES } from './fixtures-llama-cpp.js';
import { OLLAMA_FIXTURES } from './fixtures-ollama.js';
import { VLLM_FIXTURES } from './fixtures-vllm.js';

export interface SourcedFixture {
  engine: Engine;
  fixture: EngineFixture;
}

const ENGINE_FILE =
  /^(vllm-project\/vllm|sgl-project\/sglang|ggml-org\/llama\.cpp|ollama\/ollama) ((?:tests?|model\/parsers)\/\S+)/;

const ENGINES: Record<string, Engine> = {
  'vllm-project/vllm': 'vllm',
  'sgl-project/sglang': 'sglang',
  'ggml-org/llama.cpp': 'llama.cpp',
  'ollama/ollama': 'ollama',
};

/** A test file → the row it exercises (first match wins). */
const FILE_FORMATS: Array<[RegExp, ToolFormatId]> = [
  [/mistral|ministral/, 'mistral'],
  [/qwen3coder|qwen3xml|qwen36|qwen3_coder|qwen35/, 'qwen3_coder'],
  [/hermes|granite4|ernie45/, 'hermes'],
  [/deepseekv31|deepseek3_test/, 'deepseek_v31'],
  [/deepseekv32|deepseekv4/, 'deepseek_v32'],
  [/deepseekv3/, 'deepseek_v3'],
  [/xlam/, 'xlam'],
  [/phi4mini/, 'functools'],
  [/openai_tool_parser|gpt_oss/, 'harmony'],
  [/olmo3/, 'olmo3'],
  [/functiongemma/, 'functiongemma'],
  [/gemma4/, 'gemma4'],
  [/llama4_pythonic|pythonic/, 'pythonic'],
  [/llama3_json/, 'llama3'],
  [/glm4_moe|glm47|glm46/, 'glm45'],
  [/kimi_k2/, 'kimi_k2'],
  [/minimax_m2/, 'minimax_m2'],
  [/internlm/, 'internlm'],
  [/jamba|hunyuan_a13b/, 'tool_calls_json'],
  [/seed_oss/, 'seed_oss'],
  [/step3/, 'step3'],
  [/granite_tool_parser/, 'granite'],
  [/longcat/, 'longcat'],
  [/commandr/, 'command_r'],
  [/cohere_command/, 'command_r7b'],
  [/apertus/, 'apertus'],
  [/lfm2/, 'lfm2'],
];

/** The sglang and llama.cpp suites test many formats in one file: the case's family or tokens decide. */
function mixedFileFormat(entry: { family?: string; text: string }): ToolFormatId | undefined {
  if (/[｜|]DSML[｜|]/.test(entry.text)) return 'deepseek_v32';
  if (/\[TOOL_CALLS\]/.test(entry.text)) return 'mistral';
  if (/<tool_call>/.test(entry.text)) return 'hermes';
  if (entry.family === 'pythonic' || /\[[A-Za-z_]\w*\(|<\|python_start\|>/.test(entry.text)) return 'pythonic';
  return undefined;
}

function fileFormat(file: string, entry: { family?: string; text: string }): ToolFormatId | undefined {
  if (/test_function_call_parser\.py|test-chat\.cpp/.test(file)) return mixedFileFormat(entry);
  return FILE_FORMATS.find(([pattern]) => pattern.test(file))?.[1];
}

function fromRealCorpus(entry: RealCase): SourcedFixture | undefined {
  if (entry.family === 'arguments') return undefined;
  const file = ENGINE_FILE.exec(entry.source);
  if (!file) return undefined;
  const format =
    fileFormat(file[2]!, entry) ?? (entry.expect === 'none' ? mixedFileFormat({ text: entry.text }) : undefined);
  if (!format) return undefined;
  return {
    engine: ENGINES[file[1]!]!,
    fixture: {
      format,
      parser: file[2]!.split('/').pop()!,
      source: `${file[2]} (real corpus ${entry.id})`,
      name: entry.id,
      text: entry.text,
      tools: toolsFor(entry),
      expect: entry.expect,
      ...(entry.derived ? { derived: entry.derived } : {}),
    },
  };
}

function fromHeldOut(entry: (typeof HELD_OUT_W2)[number]): SourcedFixture | undefined {
  const file = ENGINE_FILE.exec(entry.source);
  if (!file) return undefined;
  const format = fileFormat(file[2]!, entry);
  if (!format) return undefined;
  if (entry.expect !== 'none' && entry.expect.some(([, args]) => typeof args === 'string')) return undefined;
  return {
    engine: ENGINES[file[1]!]!,
    fixture: {
      format,
      parser: file[2]!.split('/').pop()!,
      source: `${file[2]} ${/\(commit ([0-9a-f]{12})/.exec(entry.source)?.[1] ?? ''} (held-out ${entry.id})`.replace(
        '  ',
        ' ',
      ),
      name: entry.id,
      text: entry.text,
      tools: entry.tools,
      expect: entry.expect as ExpectedCalls,
      ...(entry.derived ? { derived: entry.derived } : {}),
      ...(entry.note ? { note: entry.note } : {}),
    },
  };
}

export function allFixtures(): SourcedFixture[] {
  return [
    ...VLLM_FIXTURES.map((fixture) => ({ engine: 'vllm' as const, fixture })),
    ...LLAMA_CPP_FIXTURES.map((fixture) => ({ engine: 'llama.cpp' as const, fixture })),
    ...OLLAMA_FIXTURES.map((fixture) => ({ engine: 'ollama' as const, fixture })),
    ...REAL_CORPUS.map(fromRealCorpus).filter((entry): entry is SourcedFixture => entry !== undefined),
    ...HELD_OUT_W2.map(fromHeldOut).filter((entry): entry is SourcedFixture => entry !== undefined),
  ];
}
