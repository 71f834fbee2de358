/**
 * What a GGUF file says about itself, read from its header and metadata
 * (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md) without loading
 * the model: the GGUF version, the architecture, the quantisation
 * (`general.file_type`), the context length and the chat template
 * (`tokenizer.chat_template`), whose tool-call markers name the wire format the
 * agent's parser reads first (src/types/tool-formats.ts). Plain file reads, so
 * `doctor` can use it in a bundle without node-llama-cpp. Arrays (the
 * vocabulary) are skipped, not kept.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { formatForChatTemplate, type ToolFormatId } from '../../types/tool-formats.js';

export interface GgufInfo {
  version: number;
  tensors: number;
  /** scalar metadata values (strings, numbers, booleans); arrays are left out */
  metadata: Map<string, string | number | bigint | boolean>;
  architecture?: string | undefined;
  name?: string | undefined;
  /** general.file_type as llama.cpp names it (Q4_K_M, F16, …) */
  quantisation?: string | undefined;
  contextLength?: number | undefined;
  chatTemplate?: string | undefined;
  /** the tool-call wire format the chat template writes, when it names one */
  toolFormat?: ToolFormatId | undefined;
}

/** llama.cpp's llama_ftype (general.file_type) → its name. */
const FILE_TYPES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
  38: 'MXFP4_MOE',
};

/** The families people know the wire formats by (docs/tool-call-formats.md has every id). */
const FAMILY_LABELS: Partial<Record<ToolFormatId, string>> = {
  hermes: 'Hermes/Qwen: <tool_call>{json}</tool_call>',
  qwen3_coder: 'Qwen3-Coder: <function=…><parameter=…>',
  llama3: 'Llama 3: <|python_tag|> / JSON',
  pythonic: 'Llama 4: pythonic calls',
  mistral: 'Mistral: [TOOL_CALLS]',
  deepseek_v3: 'DeepSeek V3: <｜tool▁calls▁begin｜>',
  deepseek_v31: 'DeepSeek V3.1: <｜tool▁calls▁begin｜>',
  deepseek_v32: 'DeepSeek V3.2: DSML',
  glm45: 'GLM 4.5+: <tool_call>name<arg_key>',
  harmony: 'Harmony (gpt-oss): <|channel|>commentary',
  gemma4: 'Gemma: <|tool_call>',
  functools: 'Phi-4: functools[…]',
  granite: 'Granite: <|tool_call|>',
  kimi_k2: 'Kimi K2: <|tool_calls_section_begin|>',
  minimax_m2: 'MiniMax M2: <minimax:tool_call>',
  command_r7b: 'Command R7B: <|START_ACTION|>',
};

/** "hermes (Hermes/Qwen: <tool_call>{json}</tool_call>)", or the bare id. */
export function familyLabel(format: ToolFormatId): string {
  const label = FAMILY_LABELS[format];
  return label ? `${format} (${label})` : format;
}

const enum Type {
  UINT8 = 0,
  INT8 = 1,
  UINT16 = 2,
  INT16 = 3,
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
  INT64 = 11,
  FLOAT64 = 12,
}

const FIXED_SIZE: Partial<Record<number, number>> = {
  [Type.UINT8]: 1,
  [Type.INT8]: 1,
  [Type.UINT16]: 2,
  [Type.INT16]: 2,
  [Type.UINT32]: 4,
  [Type.INT32]: 4,
  [Type.FLOAT32]: 4,
  [Type.BOOL]: 1,
  [Type.UINT64]: 8,
  [Type.INT64]: 8,
  [Type.FLOAT64]: 8,
};

