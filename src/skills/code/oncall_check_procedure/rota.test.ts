import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, runSkill, toolErr, toolOk } from '../shared/testing.js';
import { oncallCheckProcedure } from './skill.js';
import { rotaDays } from './routing.js';

const MICHAEL = {
  engineer_id: 2,
  name: 'Michael Johnson',
  login: 'mjohnson',
  country_code: 'US',
  timezone: 'America/Chicago',
};
const GIULIA = { engineer_id: 3, name: 'Giulia Rossi', login: 'grossi', country_code: 'IT', timezone: 'Europe/Rome' };

/**
 * A plant whose rotations change on Monday 2026-11-30 (Michael → Giulia), or at
 * `handoverAt` that day; nobody is on call from `nobodyFrom`. US Thanksgiving is
 * on 2026-11-26; Italy has no holiday in these days.
 */
function plant(options: { handoverAt?: string; nobodyFrom?: string } = {}) {
  const handover = `2026-11-30T${options.handoverAt ?? '00:00:00'}`;
  return fakeTools((request) => {
    if (request.name === 'get_current_oncall') {
      const at = String(request.arguments.at);
      if (options.nobodyFrom && at >= options.nobodyFrom)
        return toolErr('NOT_FOUND', `no on-call rotation covers ${at} (plant time, Asia/Shanghai)`);
      return at < handover
        ? toolOk({ engineer: MICHAEL, rotation: { starts_at: '2026-11-23T00:00:00', ends_at: handover } })
        : toolOk({ engineer: GIULIA, rotation: { starts_at: handover, ends_at: '2026-12-07T00:00:00' } });
    }
    if (request.name === 'is_public_holiday') {
      const holiday = request.arguments.country_code === 'US' && request.arguments.on_date === '2026-11-26';
      return toolOk({
        is_holiday: holiday,
        holidays: holiday ? [{ name: 'Thanksgiving Day', name_local: '感恩节', type: 'public' }] : [],
      });
    }
    if (request.name === 'list_open_issues') {
      if (request.arguments.assignee_id === 2)
        return toolOk({
          count: 2,
          issues: [
            { order_id: 3007, title: 'D-CNC-01: Spindle alarm', priority: 'P0' },
            { order_id: 3012, title: 'B-PRESS-03 冲压机异常振动', priority: 'P1' },
          ].filter((issue) => !request.arguments.priority || issue.priority === request.arguments.priority),
        });
      return toolOk({ count: 0, issues: [] });
    }
    throw new Error(`unexpected tool ${request.name}`);
  });
}

test('a week that two engineers share: one row per day, who holds which days, the holiday an escalation (en)', async () => {
  const tools = plant();
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    args: { period: { from: '2026-11-26', to: '2026-12-02', label: 'the next 7 days' } },
    tools,
    now: '2026-11-26T09:00:00',
  });
  assert.equal(
    result.answer,
    [
      'On-call rota, the next 7 days (2026-11-26 – 2026-12-02):',
      [
        '| Date | Day | On call | Country | Public holiday |',
        '| --- | --- | --- | --- | --- |',
        '| 2026-11-26 | Thu | Michael Johnson (mjohnson) | US | yes: Thanksgiving Day |',
        '| 2026-11-27 | Fri | Michael Johnson (mjohnson) | US | no |',
        '| 2026-11-28 | Sat | Michael Johnson (mjohnson) | US | no |',
        '| 2026-11-29 | Sun | Michael Johnson (mjohnson) | US | no |',
        '| 2026-11-30 | Mon | Giulia Rossi (grossi) | IT | no |',
        '| 2026-12-01 | Tue | Giulia Rossi (grossi) | IT | no |',
        '| 2026-12-02 | Wed | Giulia Rossi (grossi) | IT | no |',
      ].join('\n'),
      'On call in turn: Michael Johnson (mjohnson) 2026-11-26 – 2026-11-29; Giulia Rossi (grossi) 2026-11-30 – 2026-12-02.',
      'Escalation needed: Michael Johnson (mjohnson) is on call on 2026-11-26 (Thu), a public holiday in US ' +
        '(Thanksgiving Day). Open work orders that need cover (2):\n#3007 [P0] D-CNC-01: Spindle alarm\n' +
        '#3012 [P1] B-PRESS-03 冲压机异常振动',
    ].join('\n\n'),
  );
  const on = (name: string) => tools.calls.filter((call) => call.name === name).map((call) => call.arguments);
  assert.deepEqual(
    on('get_current_oncall').map((args) => args.at),
    ['26', '27', '28', '29', '30']
      .map((day) => `2026-11-${day}T12:00:00`)
      .concat(['01', '02'].map((day) => `2026-12-${day}T12:00:00`)),
  );
  // each day checked as it stands, in the country of that day's engineer
  assert.deepEqual(
    on('is_public_holiday').map((args) => `${args.country_code} ${args.on_date}`),
    [
      'US 2026-11-26',
      'US 2026-11-27',
      'US 2026-11-28',
      'US 2026-11-29',
      'IT 2026-11-30',
      'IT 2026-12-01',
      'IT 2026-12-02',
    ],
  );
  // only the engineer with a holiday needs cover (no priority asked: all their orders)
  assert.deepEqual(on('list_open_issues'), [{ assignee_id: 2 }]);
  const data = result.data as { escalation: boolean; days: Array<{ date: string; is_holiday: boolean }> };
  assert.equal(data.escalation, true);
  assert.deepEqual(
    data.days.filter((day) => day.is_holiday).map((day) => day.date),
    ['2026-11-26'],
  );
});

