import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { configFromObject } from '../../config/load.js';
import { openAgentDb } from '../../store/agent-db.js';
import { setFixedNow } from '../../clock.js';
import { PlantSkillEngine } from '../engine.js';
import { SKILLS } from '../code/index.js';
import { TaughtPhrasings, bestMatch, copyTaughtPhrasings, features } from './taught.js';

const clock = { now: new Date('2026-11-25T02:00:00Z'), timezone: 'Asia/Shanghai' };

function engine() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'taught-'));
  const config = configFromObject(
    { state: { db: 'agent.db' }, skills: { watch: false }, scripts: { shipped: false } },
    dir,
  );
  const db = openAgentDb(config.state.db);
  return {
    db,
    engine: new PlantSkillEngine({ config, db, log: pino({ level: 'silent' }), skills: SKILLS, watch: false }),
    store: new TaughtPhrasings(db),
  };
}

test('words are compared without the period and filler: Chinese pairs, English words', () => {
  // 导出 only says how the answer is sent (chat.ts): not a word of the question
  const zh = features('请帮我导出上周的质量数据', clock);
  assert.deepEqual([...zh.words].sort(), ['数据', '质量', '量数'].sort(), 'the period between them is left out');
  assert.deepEqual(zh.period && [zh.period.from, zh.period.to], ['2026-11-16', '2026-11-22']);
  const en = features("Please export last week's quality data", clock);
  assert.deepEqual([...en.words].sort(), ['data', 'quality']);
  const match = bestMatch(
    'export the quality data of last week',
    [{ source: 'taught:1', id: 1, version: 1, text: "export this week's quality data", skill: 's', args: {} }],
    clock,
  );
  assert.equal(match?.exact, true);
  assert.equal(
    bestMatch(
      'export the defect photos',
      [{ source: 'taught:1', id: 1, version: 1, text: "export this week's quality data", skill: 's', args: {} }],
      clock,
    ),
    undefined,
  );
});

test('taught phrasings are versioned, replaced, removed, and copied for agent-test', () => {
  const { db, store } = engine();
  const first = store.teach({
    phrase: 'give me the rundown',
    skill: 'weekly_report',
    args: {},
    taughtBy: 'ada',
    now: clock.now,
    timezone: clock.timezone,
  });
  assert.equal(first.version, 1);
  const second = store.teach({
    phrase: 'Give me the rundown!',
    skill: 'quality_metrics',
    args: { period: '$period' },
    taughtBy: 'bob',
    now: clock.now,
    timezone: clock.timezone,
  });
  assert.equal(second.version, 3, 'the replaced teaching counts as a change too');
  assert.deepEqual(
    store.list().map((row) => row.id),
    [second.id],
  );
  assert.equal(store.get(first.id)?.removed_by, 'replaced by a newer teaching');
  assert.equal(store.remove(second.id, 'ada')?.removed_by, 'ada');
  assert.equal(store.remove(second.id, 'ada'), undefined, 'removing twice finds nothing');
  assert.equal(store.version(), 4);
  const live = store.teach({
    phrase: 'how is the plant doing',
    skill: 'weekly_report',
    args: {},
    taughtBy: 'ada',
    now: clock.now,
    timezone: clock.timezone,
  });
  const other = engine();
  assert.equal(copyTaughtPhrasings(db, other.db), 1);
  assert.deepEqual(
    other.store.list().map((row) => [row.id, row.phrase, row.version]),
    [[live.id, 'how is the plant doing', live.version]],
  );
});

test('the engine: the same words override the rules, close ones only fill gaps; the reason explains the match', () => {
  setFixedNow('2026-11-25T10:00:00+08:00', 'Asia/Shanghai');
  try {
    const { engine: skills, store } = engine();
    const question = "what was line A's defect rate yesterday";
    assert.equal(
      skills.route(question, {}).kind === 'skill' && (skills.route(question, {}) as { skill: string }).skill,
      'quality_metrics',
    );
    // a close paraphrase of a rule-answered question does not take it over
    store.teach({
      phrase: "line A's defect rate yesterday was wrong, show the weekly report",
      skill: 'weekly_report',
      args: {},
      taughtBy: 'ada',
      now: clock.now,
      timezone: clock.timezone,
    });
    assert.equal((skills.route(question, {}) as { skill: string }).skill, 'quality_metrics');
    // the same words do
    store.teach({
      phrase: "What was line A's defect rate yesterday?",
      skill: 'weekly_report',
      args: { week_start: '$period.from' },
      taughtBy: 'ada',
      now: clock.now,
      timezone: clock.timezone,
    });
    const overridden = skills.route(question, {});
    assert.ok(overridden.kind === 'skill');
    assert.equal(overridden.skill, 'weekly_report');
    assert.deepEqual(overridden.args, { week_start: '2026-11-24' });
    assert.match(
      overridden.reason,
      /^taught phrasing #2 \(version 2, by ada\) "What was line A's defect rate yesterday\?" matched: the same words/,
    );
    // an unrecognised question close to a taught one is routed, and says how close
    store.teach({
      phrase: 'rundown of the open punch list items',
      skill: 'equipment_status',
      args: {},
      taughtBy: 'ada',
      now: clock.now,
      timezone: clock.timezone,
    });
    const close = skills.route('the open punch list items rundown, quickly', {});
    assert.ok(close.kind === 'skill' && close.skill === 'equipment_status', JSON.stringify(close));
    assert.match(close.reason, /similarity 0\.91 ≥ 0\.7 \(shared: open, punch, list, items, rundown\)/);
    // a period the question does not name is missing: the rules ask instead of guessing
    store.teach({
      phrase: 'give me the rundown on this week',
      skill: 'weekly_report',
      args: { week_start: '$period.from' },
      taughtBy: 'ada',
      now: clock.now,
      timezone: clock.timezone,
    });
    const noPeriod = skills.route('the rundown please', {});
    assert.ok(noPeriod.kind === 'skill' && noPeriod.skill === 'weekly_report', JSON.stringify(noPeriod));
    assert.deepEqual(noPeriod.missing, ['week_start']);
    const lastWeek = skills.route('rundown for last week', {});
    assert.ok(lastWeek.kind === 'skill' && lastWeek.missing.length === 0);
    assert.deepEqual(lastWeek.args, { week_start: '2026-11-16' });
  } finally {
    setFixedNow(undefined, 'UTC');
  }
});
