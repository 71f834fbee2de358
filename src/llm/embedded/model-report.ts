/**
 * What `airgap-agent doctor` says about the model beyond its checksum
 * (model-file.ts): the file's size and what its GGUF metadata says
 * (architecture, quantisation, the chat template's tool-call family and the
 * format the agent's parser will read first), and a smoke completion through
 * the configured endpoint: a few tokens, timed.
 */
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config/schema.js';
import { formatForModelId, type ToolFormatId } from '../../types/tool-formats.js';
import { familyLabel, readGgufInfo } from './gguf-info.js';

export interface ReportCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

/** "4.68 GB", "508 KB": decimal units, as model cards give file sizes. */
export function humanSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}

/**
 * The wire format the agent's parser reads first: llm.tool_format when set; else the family of llm.model (the
 * name the agent sends); else what the embedded service reports — its chat template's family, else its file
 * name's (src/agent/agent.ts toolFormatFor, src/llm/embedded/engine.ts).
 */
export function parserFormat(
  config: Pick<Config, 'llm'>,
  file: string,
  templateFormat: ToolFormatId | undefined,
): { format: ToolFormatId | undefined; why: string } {
  if (config.llm.tool_format !== 'auto') return { format: config.llm.tool_format, why: 'llm.tool_format' };
  const byName = formatForModelId(config.llm.model);
  if (byName) return { format: byName, why: `llm.model "${config.llm.model}"` };
  if (templateFormat) return { format: templateFormat, why: 'the chat template' };
  const byFile = formatForModelId(path.basename(file).replace(/\.gguf$/i, ''));
  if (byFile) return { format: byFile, why: 'the file name' };
  return { format: undefined, why: '' };
}

/** The embedded model file: size, GGUF header and metadata, chat template family; its size against this host's RAM. */
export function checkModelInfo(
  config: Pick<Config, 'llm'>,
  model: { file: string; size: number },
  totalMemory = os.totalmem(),
): ReportCheck {
  const { file, size } = model;
  let info;
  try {
    info = readGgufInfo(file);
  } catch (error) {
    return {
      name: 'model info',
      status: 'fail',
      detail: `${path.basename(file)} (${humanSize(size)}) is not a GGUF file the service can load: ${(error as Error).message}`,
      fix: 'copy the model again from its publisher (a .gguf file), then install it: sudo /opt/airgap-agent/current/install.sh --model FILE.gguf --sha256 HEX',
    };
  }
  const parts = [
    `${path.basename(file)}: ${humanSize(size)}`,
    `GGUF v${info.version}`,
    ...(info.architecture ? [info.architecture] : []),
    ...(info.quantisation ? [info.quantisation] : []),
    ...(info.contextLength ? [`trained context ${info.contextLength}`] : []),
  ];
  const template = info.chatTemplate
    ? info.toolFormat
      ? `chat template: tool calls in the ${familyLabel(info.toolFormat)} format`
      : 'chat template: no tool-call markers'
    : 'no chat template in the file';
  const parser = parserFormat(config, file, info.toolFormat);
  const reads = parser.format
    ? `the parser reads ${parser.format} first (from ${parser.why}), then every known format`
    : 'the parser tries every known format';
  const detail = `${parts.join(', ')}; ${template}; ${reads}`;
  // the weights are mapped into memory whole: a file near the RAM leaves nothing for the context and the service
  if (size > totalMemory * 0.8) {
    return {
      name: 'model info',
      status: 'warn',
      detail: `${detail}; the file is ${humanSize(size)} and this host has ${humanSize(totalMemory)} of RAM`,
      fix: 'use a smaller model or quantisation (docs/admin-guide.md, "Choosing a model"), or add RAM',
    };
  }
  if (!info.chatTemplate) {
    return {
      name: 'model info',
      status: 'warn',
      detail,
      fix: 'use a GGUF that carries its chat template (every current instruct GGUF does): without one the answers are usually poor',
    };
  }
  return { name: 'model info', status: 'ok', detail };
}

/** One-line, printable, short: for a reply quoted in a check's detail. */
function quote(text: string, length = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > length ? `${flat.slice(0, length)}…` : flat);
}

/** A few tokens from the configured endpoint (chat completions, greedy), timed. */
export async function smokeCompletion(
  config: Pick<Config, 'llm'>,
  baseUrl: string,
  options: { maxTokens?: number; timeoutMs?: number } = {},
): Promise<ReportCheck> {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? config.llm.timeout_ms;
  const maxTokens = options.maxTokens ?? 8;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.llm.api_key) headers.authorization = `Bearer ${config.llm.api_key}`;
  const fix =
    config.llm.base_url === null
      ? 'read the embedded model service log (journalctl -u airgap-agent-llm); reinstall the model if it is damaged (install.sh --model FILE.gguf)'
      : `check the model server at ${config.llm.base_url} and llm.model ("${config.llm.model}")`;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: config.llm.model,
        messages: [{ role: 'user', content: 'Reply with one word: OK' }],
        max_tokens: maxTokens,
        temperature: 0,
        stream: false,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        // not JSON: the body as it is
      }
      return {
        name: 'model smoke',
        status: 'fail',
        detail: `${url} answered HTTP ${response.status} after ${ms} ms: ${quote(message, 160)}`,
        fix,
      };
    }
    const body = JSON.parse(text) as {
      choices?: Array<{ message?: { content?: string | null }; finish_reason?: string }>;
      usage?: { completion_tokens?: number };
    };
    const choice = body.choices?.[0];
    if (!choice) {
      return {
        name: 'model smoke',
        status: 'fail',
        detail: `${url} answered without a choice after ${ms} ms`,
        fix,
      };
    }
    const tokens = body.usage?.completion_tokens;
    const rate = tokens && ms > 0 ? `, ${((tokens * 1000) / ms).toFixed(1)} tokens/s with the prompt` : '';
    return {
      name: 'model smoke',
      status: 'ok',
      detail:
        `${tokens ?? '?'} token(s) in ${ms} ms${rate} (finish: ${choice.finish_reason ?? '?'}): ` +
        quote(choice.message?.content ?? ''),
    };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms (llm.timeout_ms)`
        : (error as Error).message;
    return { name: 'model smoke', status: 'fail', detail: `${url}: ${reason} (after ${ms} ms)`, fix };
  }
}