test('a week with no holiday is "On-call normal" (zh); a priority asked lists each engineer\'s orders of it', async () => {
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    args: { period: { from: '2026-11-30', to: '2026-12-06', label: '下周' }, priority: 'P1' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(
    result.answer,
    /^下周（2026-11-30 – 2026-12-06）值班表：\n\n\| 日期 \| 星期 \| 值班工程师 \| 国家 \| 法定节假日 \|/,
  );
  assert.match(result.answer, /\| 2026-12-06 \| 周日 \| Giulia Rossi（grossi） \| IT \| 否 \|/);
  assert.doesNotMatch(result.answer, /值班分段|Michael/);
  assert.match(
    result.answer,
    /值班正常：以上日期都不是值班工程师所在国家的法定节假日。\n\nGiulia Rossi（grossi）名下没有未关闭的P1 工单。$/,
  );
  assert.equal((result.data as { escalation: boolean }).escalation, false);
});

test('a holiday in Chinese names it locally; a priority asked filters the orders that need cover', async () => {
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    args: { period: { from: '2026-11-23', to: '2026-11-29', label: '第48周' }, priority: 'P1' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(result.answer, /\| 2026-11-26 \| 周四 \| Michael Johnson（mjohnson） \| US \| 是：感恩节 \|/);
  assert.match(
    result.answer,
    /需要升级：值班工程师 Michael Johnson（mjohnson）在 2026-11-26（周四）值班，是其所在国家 US 的法定节假日（感恩节）。需要有人接手的未关闭P1 工单（1）：\n#3012 B-PRESS-03 冲压机异常振动$/,
  );
  assert.doesNotMatch(result.answer, /#3007|On-call normal/);
});

test('a handover inside a day is shown; days nobody covers are said plainly', async () => {
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    args: { period: { from: '2026-11-29', to: '2026-12-02' } },
    tools: plant({ handoverAt: '08:00:00', nobodyFrom: '2026-12-01' }),
  });
  assert.match(result.answer, /\| 2026-11-30 \| Mon \| Giulia Rossi \(grossi\) \(from 08:00\) \| IT \| no \|/);
  assert.match(result.answer, /\| 2026-12-01 \| Tue \| nobody on call \| — \| — \|/);
  assert.match(
    result.answer,
    /Nobody is on call on 2026-12-01 and 2026-12-02: no on-call rotation covers 2026-12-01T12:00:00 \(plant time, Asia\/Shanghai\)/,
  );
  assert.match(result.answer, /On-call normal: none of these days is a public holiday/);
});

test('a rota longer than a month, or reversed, is refused with what to ask instead', async () => {
  await assert.rejects(
    runSkill({
      skill: oncallCheckProcedure,
      args: { period: { from: '2026-11-01', to: '2026-12-31' } },
      tools: plant(),
    }),
    /argument "period": a rota lists at most 31 days; ask for a week or a month/,
  );
  await assert.rejects(
    runSkill({
      skill: oncallCheckProcedure,
      args: { period: { from: '2026-12-06', to: '2026-11-30' } },
      tools: plant(),
    }),
    /argument "period": the period ends before it starts/,
  );
});

test('the rota days: "this week" / "this month" run to their end, a year-less month or week number looks ahead', () => {
  const sunday = '2026-11-29';
  const monday = '2026-11-30';
  assert.deepEqual(rotaDays({ from: monday, to: monday, label: 'this week' }, monday), {
    from: monday,
    to: '2026-12-06',
  });
  assert.deepEqual(rotaDays({ from: '2026-11-01', to: sunday, label: '本月' }, sunday), {
    from: '2026-11-01',
    to: '2026-11-30',
  });
  // the period rules read 12月 in November as last December, 第49周 in week 48 as last year's
  assert.deepEqual(rotaDays({ from: '2025-12-01', to: '2025-12-31', label: '12月' }, sunday), {
    from: '2026-12-01',
    to: '2026-12-31',
  });
  assert.deepEqual(rotaDays({ from: '2025-12-01', to: '2025-12-07', label: '第49周' }, sunday), {
    from: '2026-11-30',
    to: '2026-12-06',
  });
  assert.deepEqual(rotaDays({ from: '2027-01-04', to: '2027-01-05', label: 'week 1' }, '2027-01-05'), {
    from: '2027-01-04',
    to: '2027-01-10',
  });
  // said with a year, or last week: as the rules read it
  assert.deepEqual(rotaDays({ from: '2025-12-01', to: '2025-12-31', label: '去年12月' }, sunday), {
    from: '2025-12-01',
    to: '2025-12-31',
  });
  assert.deepEqual(rotaDays({ from: '2026-11-16', to: '2026-11-22', label: 'last week' }, sunday), {
    from: '2026-11-16',
    to: '2026-11-22',
  });
});
