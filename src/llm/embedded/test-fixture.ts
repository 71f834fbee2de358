/**
 * Tests and the benchmark: the tiny random-weight model written into a temp
 * dir (with its manifest) and served in-process on a free port by the real
 * node-llama-cpp. One thread by default: on a shared 2-core machine
 * llama.cpp's spinning worker threads are hundreds of times slower when the
 * cores are busy with other processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../../log/index.js';
import { EmbeddedModel } from './engine.js';
import { startLlmServer, type LlmServer } from './server.js';
import { addToManifest, writeTinyGguf, type ModelManifestEntry } from './tiny-gguf.js';

export interface TinyService {
  dir: string;
  file: string;
  entry: ModelManifestEntry;
  model: EmbeddedModel;
  server: LlmServer;
  close(): Promise<void>;
}

/** Write the tiny model and its manifest into a new temp dir. */
export function writeTinyModel(seed = 7): { dir: string; file: string; entry: ModelManifestEntry } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-llm-'));
  const file = path.join(dir, 'tiny-test.gguf');
  const entry = writeTinyGguf({ file, seed });
  addToManifest(dir, entry);
  return { dir, file, entry };
}

export async function startTinyService(
  options: { contextSize?: number; parallel?: number; queueMax?: number; threads?: number; aliases?: string[] } = {},
): Promise<TinyService> {
  const { dir, file, entry } = writeTinyModel();
  const model = await EmbeddedModel.load({
    file,
    threads: options.threads ?? 1,
    contextSize: options.contextSize ?? 1024,
    parallel: options.parallel ?? 2,
    queueMax: options.queueMax ?? 4,
    gpu: false,
    log: logger('llm-engine'),
  });
  const server = await startLlmServer({
    model,
    host: '127.0.0.1',
    port: 0,
    aliases: options.aliases ?? ['local'],
    log: logger('llm-http'),
  });
  return {
    dir,
    file,
    entry,
    model,
    server,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
