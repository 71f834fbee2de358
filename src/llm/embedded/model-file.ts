/**
 * Which GGUF file the embedded service runs, and whether it is the file that
 * was shipped: `llm.embedded.model` (or `--model`), else the first *.gguf
 * (by name) in `<appRoot>/vendor/models/`, checked against
 * `manifest.json` beside it (`{"models": [{name, size, sha256, licence}]}` as
 * scripts/bundle.mjs writes it; a bare array is accepted too).
 * - size or sha256 differs → fail (the service refuses to start);
 * - no manifest, or the file is not listed → warn (it starts, and says so);
 * - missing file → fail.
 * `checkEmbeddedModel` is the one function `airgap-agent doctor` can call.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/schema.js';
import { AppError } from '../../errors.js';
import { appRoot } from '../../runtime/self.js';

export interface ModelManifestEntry {
  name: string;
  size: number;
  sha256: string;
  licence: string;
}

export interface ModelCheck {
  name: 'model';
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  /** what to do (warn and fail) */
  fix?: string;
  /** the model file (undefined when there is none) */
  file?: string;
  entry?: ModelManifestEntry;
  /** the computed sha256 (not with quick) */
  sha256?: string;
}

/** The folder where shipped models live. */
export function modelsDir(root = appRoot()): string {
  return path.join(root, 'vendor', 'models');
}

/** The model file to serve: an explicit one (--model, llm.embedded.model), else the first *.gguf in vendor/models. */
export function resolveModelFile(
  config: Pick<Config, 'llm'>,
  options: { root?: string; override?: string | undefined } = {},
): string | undefined {
  if (options.override !== undefined) return path.resolve(options.override);
  if (config.llm.embedded.model !== null) return path.resolve(config.llm.embedded.model);
  const dir = modelsDir(options.root);
  if (!existsSync(dir)) return undefined;
  const first = readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.gguf'))
    .sort()[0];
  return first === undefined ? undefined : path.join(dir, first);
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function readManifest(file: string): ModelManifestEntry[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const list = Array.isArray(parsed) ? parsed : (parsed as { models?: unknown }).models;
  if (!Array.isArray(list)) throw new Error('expected {"models": [...]} or an array of {name, size, sha256, licence}');
  return list as ModelManifestEntry[];
}

/** Check one model file against the manifest.json in its folder. */
export async function verifyModelFile(file: string, options: { quick?: boolean } = {}): Promise<ModelCheck> {
  if (!existsSync(file) || !statSync(file).isFile()) {
    return {
      name: 'model',
      status: 'fail',
      file,
      detail: `model file ${file} does not exist`,
      fix: 'fix llm.embedded.model (or --model), or copy the model into vendor/models with its manifest entry',
    };
  }
  const manifestFile = path.join(path.dirname(file), 'manifest.json');
  if (!existsSync(manifestFile)) {
    return {
      name: 'model',
      status: 'warn',
      file,
      detail: `${file}: no manifest.json beside it, so its checksum cannot be verified`,
      fix: `add ${manifestFile} with {"models": [{"name", "size", "sha256", "licence"}]} (see docs/embedded-llm.md)`,
    };
  }
  let entries: ModelManifestEntry[];
  try {
    entries = readManifest(manifestFile);
  } catch (error) {
    return {
      name: 'model',
      status: 'fail',
      file,
      detail: `${manifestFile} is not a valid manifest: ${(error as Error).message}`,
      fix: 'restore manifest.json from the release medium (install.sh verifies every file)',
    };
  }
  const entry = entries.find((candidate) => candidate?.name === path.basename(file));
  if (!entry) {
    return {
      name: 'model',
      status: 'warn',
      file,
      detail: `${path.basename(file)} is not listed in ${manifestFile}, so its checksum cannot be verified`,
      fix: 'add it to the manifest (name, size, sha256 from `sha256sum`, licence) or use a listed model',
    };
  }
  const size = statSync(file).size;
  if (size !== entry.size) {
    return {
      name: 'model',
      status: 'fail',
      file,
      entry,
      detail: `${file} is ${size} bytes, the manifest says ${entry.size}`,
      fix: 'the copy is incomplete or damaged: copy the model again from the release medium',
    };
  }
  if (options.quick)
    return {
      name: 'model',
      status: 'ok',
      file,
      entry,
      detail: `${file}: size matches the manifest (checksum skipped), licence ${entry.licence}`,
    };
  const actual = await sha256File(file);
  if (actual !== entry.sha256.toLowerCase()) {
    return {
      name: 'model',
      status: 'fail',
      file,
      entry,
      sha256: actual,
      detail: `${file}: sha256 ${actual} does not match the manifest's ${entry.sha256}`,
      fix:
        'the file is damaged or not the shipped one: copy the model again from the release medium, or ' +
        'correct the manifest entry if the model was replaced on purpose',
    };
  }
  return {
    name: 'model',
    status: 'ok',
    file,
    entry,
    sha256: actual,
    detail: `${file}: sha256 matches the manifest, licence ${entry.licence}`,
  };
}

/**
 * The embedded model as `doctor` reports it: which file, verified or not.
 * No model at all is a warning when llm.base_url is also unset (rules only).
 */
export async function checkEmbeddedModel(
  config: Pick<Config, 'llm'>,
  options: { root?: string; quick?: boolean; override?: string } = {},
): Promise<ModelCheck> {
  const file = resolveModelFile(config, options);
  if (file === undefined) {
    return config.llm.base_url === null
      ? {
          name: 'model',
          status: 'warn',
          detail: `no model: no *.gguf in ${modelsDir(options.root)} and llm.base_url is not set, so questions are answered by rules only`,
          fix: 'copy a GGUF model and its manifest entry into vendor/models (docs/embedded-llm.md), or set llm.base_url to a local OpenAI-compatible server',
        }
      : {
          name: 'model',
          status: 'ok',
          detail: `no embedded model; the external endpoint ${config.llm.base_url} is used`,
        };
  }
  return verifyModelFile(file, { quick: options.quick });
}

/** Throw the clear start-up error for a failed check; return the warning text (or undefined) otherwise. */
export function requireUsableModel(check: ModelCheck): string | undefined {
  if (check.status === 'fail') {
    throw new AppError('LLM_UNAVAILABLE', check.detail, {
      hint: check.fix,
      details: { file: check.file, expected: check.entry?.sha256, actual: check.sha256 },
    });
  }
  return check.status === 'warn' ? `${check.detail}${check.fix ? ` (fix: ${check.fix})` : ''}` : undefined;
}
