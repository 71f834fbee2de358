/**
 * The weak-model pass (issue 31 item 4) in the unit suite: every case in
 * testcases/ marked `recorded: capable-model` (bench/model-pass.ts writes them)
 * is replayed through the real loop — the real openai SDK against the scripted
 * server, the real MCP servers and skills — with its tool calls re-rendered as
 * raw text in each weak format, one call cut off and one malformed. The pass
 * grows with the recorded cases; with none yet, it proves itself on its own
 * fixture cases (fixtures/weak/), written in model-pass's cassette format.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromObject } from '../config/load.js';
import { parseToolCalls } from '../agent/toolcalls/index.js';
import { sink } from '../testkit/sink.js';
import { loadCases } from './load-cases.js';
import { runSuite } from './runner.js';
import { renderAnswer, renderCallTurn, WEAK_DEFECTS, WEAK_FORMATS, type WeakFormat } from './weak-formats.js';
import { planFaults, WeakReplay } from './weak-replay.js';
import type { RecordedRequest } from './scripted-llm-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures/weak/', import.meta.url));

const SQL =
  "SELECT COUNT(*) AS batches, SUM(inspected_qty) AS inspected FROM quality_data WHERE line_id = 'C' AND " +
  "record_date = '2026-11-20' AND shift = 'day' LIMIT 1";
const TURN = {
  content: 'I will count them.',
  tool_calls: [
    { name: 'list_open_issues', arguments: '{"priority": "P3"}' },
    { name: 'query_database', arguments: JSON.stringify({ sql: SQL, purpose: 'day shift of line C, "20th"' }) },
  ],
};
const KNOWN = ['list_open_issues', 'query_database'];
const WHOLE = [
  ['list_open_issues', { priority: 'P3' }],
  ['query_database', { sql: SQL, purpose: 'day shift of line C, "20th"' }],
];

test('each format renders a recorded turn as its template does, read back whole by its parser', () => {
  for (const format of WEAK_FORMATS) {
    const { content, cut } = renderCallTurn(format, TURN);
    assert.equal(cut, false);
    const outcome = parseToolCalls(content, { knownTools: KNOWN, format });
    assert.deepEqual(
      outcome.calls.map((call) => [call.name, call.arguments]),
      WHOLE,
      `${format}: ${content}`,
    );
    // Qwen3-Coder's <function=NAME> is read by the parser it shares with Llama 3.1's <function=…> tags
    assert.equal(outcome.calls[0]!.format, format === 'qwen3_coder' ? 'function-tag' : format, `${format}: its parser`);
  }
  assert.match(
    renderCallTurn('hermes', TURN).content,
    /^I will count them\.\n<tool_call>\n\{"name": "list_open_issues"/,
  );
  assert.match(
    renderCallTurn('glm45', TURN).content,
    /<tool_call>query_database\n<arg_key>sql<\/arg_key>\n<arg_value>SELECT/,
  );
  assert.match(renderCallTurn('mistral', TURN).content, /\[TOOL_CALLS\]list_open_issues\[ARGS\]\{"priority": "P3"\}/);
  assert.ok(
    renderCallTurn('harmony', TURN).content.startsWith(
      '<|channel|>analysis<|message|>I will count them.<|end|>' +
        '<|start|>assistant<|channel|>commentary to=functions.list_open_issues <|constrain|>json<|message|>' +
        '{"priority": "P3"}<|call|>',
    ),
  );
  assert.match(renderCallTurn('qwen3_coder', TURN).content, /<function=query_database>\n<parameter=sql>\nSELECT/);
  assert.match(renderAnswer('harmony', 'Line C: 31'), /<\|channel\|>final<\|message\|>Line C: 31<\|return\|>$/);
});

test('every defect is one the parser repairs, into the same call; every cut is refused, never run', () => {
  for (const format of WEAK_FORMATS) {
    for (const defect of WEAK_DEFECTS[format]) {
      for (const index of [0, 1]) {
        const { content } = renderCallTurn(format, TURN, { malformed: { index, defect } });
        assert.notEqual(content, renderCallTurn(format, TURN).content, `${format} ${defect}: a defect is written`);
        const outcome = parseToolCalls(content, { knownTools: KNOWN, format });
        assert.deepEqual(
          outcome.calls.map((call) => [call.name, call.arguments]),
          WHOLE,
          `${format} ${defect} call ${index}: ${content}`,
        );
        assert.ok(outcome.calls[index]!.repairs?.length, `${format} ${defect}: the repair is named`);
      }
    }
    for (const index of [0, 1]) {
      const { content, cut } = renderCallTurn(format, TURN, { truncate: index });
      assert.equal(cut, true);
      const outcome = parseToolCalls(content, { knownTools: KNOWN, format });
      assert.deepEqual(
        outcome.calls.map((call) => [call.name, call.arguments]),
        WHOLE.slice(0, index),
        `${format} cut in call ${index}: only the whole calls before it are read: ${content}`,
      );
      assert.deepEqual(
        outcome.refused.map((call) => [call.name, call.reason]),
        [[WHOLE[index]![0], 'cut-off']],
        `${format} cut in call ${index}: ${content}`,
      );
    }
  }
});

test('the script: the cut call is sent again after its refusal, a repaired call lets the cassette go on', () => {
  const segments = [
    {
      input: 'q1',
      turns: [
        { tool_calls: [{ name: 'list_open_issues', arguments: '{"priority": "P3"}' }] },
        { tool_calls: [{ name: 'query_database', arguments: JSON.stringify({ sql: SQL }) }] },
        { content: 'done' },
      ],
    },
  ];
  assert.deepEqual(planFaults(segments, 'hermes', 1), {
    truncated: { segment: 0, turn: 0, call: 0 },
    malformed: { segment: 0, turn: 1, call: 0, defect: 'single-quotes' },
  });
  const replay = new WeakReplay(segments, 'hermes', 1);
  const request = (last: { role: string; content: string }): RecordedRequest =>
    ({
      path: '/v1/chat/completions',
      messages: [{ role: 'system', content: 's' }, last],
      tools: [{ type: 'function', function: { name: 'x' } }],
    }) as unknown as RecordedRequest;
  const first = replay.respond(request({ role: 'user', content: 'q1' }))!;
  assert.equal(first.finishReason, 'length');
  assert.doesNotMatch(first.content!, /<\/tool_call>/);
  const resend = replay.respond(
    request({ role: 'user', content: 'Your call to list_open_issues could not be run (PARSE_FAILED): cut off' }),
  )!;
  assert.equal(resend.content, renderCallTurn('hermes', segments[0]!.turns[0]!).content);
  const malformed = replay.respond(request({ role: 'user', content: 'Result of list_open_issues:\n#2910' }))!;
  assert.match(malformed.content!, /'sql': "SELECT/);
  const answer = replay.respond(request({ role: 'user', content: 'Result of query_database:\n31' }))!;
  assert.equal(answer.content, 'done');
  assert.deepEqual(
    replay.served.map((served) => [served.kind, served.outcome ?? null]),
    [
      ['truncated', 'refused'],
      ['retry', null],
      ['malformed', 'ran'],
      ['turn', null],
    ],
  );
  assert.equal(replay.respond(request({ role: 'user', content: 'Result of x' })), undefined, 'no turn left');
});

/** The shipped cases marked `recorded: capable-model`, if any yet. */
function capableCases(): string[] {
  const dir = path.join(root, 'testcases');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => path.join(dir, name));
  const { cases } = loadCases(files);
  return [...new Set(cases.filter((entry) => entry.testCase.recorded === 'capable-model').map((entry) => entry.file))];
}

