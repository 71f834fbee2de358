/**
 * A tiny random-weight GGUF model (llama architecture, F32, n_embd 64,
 * 2 layers, SentencePiece vocabulary of <unk>/<s>/</s>, the 256 `<0xXX>`
 * byte tokens, `▁` and printable ASCII), written in plain TypeScript from a
 * seed. It loads in the real node-llama-cpp and generates (gibberish) fast,
 * which is all the tests, the benchmark and the installer tests need: no
 * model weights are ever downloaded. Used by tests, bench/llm.ts and
 * scripts/make-tiny-gguf.ts — never by the product's code path.
 *
 * The file carries a ChatML chat template (tokenizer.chat_template), so
 * node-llama-cpp resolves its chat wrapper from the file like for a real model.
 * The output rows of the byte and control tokens are zero and the other rows
 * are scaled up, so the byte tokens are practically never sampled and the
 * generated text stays valid UTF-8.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/**
 * A Hermes/Qwen-style template: tool calls written as `<tool_call>{json}</tool_call>`, the marker by which
 * formatForChatTemplate (src/types/tool-formats.ts) names the family `hermes`. For the tests of what `doctor`
 * reads from a GGUF and for the installer test's second model (scripts/make-tiny-gguf.ts --template hermes).
 */
export const TINY_HERMES_TEMPLATE =
  "{% for message in messages %}{% if message['role'] == 'assistant' and message['tool_calls'] %}" +
  "{{ '<|im_start|>assistant\n' }}{% for call in message['tool_calls'] %}" +
  "{{ '<tool_call>\n{\"name\": \"' + call['function']['name'] + '\"}\n</tool_call>' }}{% endfor %}{{ '<|im_end|>\n' }}" +
  "{% else %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}{% endif %}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

/** The templates scripts/make-tiny-gguf.ts --template names. */
export const TINY_TEMPLATES = { chatml: TINY_CHAT_TEMPLATE, hermes: TINY_HERMES_TEMPLATE } as const;

export interface TinyGgufOptions {
  /** where to write the .gguf */
  file: string;
  /** PRNG seed; the same seed gives the same bytes */
  seed?: number;
  /** llama.context_length written in the file (default 32768) */
  contextLength?: number;
  /** embedding width (default 64) and layers (default 2) */
  embedding?: number;
  layers?: number;
  /** null = no chat template in the file (a client must then pick a wrapper) */
  chatTemplate?: string | null;
  /** general.name */
  name?: string;
}

export interface ModelManifestEntry {
  name: string;
  size: number;
  sha256: string;
  licence: string;
}

const enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
}

