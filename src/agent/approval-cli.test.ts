/**
 * `airgap-agent ask` as a real process with a plant skill marked
 * needs_approval (issue 12): the CLI has nobody to approve, so the question is
 * refused with a clear message — and the scripted model server in this test
 * process receives no request at all (the procedure never reached a model).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { turn } from '../agent-test/scripted-llm-server.js';
import { runCli, startAskWorkspace, type AskWorkspace } from '../testkit/ask-process.js';

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
  let workspace: AskWorkspace;
  before(async () => {
    workspace = await startAskWorkspace({
      prefix: 'approval-cli-',
      rows: 500,
      today: '2026-11-25',
      turns: [turn.call('describe_schema', {}, { repeat: true })],
      logLevel: 'warn',
      files: { 'skills/line_counter_reset/SKILL.md': SKILL },
      config: (dir) => ({
        skills: { custom_dir: path.join(dir, 'skills') },
        mcp: { servers: { holidays: { enabled: false }, docs: { enabled: false }, utils: { enabled: false } } },
      }),
    });
  });
  after(async () => {
    await workspace?.close();
  });

  test('no model request, no tool call; the answer says an admin must approve it in the chat page', async () => {
    const question = 'Please reset the counters of line A';
    const { stdout, stderr } = await runCli(['--config', workspace.configFile, 'ask', question]);
    assert.match(stdout + stderr, /needs an admin's approval before it runs/);
    assert.match(stdout + stderr, /chat page/);
    assert.doesNotMatch(stderr, /→ describe_schema/);
    assert.equal(workspace.llm.chatRequests().length, 0, 'the model was never asked');
  });
});
