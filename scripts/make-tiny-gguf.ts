/**
 * Write the tiny random-weight test model (src/llm/embedded/tiny-gguf.ts)
 * and its manifest entry:
 *   node --import tsx scripts/make-tiny-gguf.ts [--out DIR] [--name FILE.gguf] [--seed N]
 *        [--template chatml|hermes | --no-template]
 * Default: vendor/models/tiny-test.gguf + vendor/models/manifest.json, a ChatML template.
 * --template hermes: a Hermes/Qwen-style template (<tool_call>), whose family `doctor` names;
 * --no-manifest: the file alone (a model a plant brings, for install.sh --model).
 * For tests, install tests and the bundle builder; never ship it to a plant
 * as its model (it answers gibberish — by design, it has random weights).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  addToManifest,
  TINY_TEMPLATES,
  writeTinyGguf,
  type ModelManifestEntry,
  type TinyGgufOptions,
} from '../src/llm/embedded/tiny-gguf.js';

export { addToManifest, writeTinyGguf, type ModelManifestEntry, type TinyGgufOptions };

/** Write DIR/NAME and add it to DIR/manifest.json; returns the entry and paths. */
export function makeTinyModel(options: {
  dir: string;
  name?: string | undefined;
  seed?: number | undefined;
  chatTemplate?: string | null | undefined;
  manifest?: boolean | undefined;
}): {
  file: string;
  manifest: string | undefined;
  entry: ModelManifestEntry;
} {
  const file = path.join(options.dir, options.name ?? 'tiny-test.gguf');
  const entry = writeTinyGguf({ file, seed: options.seed, chatTemplate: options.chatTemplate });
  const manifest = options.manifest === false ? undefined : addToManifest(options.dir, entry);
  return { file, manifest, entry };
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      name: { type: 'string' },
      seed: { type: 'string' },
      'no-template': { type: 'boolean' },
      template: { type: 'string' },
      'no-manifest': { type: 'boolean' },
    },
  });
  const dir = path.resolve(
    values.out ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'vendor', 'models'),
  );
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) {
    process.stderr.write(`--seed must be a whole number, got "${values.seed}"\n`);
    process.exit(2);
  }
  const template = values.template;
  if (template !== undefined && !(template in TINY_TEMPLATES)) {
    process.stderr.write(`--template must be one of ${Object.keys(TINY_TEMPLATES).join(', ')}, got "${template}"\n`);
    process.exit(2);
  }
  const result = makeTinyModel({
    dir,
    name: values.name,
    seed,
    chatTemplate: values['no-template']
      ? null
      : template === undefined
        ? undefined
        : TINY_TEMPLATES[template as keyof typeof TINY_TEMPLATES],
    manifest: values['no-manifest'] !== true,
  });
  process.stdout.write(
    `${result.file} (${result.entry.size} bytes, sha256 ${result.entry.sha256})\n` +
      (result.manifest ? `manifest: ${result.manifest}\n` : ''),
  );
}