type MetaValue =
  | { type: ValueType.UINT32 | ValueType.INT32 | ValueType.FLOAT32; value: number }
  | { type: ValueType.BOOL; value: boolean }
  | { type: ValueType.STRING; value: string }
  | { type: ValueType.ARRAY; itemType: ValueType.STRING; value: string[] }
  | { type: ValueType.ARRAY; itemType: ValueType.FLOAT32 | ValueType.INT32; value: number[] };

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.push(buffer);
  }
  i32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    this.push(buffer);
  }
  u64(value: number): void {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.push(buffer);
  }
  f32(value: number): void {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value);
    this.push(buffer);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(alignment: number): void {
    const rest = this.length % alignment;
    if (rest !== 0) this.push(Buffer.alloc(alignment - rest));
  }
  value(meta: MetaValue): void {
    this.u32(meta.type);
    switch (meta.type) {
      case ValueType.UINT32:
        return this.u32(meta.value);
      case ValueType.INT32:
        return this.i32(meta.value);
      case ValueType.FLOAT32:
        return this.f32(meta.value);
      case ValueType.BOOL:
        return this.push(Buffer.from([meta.value ? 1 : 0]));
      case ValueType.STRING:
        return this.string(meta.value);
      case ValueType.ARRAY: {
        this.u32(meta.itemType);
        this.u64(meta.value.length);
        if (meta.itemType === ValueType.STRING) for (const item of meta.value as string[]) this.string(item);
        else if (meta.itemType === ValueType.FLOAT32) for (const item of meta.value as number[]) this.f32(item);
        else for (const item of meta.value as number[]) this.i32(item);
        return;
      }
    }
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** mulberry32: a small deterministic PRNG, uniform in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

/** The SentencePiece vocabulary: control tokens, 256 byte tokens, ▁ and printable ASCII. */
export function tinyVocabulary(): { tokens: string[]; types: number[]; scores: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  tokens.push('\u2581');
  types.push(TOKEN_NORMAL);
  for (let code = 0x21; code <= 0x7e; code++) {
    tokens.push(String.fromCharCode(code));
    types.push(TOKEN_NORMAL);
  }
  const scores = tokens.map((_, index) => -index);
  return { tokens, types, scores };
}

/** Write the model; returns its manifest entry (licence: the weights are random, public domain). */
export function writeTinyGguf(options: TinyGgufOptions): ModelManifestEntry {
  const embedding = options.embedding ?? 64;
  const layers = options.layers ?? 2;
  const heads = 4;
  const feedForward = embedding * 2;
  const next = random(options.seed ?? 42);
  const { tokens, types, scores } = tinyVocabulary();
  const vocabulary = tokens.length;

  const metadata: Array<[string, MetaValue]> = [
    ['general.architecture', { type: ValueType.STRING, value: 'llama' }],
    ['general.name', { type: ValueType.STRING, value: options.name ?? 'airgap tiny test model' }],
    ['general.alignment', { type: ValueType.UINT32, value: 32 }],
    ['llama.context_length', { type: ValueType.UINT32, value: options.contextLength ?? 32768 }],
    ['llama.embedding_length', { type: ValueType.UINT32, value: embedding }],
    ['llama.block_count', { type: ValueType.UINT32, value: layers }],
    ['llama.feed_forward_length', { type: ValueType.UINT32, value: feedForward }],
    ['llama.attention.head_count', { type: ValueType.UINT32, value: heads }],
    ['llama.attention.head_count_kv', { type: ValueType.UINT32, value: heads }],
    ['llama.rope.dimension_count', { type: ValueType.UINT32, value: embedding / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.FLOAT32, value: 1e-5 }],
    ['llama.rope.freq_base', { type: ValueType.FLOAT32, value: 10000 }],
    ['llama.vocab_size', { type: ValueType.UINT32, value: vocabulary }],
    ['general.file_type', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.model', { type: ValueType.STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.ARRAY, itemType: ValueType.STRING, value: tokens }],
    ['tokenizer.ggml.scores', { type: ValueType.ARRAY, itemType: ValueType.FLOAT32, value: scores }],
    ['tokenizer.ggml.token_type', { type: ValueType.ARRAY, itemType: ValueType.INT32, value: types }],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.UINT32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.UINT32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.UINT32, value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.BOOL, value: true }],
    ['tokenizer.ggml.add_eos_token', { type: ValueType.BOOL, value: false }],
  ];
  const template = options.chatTemplate === undefined ? TINY_CHAT_TEMPLATE : options.chatTemplate;
  if (template !== null) metadata.push(['tokenizer.chat_template', { type: ValueType.STRING, value: template }]);

  // tensors: ggml dimension order (ne0 = the input width of a matrix)
  const scale = 1 / Math.sqrt(embedding);
  const uniform = (count: number, amplitude: number): Float32Array => {
    const values = new Float32Array(count);
    for (let index = 0; index < count; index++) values[index] = (next() * 2 - 1) * amplitude;
    return values;
  };
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);
  const tensors: Array<{ name: string; dims: number[]; data: Float32Array }> = [];
  tensors.push({ name: 'token_embd.weight', dims: [embedding, vocabulary], data: uniform(embedding * vocabulary, 1) });
  for (let layer = 0; layer < layers; layer++) {
    const prefix = `blk.${layer}.`;
    tensors.push({ name: `${prefix}attn_norm.weight`, dims: [embedding], data: ones(embedding) });
    for (const part of ['attn_q', 'attn_k', 'attn_v', 'attn_output']) {
      tensors.push({
        name: `${prefix}${part}.weight`,
        dims: [embedding, embedding],
        data: uniform(embedding * embedding, scale),
      });
    }
    tensors.push({ name: `${prefix}ffn_norm.weight`, dims: [embedding], data: ones(embedding) });
    tensors.push({
      name: `${prefix}ffn_gate.weight`,
      dims: [embedding, feedForward],
      data: uniform(embedding * feedForward, scale),
    });
    tensors.push({
      name: `${prefix}ffn_up.weight`,
      dims: [embedding, feedForward],
      data: uniform(embedding * feedForward, scale),
    });
    tensors.push({
      name: `${prefix}ffn_down.weight`,
      dims: [feedForward, embedding],
      data: uniform(embedding * feedForward, 1 / Math.sqrt(feedForward)),
    });
  }
  tensors.push({ name: 'output_norm.weight', dims: [embedding], data: ones(embedding) });
  // logits spread wide (std ≈ 8) so a zeroed row (byte / control token) is practically never sampled
  const output = uniform(embedding * vocabulary, 14 * scale);
  for (let token = 0; token < vocabulary; token++) {
    if (types[token] !== TOKEN_NORMAL) output.fill(0, token * embedding, (token + 1) * embedding);
  }
  tensors.push({ name: 'output.weight', dims: [embedding, vocabulary], data: output });

  const writer = new Writer();
  writer.push(Buffer.from('GGUF', 'ascii'));
  writer.u32(3);
  writer.u64(tensors.length);
  writer.u64(metadata.length);
  for (const [key, value] of metadata) {
    writer.string(key);
    writer.value(value);
  }
  let offset = 0;
  for (const tensor of tensors) {
    writer.string(tensor.name);
    writer.u32(tensor.dims.length);
    for (const dim of tensor.dims) writer.u64(dim);
    writer.u32(0); // GGML_TYPE_F32
    writer.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / 32) * 32;
  }
  writer.pad(32);
  for (const tensor of tensors) {
    writer.push(Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    writer.pad(32);
  }
  const bytes = writer.buffer();
  mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  const temporary = `${options.file}.tmp-${process.pid}`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, options.file);
  return {
    name: path.basename(options.file),
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    licence: 'CC0-1.0 (random weights, test only)',
  };
}

/** Add (or replace) an entry in DIR/manifest.json, the `{models: [...]}` shape the bundle writes. */
export function addToManifest(dir: string, entry: ModelManifestEntry): string {
  const file = path.join(dir, 'manifest.json');
  let models: ModelManifestEntry[] = [];
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { models?: ModelManifestEntry[] } | ModelManifestEntry[];
    models = Array.isArray(parsed) ? parsed : (parsed.models ?? []);
  }
  models = [...models.filter((model) => model.name !== entry.name), entry].sort((a, b) => a.name.localeCompare(b.name));
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ models }, null, 2)}\n`);
  return file;
}
