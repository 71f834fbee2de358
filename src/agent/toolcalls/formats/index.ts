/**
 * Every wire-format parser, in the order they read a reply: the most
 * specific tokens first (a MiniMax-M3 namespace before the <tool_call> it
 * wraps, DSML and Step-3 before DeepSeek's <｜tool▁sep｜>, FunctionGemma
 * before Gemma's bare `call:`, Qwen3-Coder, GLM and Hunyuan bodies before
 * Hermes JSON in the same <tool_call>, bare Python lists, then morph-XML's
 * offered-name tags, last: every other format's tags are read by then). The detected
 * family's parser runs before all of them (extract.ts).
 */
import type { ToolFormatId } from '../../../types/tool-formats.js';
import { apertus } from './apertus.js';
import { commandR } from './command-r.js';
import { commandR7b } from './command-r7b.js';
import { deepseekV3 } from './deepseek-v3.js';
import { deepseekV32 } from './deepseek-v32.js';
import { dots } from './dots.js';
import { functionTag } from './function-tag.js';
import { functiongemma } from './functiongemma.js';
import { functionaryV32 } from './functionary-v32.js';
import { functools } from './functools.js';
import { gemma4 } from './gemma4.js';
import { gigachat } from './gigachat.js';
import { glimmer } from './glimmer.js';
import { glm45 } from './glm45.js';
import { granite } from './granite.js';
import { granite20bFc } from './granite-20b-fc.js';
import { harmony } from './harmony.js';
import { hermes } from './hermes.js';
import { hyV3 } from './hy-v3.js';
import { internlm } from './internlm.js';
import { kimiK2 } from './kimi-k2.js';
import { lfm2 } from './lfm2.js';
import { llama3 } from './llama3.js';
import { longcat } from './longcat.js';
import { minicpm5 } from './minicpm5.js';
import { minimaxM2 } from './minimax-m2.js';
import { minimaxM3 } from './minimax-m3.js';
import { mistral } from './mistral.js';
import { morphXml } from './morph-xml.js';
import { nemotron } from './nemotron.js';
import { olmo3 } from './olmo3.js';
import { plamo3 } from './plamo3.js';
import { pythonic } from './pythonic.js';
import { qwen3Coder } from './qwen3-coder.js';
import { seedOss } from './seed-oss.js';
import { solarOpen2 } from './solar-open2.js';
import { step3 } from './step3.js';
import { toolCallsJson } from './tool-calls-json.js';
import type { FormatParser } from './types.js';

export type { FormatParser } from './types.js';

export const FORMAT_PARSERS: readonly FormatParser[] = [
  minimaxM3,
  glimmer,
  harmony,
  solarOpen2,
  kimiK2,
  deepseekV32,
  step3,
  deepseekV3,
  functiongemma,
  gemma4,
  mistral,
  plamo3,
  hyV3,
  seedOss,
  minicpm5,
  qwen3Coder,
  functionTag,
  dots,
  minimaxM2,
  glm45,
  hermes,
  toolCallsJson,
  commandR7b,
  commandR,
  internlm,
  granite,
  granite20bFc,
  longcat,
  nemotron,
  apertus,
  gigachat,
  functionaryV32,
  olmo3,
  lfm2,
  llama3,
  functools,
  pythonic,
  morphXml,
];

/** The parser that reads a format; undefined for the formats the generic cascade reads (xLAM's JSON). */
export function parserFor(id: ToolFormatId): FormatParser | undefined {
  return FORMAT_PARSERS.find((parser) => parser.ids.includes(id));
}
