/**
 * Adding a code skill is one folder plus one index line (docs/skill-authoring.md):
 * the throwaway skill in src/skills/fixtures/line_count/ is added to the
 * shipped index lines exactly that way, and the real router and engine route
 * a question to it and run it. The index refuses what would route wrongly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../config/load.js';
import { openAgentDb } from '../store/agent-db.js';
import type { AgentEvent } from '../types/answer.js';
import { PlantSkillEngine } from './engine.js';
import { intentOf, skillIndex, type SkillIndex } from './module.js';
import { INDEX_LINES, LISTED_FIRST, SKILLS } from './code/index.js';
import { lineCountModule } from './fixtures/line_count/index.js';
import { documentSearchModule } from './code/document_search/index.js';
import { fakeTools, rows } from './code/shared/testing.js';

function engineWith(skills: SkillIndex): PlantSkillEngine {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skills-'));
  const config = configFromObject({ skills: { dir, watch: false }, plant: { timezone: 'Asia/Shanghai' } }, dir);
  return new PlantSkillEngine({
    config,
    db: openAgentDb(':memory:'),
    log: pino({ level: 'silent' }),
    skills,
    watch: false,
  });
}

test('a new code skill is one folder plus one index line: the router routes to it and the engine runs it', async () => {
  const question = 'How many production lines are there?';
  const shipped = engineWith(SKILLS);
  const before = shipped.route(question, {});
  assert.ok(before.kind === 'none' || before.skill !== 'line_count', 'the shipped skills do not know it');
  await shipped.close();

  // the one line: the new module, placed first so its intent wins
  const engine = engineWith(skillIndex([lineCountModule, ...INDEX_LINES], { listedFirst: LISTED_FIRST }));
  const decision = engine.route(question, {});
  assert.equal(decision.kind, 'skill', decision.reason);
  if (decision.kind !== 'skill') return;
  assert.equal(decision.skill, 'line_count');
  assert.deepEqual(decision.missing, []);
  assert.equal(decision.reason, 'asks how many lines there are');
  assert.ok(engine.list().some((info) => info.name === 'line_count' && info.kind === 'code' && info.enabled));
  assert.equal(
    engine.examples('zh').at(-1),
    '工厂有几条产线？',
    'its examples join the honest reply, after the listed-first ones',
  );
  assert.deepEqual(engine.examples('en').slice(0, 3), [
    "What was line A's defect rate last Wednesday?",
    'Output and yield of every line this week',
    'Which line was worst last week?',
  ]);

  const tools = fakeTools((request) => {
    assert.equal(request.name, 'query_database');
    return rows(['lines'], [[4]]);
  });
  const events: AgentEvent[] = [];
  const result = await engine.run(decision.skill, decision.args, {
    traceId: 'trace-test',
    sessionId: 'session-test',
    language: decision.language,
    signal: new AbortController().signal,
    tools,
    onEvent: (event) => events.push(event),
  });
  assert.equal(result.answer, 'The plant has 4 production lines.');
  assert.deepEqual(result.data, { lines: 4 });
  assert.equal(tools.calls.length, 1);
  assert.equal(events[0]?.type, 'skill-start');
  assert.ok(events.some((event) => event.type === 'skill-progress'));
  const last = events.at(-1);
  assert.ok(last?.type === 'skill-end' && last.ok);

  // the shipped questions still route as before with the new line in place
  const quality = engine.route("What was line A's defect rate last Wednesday?", {});
  assert.equal(quality.kind === 'skill' && quality.skill, 'quality_metrics');
  await engine.close();
});

test('the index places every intent once: a missing, doubled or unknown intent fails at start, named', () => {
  const withoutLast = INDEX_LINES.filter((line) => !('rule' in line && line.rule.name === 'named-last'));
  assert.throws(() => skillIndex(withoutLast), /intent\(s\) "named-last" of document_search are not placed/);
  assert.throws(
    () => skillIndex([...INDEX_LINES, intentOf(documentSearchModule, 'find')]),
    /intent "find" of document_search is placed twice/,
  );
  assert.throws(
    () => intentOf(documentSearchModule, 'nope'),
    /document_search has no intent "nope" \(its intents: figure, find, fact, named, named-last\)/,
  );
  assert.throws(
    () => skillIndex([lineCountModule, { skill: { ...lineCountModule.skill } }]),
    /two skills named line_count/,
  );
});

test('the shipped index: the router is given the intents in the index order', () => {
  assert.deepEqual(
    SKILLS.intents.map(({ routing, rule }) => `${routing.skill}:${rule.name}`),
    [
      'calculator:arithmetic',
      'current_datetime:asks-time',
      'weekly_report:report',
      'oncall_check:oncall',
      'public_holidays:holiday',
      'document_search:figure',
      'document_search:find',
      'document_search:fact',
      'batch_lookup:batch',
      'work_orders:count-or-list',
      'quality_breakdown:breakdown',
      'quality_compare:compare',
      'quality_metrics:defect-type',
      'fault_advice:symptom',
      'fault_advice:fix-request',
      'quality_metrics:figures',
      'document_search:named',
      'equipment_status:status',
      'document_search:named-last',
    ],
  );
});