/** A forward-only reader over a file descriptor, one buffer at a time. */
class Reader {
  private buffer = Buffer.alloc(0);
  private start = 0;
  private filePosition = 0;
  constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}
  private need(count: number): void {
    const available = this.buffer.length - this.start;
    if (available >= count) return;
    const missing = count - available;
    const left = this.size - this.filePosition;
    if (missing > left) throw new Error('the file ends inside its metadata (truncated or not a GGUF file)');
    const chunk = Buffer.alloc(Math.min(left, Math.max(missing, 1 << 20)));
    const read = readSync(this.fd, chunk, 0, chunk.length, this.filePosition);
    if (read < missing) throw new Error('the file ends inside its metadata (truncated or not a GGUF file)');
    this.filePosition += read;
    this.buffer = Buffer.concat([this.buffer.subarray(this.start), chunk.subarray(0, read)]);
    this.start = 0;
  }
  bytes(count: number): Buffer {
    this.need(count);
    const out = this.buffer.subarray(this.start, this.start + count);
    this.start += count;
    return out;
  }
  skip(count: number): void {
    const inBuffer = this.buffer.length - this.start;
    if (count <= inBuffer) {
      this.start += count;
      return;
    }
    const beyond = count - inBuffer;
    if (this.filePosition + beyond > this.size)
      throw new Error('the file ends inside its metadata (truncated or not a GGUF file)');
    this.filePosition += beyond;
    this.buffer = Buffer.alloc(0);
    this.start = 0;
  }
  u32(): number {
    return this.bytes(4).readUInt32LE(0);
  }
  u64(): bigint {
    return this.bytes(8).readBigUInt64LE(0);
  }
  count(): number {
    const value = this.u64();
    if (value > BigInt(this.size)) throw new Error(`a count of ${value} is larger than the file: not a GGUF file`);
    return Number(value);
  }
  string(): string {
    return this.bytes(this.count()).toString('utf8');
  }
}

function readValue(reader: Reader, type: number): string | number | bigint | boolean | undefined {
  switch (type) {
    case Type.UINT8:
      return reader.bytes(1).readUInt8(0);
    case Type.INT8:
      return reader.bytes(1).readInt8(0);
    case Type.UINT16:
      return reader.bytes(2).readUInt16LE(0);
    case Type.INT16:
      return reader.bytes(2).readInt16LE(0);
    case Type.UINT32:
      return reader.u32();
    case Type.INT32:
      return reader.bytes(4).readInt32LE(0);
    case Type.FLOAT32:
      return reader.bytes(4).readFloatLE(0);
    case Type.BOOL:
      return reader.bytes(1)[0] !== 0;
    case Type.STRING:
      return reader.string();
    case Type.UINT64:
      return reader.u64();
    case Type.INT64:
      return reader.bytes(8).readBigInt64LE(0);
    case Type.FLOAT64:
      return reader.bytes(8).readDoubleLE(0);
    case Type.ARRAY: {
      const itemType = reader.u32();
      const length = reader.count();
      const fixed = FIXED_SIZE[itemType];
      if (fixed !== undefined) reader.skip(fixed * length);
      else for (let index = 0; index < length; index++) readValue(reader, itemType);
      return undefined;
    }
    default:
      throw new Error(`unknown metadata value type ${type}: not a GGUF file this reader knows`);
  }
}

/** Read FILE's GGUF header and metadata; throws an Error that says what is wrong with it. */
export function readGgufInfo(file: string): GgufInfo {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const reader = new Reader(fd, size);
    if (size < 24) throw new Error(`${size} bytes is too small for a GGUF file`);
    const magic = reader.bytes(4).toString('latin1');
    if (magic !== 'GGUF') throw new Error(`it does not start with the GGUF magic (found ${JSON.stringify(magic)})`);
    const version = reader.u32();
    if (version < 2 || version > 3)
      throw new Error(`GGUF version ${version}: llama.cpp reads versions 2 and 3 (convert the model again)`);
    const tensors = reader.count();
    const entries = reader.count();
    const metadata = new Map<string, string | number | bigint | boolean>();
    for (let index = 0; index < entries; index++) {
      const key = reader.string();
      const value = readValue(reader, reader.u32());
      if (value !== undefined) metadata.set(key, value);
    }
    const text = (key: string): string | undefined => {
      const value = metadata.get(key);
      return typeof value === 'string' ? value : undefined;
    };
    const number = (key: string): number | undefined => {
      const value = metadata.get(key);
      return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;
    };
    const architecture = text('general.architecture');
    const fileType = number('general.file_type');
    const chatTemplate = text('tokenizer.chat_template');
    return {
      version,
      tensors,
      metadata,
      architecture,
      name: text('general.name'),
      quantisation: fileType === undefined ? undefined : (FILE_TYPES[fileType] ?? `file_type ${fileType}`),
      contextLength: architecture === undefined ? undefined : number(`${architecture}.context_length`),
      chatTemplate,
      toolFormat: chatTemplate === undefined ? undefined : formatForChatTemplate(chatTemplate),
    };
  } finally {
    closeSync(fd);
  }
}