async function weakPass(paths: string[], only: { formats?: WeakFormat[]; filter?: RegExp } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-test-weak-'));
  const out = sink();
  const summary = await runSuite({
    paths,
    loaded: { config: configFromObject({ log: { level: 'silent' } }, dir), file: undefined },
    // one unit at a time: each replay starts its own agent (its own scripted model; the group's tool servers are
    // shared), which a busy machine starts slowly
    jobs: 1,
    failFast: false,
    record: false,
    live: false,
    weak: only.formats ?? [...WEAK_FORMATS],
    filter: only.filter,
    caseTimeoutMs: 240_000,
    progressEveryMs: 0,
    out,
    err: sink(),
  });
  return { summary, text: out.text() };
}

test(
  'the weak-model pass on its own fixture cases: every format recovers, no cut-off call runs',
  { timeout: 1_800_000 },
  async () => {
    const { summary, text } = await weakPass([path.join(fixtures, 'capable-model.yaml')]);
    const cases = 5;
    assert.equal(summary.failed, 0, text);
    assert.equal(summary.passed, cases * (1 + WEAK_FORMATS.length), text);
    for (const format of WEAK_FORMATS) {
      const tally = summary.weak?.[format];
      assert.ok(tally, `${format} tallied`);
      assert.equal(tally.cases, cases, text);
      assert.equal(tally.recovered, cases, `${format}: ${text}`);
      assert.equal(tally.cutOffRun, 0, text);
      assert.equal(tally.unexpectedCalls, 0, text);
      assert.match(text, new RegExp(`weak ${format}: ${cases} case\\(s\\): ${cases} recovered`));
    }
    // every case got its cut (refused, then sent again) and its defect (repaired and run)
    const notes = text.split('\n').filter((line) => /^\s+recovered; /.test(line));
    assert.equal(notes.length, cases * WEAK_FORMATS.length, text);
    for (const note of notes.filter((line) => !/^\s+recovered; malformed/.test(line)))
      assert.match(note, /cut off call \d of turn \d: refused, sent again/);
    assert.equal(
      notes.filter((line) => /malformed \([\w-]+\) call \d of turn \d: repaired and run/.test(line)).length,
      notes.filter((line) => /malformed/.test(line)).length,
    );
    assert.equal(text.trim().split('\n').at(-1), `${summary.passed} passed, 0 failed`);
  },
);

