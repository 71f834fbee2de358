/**
 * `airgap-agent ask` as a real process with a plant skill marked
 * needs_approval (issue 12): the CLI has nobody to approve, so the question is
 * refused with a clear message — and the scripted model server in this test
 * process receives no request at all (the procedure never reached a model).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedPlant } from '../seed/build.js';
import { startScriptedLlmServer, turn, type ScriptedLlmServer } from '../agent-test/scripted-llm-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'entry.ts');

const SKILL = `---
name: line_counter_reset
description: Reset the piece counters of a production line after a changeover (needs an admin).
version: 1.0.0
tools: [describe_schema]
triggers: [reset the counters]
needs_approval: true
---
# Purpose
Prepare the reset of a line's piece counters.
## Steps
1. Call describe_schema.
`;

describe('ask refuses an approval-gated procedure', () => {
  let dir: string;
  let llm: ScriptedLlmServer;
  let configFile: string;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'approval-cli-'));
    seedPlant({ db: path.join(dir, 'plant.db'), rows: 500, today: '2026-11-25' });
    mkdirSync(path.join(dir, 'docs'));
    mkdirSync(path.join(dir, 'skills', 'line_counter_reset'), { recursive: true });
    writeFileSync(path.join(dir, 'skills', 'line_counter_reset', 'SKILL.md'), SKILL);
    llm = await startScriptedLlmServer({ turns: [turn.call('describe_schema', {}, { repeat: true })] });
    configFile = path.join(dir, 'config.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        plant: { db: path.join(dir, 'plant.db') },
        state: { db: path.join(dir, 'agent.db'), fts_db: path.join(dir, 'fts.db') },
        docs: { root: path.join(dir, 'docs') },
        llm: { base_url: llm.url, model: 'scripted', timeout_ms: 20000 },
        log: { level: 'warn', dir: path.join(dir, 'log') },
        skills: { watch: false, custom_dir: path.join(dir, 'skills') },
        mcp: { servers: { holidays: { enabled: false }, docs: { enabled: false }, utils: { enabled: false } } },
      }),
    );
  });
  after(async () => {
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('no model request, no tool call; the answer says an admin must approve it in the chat page', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, '--config', configFile, 'ask', 'Please reset the counters of line A'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    assert.match(stdout + stderr, /needs an admin's approval before it runs/);
    assert.match(stdout + stderr, /chat page/);
    assert.doesNotMatch(stderr, /→ describe_schema/);
    assert.equal(llm.chatRequests().length, 0, 'the model was never asked');
  });
});
