/**
 * The approval gate in the agent (issue 12): a Markdown procedure marked
 * needs_approval never reaches the model, and no tool runs, before an admin
 * approves; the request shows the skill, version, arguments and question;
 * once approved the model is offered the procedure's declared tools and
 * nothing else. Real loop, real `openai` SDK against the scripted server, the
 * real McpManager and a real stdio MCP server.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setFixedNow } from '../clock.js';
import { AppError } from '../errors.js';
import { turn } from '../agent-test/scripted-llm-server.js';
import type { ApprovalRequest } from '../skills/engine-types.js';
import { auditRows, startHarness, type Harness } from './fixtures/harness.js';
import type { AgentEvent } from './types.js';

const ONCALL = 'Is the on-call engineer on holiday today?';

describe('approval-gated Markdown procedures', () => {
  let harness: Harness;
  before(async () => {
    setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
    harness = await startHarness();
    harness.skills.gated.add('oncall_check');
  });
  after(async () => {
    await harness?.close();
    setFixedNow(undefined, 'UTC');
  });

  async function ask(question: string, approve?: (request: ApprovalRequest) => Promise<boolean>) {
    const events: AgentEvent[] = [];
    const before = harness.llm!.chatRequests().length;
    const answer = await harness.runtime.agent.ask({ question, approve, onEvent: (event) => events.push(event) });
    return { answer, events, requests: harness.llm!.chatRequests().slice(before) };
  }

  test('no approver (ask, chat, agent-test): refused with a clear message; the model is never called, no tool runs', async () => {
    const { answer, events, requests } = await ask(ONCALL);
    assert.equal(requests.length, 0, 'the model must not see the procedure');
    assert.equal(answer.error?.code, 'APPROVAL_REQUIRED');
    assert.match(answer.answer, /needs an admin's approval.*chat page/s);
    assert.equal(answer.tool_calls.length, 0);
    assert.ok(!events.some((event) => event.type === 'tool-call-start'));
    assert.deepEqual(
      auditRows(harness, answer.trace_id).map((row) => [row.tool_name, row.error_code]),
      [['oncall_check', 'APPROVAL_REQUIRED']],
    );
  });

  test('rejected or expired: the question ends with the reason; still no model call, no tool', async () => {
    const seen: ApprovalRequest[] = [];
    const rejected = await ask(ONCALL, async (request) => (seen.push(request), false));
    assert.equal(rejected.requests.length, 0);
    assert.equal(rejected.answer.error?.code, 'APPROVAL_REJECTED');
    assert.match(rejected.answer.answer, /an admin rejected "oncall_check"/);
    assert.deepEqual(seen, [
      {
        skill: 'oncall_check',
        version: '1.0.0',
        arguments: {},
        description: 'Is the on-call engineer on a public holiday?',
        question: ONCALL,
      },
    ]);

    const expired = await ask(ONCALL, async () => {
      throw new AppError('FORBIDDEN', 'the approval expired: no admin decided within 60 min', {
        details: { approval: 'APPROVAL_EXPIRED' },
      });
    });
    assert.equal(expired.requests.length, 0);
    assert.equal(expired.answer.error?.code, 'APPROVAL_EXPIRED');
    assert.match(expired.answer.answer, /expired/);
  });

  test('approved: the procedure reaches the model with only its declared tools; another tool is refused, not run', async () => {
    const asked: ApprovalRequest[] = [];
    harness.llm!.push(
      turn.call('query_database', {
        sql: 'SELECT line_id FROM quality_data LIMIT 1',
        purpose: 'not declared by the procedure',
      }),
      turn.call('count_records', { line: 'A', days: 7 }),
      turn.text('On-call normal.'),
    );
    const { answer, requests } = await ask(ONCALL, async (request) => (asked.push(request), true));
    assert.equal(asked.length, 1, 'asked once, before the model');
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    assert.equal(answer.answer, 'On-call normal.');
    assert.deepEqual(
      requests[0]!.tools.map((tool) => tool.function.name),
      ['count_records'],
    );
    assert.match(String(requests[0]!.messages[0]!.content), /## Procedure: oncall_check/);
    assert.deepEqual(
      answer.tool_calls.map((call) => [call.name, call.ok]),
      [['count_records', true]],
    );
    const rows = auditRows(harness, answer.trace_id);
    const refused = rows.find((row) => row.tool_name === 'query_database');
    assert.equal(refused?.error_code, 'TOOL_NOT_FOUND', 'the undeclared call was refused');
    assert.ok(!rows.some((row) => row.tool_name === 'query_database' && row.success === 1));
  });

  test('a question that is not for the procedure: the model answers it, but the gated procedure is not in its prompt', async () => {
    harness.llm!.push(turn.text('Hello.'));
    const { answer, requests } = await ask('hello there');
    assert.equal(answer.answer, 'Hello.');
    assert.equal(requests.length, 1);
    assert.doesNotMatch(String(requests[0]!.messages[0]!.content), /Procedure: oncall_check/);
  });
});