/**
 * The shipped capable-model cases, a sample of them in CI: each replay starts its own agent (the tool servers are
 * shared by the group), so the whole matrix (every case × every format: `agent-test testcases/ --weak all`) is run by hand for a report; here
 * up to 10 cases spread over the file(s), each in one format in turn, so every format meets real recorded runs.
 */
test(
  'the weak-model pass on a sample of the capable-model cases in testcases/',
  { timeout: 3_600_000 },
  async (context) => {
    const files = capableCases();
    if (files.length === 0) {
      context.skip('no case in testcases/ is marked recorded: capable-model yet (the fixture cases above stand in)');
      return;
    }
    // single questions on the model path: a session's later turn needs its earlier ones, a rules answer no model
    const names = loadCases(files)
      .cases.filter(
        (entry) =>
          entry.testCase.recorded === 'capable-model' &&
          entry.testCase.session === undefined &&
          entry.testCase.expected_mode !== 'rules',
      )
      .map((entry) => entry.testCase.name);
    const step = Math.max(1, Math.ceil(names.length / 10));
    const sample = names.filter((_, index) => index % step === 0).slice(0, 10);
    const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const [position, format] of WEAK_FORMATS.entries()) {
      const mine = sample.filter((_, index) => index % WEAK_FORMATS.length === position);
      if (mine.length === 0) continue;
      const { summary, text } = await weakPass(files, {
        formats: [format],
        filter: new RegExp(`^(?:${mine.map(escape).join('|')})$`),
      });
      assert.equal(summary.failed, 0, text);
      const tally = summary.weak![format]!;
      assert.equal(tally.cases, mine.length, text);
      assert.equal(tally.recovered + tally.honest, tally.cases, text);
      assert.equal(tally.cutOffRun, 0, text);
      assert.equal(tally.unexpectedCalls, 0, text);
    }
  },
);
