// The project's lint rules (scripts/lint/plugin.mjs) through the real ESLint
// Node API and the real eslint.config.mjs, on fixture trees laid out like
// this repository in a temp folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..', '..');

interface Finding {
  file: string;
  line: number;
  rule: string | null;
  message: string;
}

/** Writes `files` into a fresh temp tree and lints it with the project's config. */
async function lintTree(files: Record<string, string>): Promise<Finding[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airgap-lint-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
    const results = await eslint.lintFiles(['.']);
    return results.flatMap((result) =>
      result.messages.map((message) => ({
        file: path.relative(dir, result.filePath).split(path.sep).join('/'),
        line: message.line,
        rule: message.ruleId,
        message: message.message,
      })),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ofRule = (findings: Finding[], rule: string) => findings.filter((finding) => finding.rule === rule);

test('a clean tree lints clean (downward, type-only contract, lazy imports, tests exempt)', async () => {
  const findings = await lintTree({
    'src/errors.ts': 'export class AppError extends Error {}\n',
    'src/mcp/types.ts': 'export interface QueryResult {\n  rows: unknown[];\n}\n',
    'src/store/audit.ts': "import { AppError } from '../errors.js';\nexport const failure = new AppError('x');\n",
    'mcp-servers/query/service.ts':
      "import type { QueryResult } from '../../src/mcp/types.js';\n" +
      "import { failure } from '../../src/store/audit.js';\n" +
      'export const empty: QueryResult = { rows: [failure] };\nconsole.error(empty);\n',
    'src/agent/agent.ts': "import { failure } from '../store/audit.js';\nexport const run = () => failure;\n",
    // a lazy import is no cycle edge: main loads its commands with import()
    'src/cli/main.ts':
      "import { run } from '../agent/agent.js';\nexport const main = () => import('./commands/ask.js');\n" +
      'export const again = run;\n',
    'src/cli/commands/ask.ts': "import { main } from '../main.js';\nexport const ask = main;\n",
    'src/store/audit.test.ts': "import { main } from '../cli/main.js';\nconsole.log(main);\n",
  });
  assert.deepEqual(findings, []);
});

test('a type-only import cycle fails the lint on both files, naming the cycle and the fix', async () => {
  const findings = await lintTree({
    'src/agent/types.ts':
      "import type { SkillName } from '../skills/engine-types.js';\nexport type AgentEvent = { skill: SkillName };\n",
    'src/skills/engine-types.ts':
      "import type { AgentEvent } from '../types/answer.js';\n" +
      'export type SkillName = string;\nexport type Run = AgentEvent[];\n',
    'src/types/answer.ts': "export type { AgentEvent } from '../agent/types.js';\n",
  });
  const cycles = ofRule(findings, 'airgap/no-import-cycles');
  assert.deepEqual(cycles.map((finding) => finding.file).sort(), [
    'src/agent/types.ts',
    'src/skills/engine-types.ts',
    'src/types/answer.ts',
  ]);
  const agent = cycles.find((finding) => finding.file === 'src/agent/types.ts');
  assert.match(
    agent?.message ?? '',
    new RegExp(
      '^import cycle: src/agent/types\\.ts → src/skills/engine-types\\.ts → src/types/answer\\.ts → ' +
        'src/agent/types\\.ts\\. Fix: ',
    ),
  );
  // the same tree also breaks the layer direction: the leaf src/types re-exports from src/agent
  assert.deepEqual(
    ofRule(findings, 'airgap/layer-direction').map((finding) => finding.file),
    ['src/types/answer.ts'],
  );
});

test('a layer violation fails the lint with both layers and the fix named', async () => {
  const findings = await lintTree({
    'src/http/app.ts': 'export const app = 1;\n',
    'src/store/uses-http.ts': "import { app } from '../http/app.js';\nexport const x = app;\n",
    'src/skills/uses-agent.ts': "import type { Agent } from '../agent/agent.js';\nexport type A = Agent;\n",
    'src/agent/agent.ts': 'export interface Agent {\n  name: string;\n}\n',
    'mcp-servers/plant/server.ts': "import { mcp } from '../../src/mcp/manager.js';\nexport const m = mcp;\n",
    'src/mcp/manager.ts': 'export const mcp = 1;\n',
    'src/newthing/x.ts': 'export const y = 1;\n',
  });
  const layers = ofRule(findings, 'airgap/layer-direction');
  const byFile = Object.fromEntries(layers.map((finding) => [finding.file, finding.message]));
  assert.equal(layers.length, 4, JSON.stringify(layers, null, 1));
  assert.match(
    byFile['src/store/uses-http.ts'] ?? '',
    /^src\/store \(infra\) must not import src\/http\/app\.ts \(interaction\).*Fix: /,
  );
  assert.match(
    byFile['src/skills/uses-agent.ts'] ?? '',
    /^src\/skills \(skills\) must not import src\/agent\/agent\.ts \(agent\)/,
  );
  assert.match(
    byFile['mcp-servers/plant/server.ts'] ?? '',
    /^mcp-servers may import only .* not src\/mcp\/manager\.ts\. Fix: /,
  );
  assert.match(
    byFile['src/newthing/x.ts'] ?? '',
    /^src\/newthing\/x\.ts is in no layer\. Fix: add its folder .*layers\.json/,
  );
});

test('stdout in an MCP server or in a helper it imports fails the lint; stderr does not', async () => {
  const findings = await lintTree({
    'mcp-servers/demo/server.ts':
      "import { helper } from '../../src/log/helper.js';\nconsole.log('ready');\nconsole.error('fine');\n" +
      "process.stderr.write('fine');\nhelper();\n",
    'src/log/helper.ts': "export function helper(): void {\n  process.stdout.write('oops');\n  console.table([]);\n}\n",
    'src/cli/print.ts': "console.log('the CLI may print its answer');\n",
  });
  const stdout = ofRule(findings, 'airgap/no-stdout-in-mcp-server');
  assert.deepEqual(
    stdout.map((finding) => `${finding.file}:${finding.line}`),
    ['mcp-servers/demo/server.ts:2', 'src/log/helper.ts:2', 'src/log/helper.ts:3'],
  );
  assert.match(
    stdout[0]?.message ?? '',
    /^console\.log\(\) writes to stdout.*\(this file is an MCP server\)\. Fix: log with logger\(\)/,
  );
  assert.match(stdout[1]?.message ?? '', /^process\.stdout\.write\(\) .*imported by mcp-servers\/demo\/server\.ts/);
});

test('the bundle constraints of DEVELOPING.md fail the lint in bundled code, not in scripts', async () => {
  const findings = await lintTree({
    'src/llm/top.ts': 'export const value = await Promise.resolve(1);\nexport const here = import.meta.url;\n',
    'src/llm/load.ts':
      "import Database from 'better-sqlite3';\nimport type { Llama } from 'node-llama-cpp';\n" +
      "import { getLlama } from 'node-llama-cpp';\nimport { Worker } from 'node:worker_threads';\n" +
      "const name = 'x';\nexport const m = () => import(name);\nexport const n = () => require('./native.node');\n" +
      "export const w = () => new Worker('./w.js');\nexport type L = Llama;\nexport { Database, getLlama };\n",
    'src/runtime/self.ts': 'export const url = import.meta.url;\nexport const load = (file: string) => import(file);\n',
    'scripts/tool.ts': 'export const dir = import.meta.dirname;\nawait Promise.resolve();\n',
  });
  const rules = findings.map((finding) => `${finding.file}:${finding.line} ${finding.rule}`);
  assert.deepEqual(rules, [
    'src/llm/load.ts:1 airgap/natives-by-path',
    'src/llm/load.ts:3 airgap/natives-by-path',
    'src/llm/load.ts:6 airgap/literal-dynamic-import',
    'src/llm/load.ts:7 airgap/natives-by-path',
    'src/llm/load.ts:8 airgap/natives-by-path',
    'src/llm/top.ts:1 airgap/no-top-level-await',
    'src/llm/top.ts:2 airgap/import-meta-only-in-self',
  ]);
  for (const finding of findings) assert.match(finding.message, /Fix: /);
});

test('more than three parameters and lines over 160 characters fail the lint', async () => {
  const long = `export const text = '${'x'.repeat(160)}';\n`;
  const findings = await lintTree({
    'src/clock.ts':
      'export function four(a: number, b: number, c: number, d: number): number {\n' +
      `  return a + b + c + d;\n}\n${long}`,
  });
  assert.deepEqual(
    findings.map((finding) => `${finding.line} ${finding.rule}`),
    ['1 @typescript-eslint/max-params', '4 airgap/max-line-length'],
  );
  assert.match(findings[1]?.message ?? '', /^line is 183 characters, over 160\. Fix: /);
});

test('docs/ARCHITECTURE.md shows the layer table of scripts/lint/layers.json', () => {
  const check = spawnSync(process.execPath, [path.join(root, 'scripts', 'lint', 'layers-table.mjs'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(check.status, 0, check.stderr);
});
