import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSkillMarkdown } from '../../../skills/markdown.js';
import { localDate } from '../../../clock.js';
import { fakeTools, runSkill, toolErr, toolOk } from '../shared/testing.js';
import { oncallAnswer, oncallCheckProcedure, type OncallFacts } from './skill.js';
import { rotaAnswer } from './rota.js';

// the runtime Markdown skills folder (skills/ at the repository root)
const skillsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../skills');
const SKILL_MD = readFileSync(path.join(skillsDir, 'oncall_check', 'SKILL.md'), 'utf8');

const ONCALL = {
  at: '2026-11-26T10:00:00',
  engineer: {
    engineer_id: 2,
    name: 'Michael Johnson',
    login: 'mjohnson',
    email: 'm@example.com',
    country_code: 'US',
    timezone: 'America/Chicago',
  },
  rotation: { starts_at: '2026-11-23T00:00:00', ends_at: '2026-11-30T00:00:00' },
  engineer_local: { local_date: '2026-11-25', local_time: '20:00:00' },
};
const ISSUES = {
  count: 2,
  issues: [
    { order_id: 3003, title: 'B-PRESS-03 冲压机异常振动', priority: 'P1' },
    { order_id: 3007, title: 'D-CNC-01: Spindle alarm', priority: 'P1' },
  ],
};

function plant(options: { holiday: boolean; issues?: typeof ISSUES; noRotation?: boolean }) {
  return fakeTools((request) => {
    if (request.name === 'get_current_oncall')
      return options.noRotation
        ? toolErr('NOT_FOUND', 'no on-call rotation covers 2030-01-01T12:00:00 (plant time, Asia/Shanghai)')
        : toolOk(ONCALL);
    if (request.name === 'is_public_holiday') {
      return toolOk({
        country_code: request.arguments.country_code,
        date: request.arguments.on_date,
        is_holiday: options.holiday,
        holidays: options.holiday ? [{ name: 'Thanksgiving Day', type: 'public' }] : [],
      });
    }
    if (request.name === 'list_open_issues') return toolOk(options.issues ?? ISSUES);
    throw new Error(`unexpected tool ${request.name}`);
  });
}

test("holiday in the engineer's country on their LOCAL date: escalation with one #id title per line (en, via the Markdown skill's fallback)", async () => {
  const tools = plant({ holiday: true });
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    name: 'oncall_check',
    skillsDir,
    args: { priority: 'P1' },
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.equal(
    result.answer,
    'Escalation needed: Michael Johnson (mjohnson) is on call and 2026-11-25 is a public holiday in ' +
      'US (Thanksgiving Day). Open P1 work orders that need cover (2):\n#3003 B-PRESS-03 ' +
      '冲压机异常振动\n#3007 D-CNC-01: Spindle alarm',
  );
  assert.deepEqual(tools.calls.map((call) => call.name).sort(), [
    'get_current_oncall',
    'is_public_holiday',
    'list_open_issues',
  ]);
  assert.deepEqual(tools.calls.find((call) => call.name === 'get_current_oncall')?.arguments, {});
  assert.deepEqual(tools.calls.find((call) => call.name === 'is_public_holiday')?.arguments, {
    country_code: 'US',
    on_date: '2026-11-25',
  });
  assert.deepEqual(tools.calls.find((call) => call.name === 'list_open_issues')?.arguments, {
    priority: 'P1',
    assignee_id: 2,
  });
});

test('a normal day, in Chinese, for another priority and an asked date', async () => {
  const tools = plant({
    holiday: false,
    issues: { count: 1, issues: [{ order_id: 3010, title: 'A-CAM-01 相机误判', priority: 'P2' }] },
  });
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    name: 'oncall_check',
    skillsDir,
    args: { priority: 'P2', date: '2026-11-27' },
    tools,
    language: 'zh',
    now: '2026-11-26T10:00:00',
  });
  assert.equal(
    result.answer,
    '值班正常：值班工程师 Michael Johnson（mjohnson）所在国家 US 的 2026-11-27 不是法定节假日。未关闭P2 工单（1）：\n#3010 A-CAM-01 相机误判',
  );
  assert.deepEqual(tools.calls.find((call) => call.name === 'get_current_oncall')?.arguments, {
    at: '2026-11-27T12:00:00',
  });
  assert.equal(tools.calls.find((call) => call.name === 'is_public_holiday')?.arguments.on_date, '2026-11-27');
});

test('nobody on call is said plainly', async () => {
  const nobody = await runSkill({
    skill: oncallCheckProcedure,
    args: { date: '2030-01-01' },
    tools: plant({ holiday: false, noRotation: true }),
  });
  assert.match(nobody.result.answer, /^Nobody is on call: no on-call rotation covers 2030-01-01T12:00:00/);
});

test("tomorrow and yesterday count from the engineer's own date (day_offset); a named date is taken as it stands", async () => {
  // the plant server's answer for an instant: the engineer's local date in Chicago
  const calls: Array<Record<string, unknown>> = [];
  const tools = fakeTools((request) => {
    if (request.name === 'get_current_oncall') {
      calls.push(request.arguments);
      const at =
        typeof request.arguments.at === 'string'
          ? new Date(request.arguments.at.endsWith('Z') ? request.arguments.at : `${request.arguments.at}+08:00`)
          : new Date('2026-11-26T10:00:00+08:00');
      return toolOk({
        ...ONCALL,
        engineer_local: { local_date: localDate(at, 'America/Chicago'), local_time: '20:00:00' },
      });
    }
    if (request.name === 'is_public_holiday') {
      const holiday = request.arguments.on_date === '2026-11-26';
      return toolOk({ is_holiday: holiday, holidays: holiday ? [{ name: 'Thanksgiving Day', type: 'public' }] : [] });
    }
    return toolOk(ISSUES);
  });
  const on = (name: string) => tools.calls.filter((call) => call.name === name).map((call) => call.arguments);
  // 2026-11-26 10:00 in Shanghai is 2026-11-25 20:00 in Chicago: the engineer's today is the 25th,
  // so tomorrow is the 26th (Thanksgiving) — not the plant's tomorrow, the 27th
  const tomorrow = await runSkill({
    skill: oncallCheckProcedure,
    args: { day_offset: 1 },
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.deepEqual(on('get_current_oncall').at(-1), { at: '2026-11-27T02:00:00.000Z' });
  assert.equal(on('is_public_holiday').at(-1)?.on_date, '2026-11-26');
  assert.match(
    tomorrow.result.answer,
    /^Escalation needed: Michael Johnson \(mjohnson\) is on call and 2026-11-26 is a public holiday in US \(Thanksgiving Day\)/,
  );
  assert.equal((tomorrow.result.data as { day_offset: number }).day_offset, 1);
  const yesterday = await runSkill({
    skill: oncallCheckProcedure,
    args: { day_offset: -1 },
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.equal(on('is_public_holiday').at(-1)?.on_date, '2026-11-24');
  assert.match(yesterday.result.answer, /2026-11-24 is not a public holiday in US/);
  const today = await runSkill({
    skill: oncallCheckProcedure,
    args: { day_offset: 0 },
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.deepEqual(on('get_current_oncall').at(-1), {});
  assert.match(today.result.answer, /2026-11-25 is not a public holiday/);
  // the plant's date named explicitly is checked as it stands, whatever the engineer's date
  const named = await runSkill({
    skill: oncallCheckProcedure,
    args: { date: '2026-11-26', day_offset: 1 },
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.deepEqual(on('get_current_oncall').at(-1), { at: '2026-11-26T12:00:00' });
  assert.equal(on('is_public_holiday').at(-1)?.on_date, '2026-11-26');
  assert.match(named.result.answer, /^Escalation needed: .* 2026-11-26 is a public holiday/);
  assert.equal(calls.length, 4);
});

test("no priority asked: all the engineer's open work orders, each with its priority", async () => {
  const mixed = {
    count: 3,
    issues: [
      { order_id: 3007, title: 'D-CNC-01: Spindle alarm', priority: 'P0' },
      { order_id: 3003, title: 'B-PRESS-03 冲压机异常振动', priority: 'P1' },
      { order_id: 2910, title: 'C-CONV-01 跑偏', priority: 'P3' },
    ],
  };
  const tools = plant({ holiday: false, issues: mixed });
  const { result } = await runSkill({
    skill: oncallCheckProcedure,
    name: 'oncall_check',
    skillsDir,
    args: {},
    tools,
    now: '2026-11-26T10:00:00',
  });
  assert.deepEqual(tools.calls.find((call) => call.name === 'list_open_issues')?.arguments, { assignee_id: 2 });
  assert.equal(
    result.answer,
    'On-call normal: Michael Johnson (mjohnson) is on call; 2026-11-25 is not a public holiday in ' +
      'US. Open work orders (3):\n#3007 [P0] D-CNC-01: Spindle alarm\n#3003 [P1] B-PRESS-03 ' +
      '冲压机异常振动\n#2910 [P3] C-CONV-01 跑偏',
  );
  assert.equal((result.data as { priority?: string }).priority, 'all');
});

test('a public holiday with nothing to cover is still an escalation, saying "No open issues" (en and zh)', async () => {
  const none = { count: 0, issues: [] };
  const en = await runSkill({
    skill: oncallCheckProcedure,
    name: 'oncall_check',
    skillsDir,
    args: {},
    tools: plant({ holiday: true, issues: none }),
    now: '2026-11-26T10:00:00',
  });
  assert.equal(
    en.result.answer,
    'Escalation needed: Michael Johnson (mjohnson) is on call and 2026-11-25 is a public holiday in ' +
      'US (Thanksgiving Day). No open issues: they hold no open work orders to cover.',
  );
  assert.equal((en.result.data as { escalation?: boolean }).escalation, true);
  const zh = await runSkill({
    skill: oncallCheckProcedure,
    name: 'oncall_check',
    skillsDir,
    args: { priority: 'P0' },
    tools: plant({ holiday: true, issues: none }),
    language: 'zh',
    now: '2026-11-26T10:00:00',
  });
  assert.match(
    zh.result.answer,
    /^需要升级：.*是法定节假日（Thanksgiving Day）。没有未关闭工单：其名下没有需要接手的未关闭P0 工单。$/,
  );
  assert.equal((zh.result.data as { escalation?: boolean }).escalation, true);
});

/** Fill a SKILL.md template the way the Markdown tells the model to. */
function fill(template: string, facts: OncallFacts, language: 'zh' | 'en'): string {
  const holidays =
    facts.holidays
      ?.map((holiday) => (language === 'zh' ? holiday.name_local || holiday.name : holiday.name))
      .join(' / ') ?? '';
  const list = facts.issues
    .map((issue) =>
      facts.priority === undefined
        ? `#${issue.order_id} [${issue.priority}] ${issue.title}`
        : `#${issue.order_id} ${issue.title}`,
    )
    .join('\n');
  const orders =
    language === 'zh'
      ? facts.priority
        ? `${facts.priority} 工单`
        : '工单'
      : facts.priority
        ? `${facts.priority} work orders`
        : 'work orders';
  return template
    .replace('#<id> <title>', list)
    .replaceAll('{name}', facts.name)
    .replaceAll('{login}', facts.login)
    .replaceAll('{country}', facts.country)
    .replaceAll('{date}', facts.date)
    .replaceAll('{orders}', orders)
    .replaceAll('{n}', String(facts.issues.length))
    .replaceAll('{holidays}', holidays);
}

test("the Markdown skill parses, lists its optional tools, and its templates give exactly the fallback's text", () => {
  const parsed = parseSkillMarkdown(SKILL_MD, 'SKILL.md');
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  const skill = parsed.value;
  assert.equal(skill.name, 'oncall_check');
  assert.equal(skill.fallback, 'oncall_check_procedure');
  assert.deepEqual(
    skill.tools.filter((tool) => tool.optional).map((tool) => tool.name),
    ['get_engineer', 'list_engineers', 'list_country_holidays'],
  );
  assert.ok(
    skill.triggers.some((trigger) => /值班/.test(trigger)) &&
      skill.triggers.some((trigger) => /on.call/i.test(trigger)),
  );
  const templates = [...skill.body.matchAll(/```\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
  assert.equal(templates.length, 9);
  // the rota (a range of days): the table the fallback writes begins exactly as the template
  const rota = rotaAnswer(
    {
      period: { from: '2026-10-02', to: '2026-10-02', label: 'next Friday' },
      days: [
        {
          date: '2026-10-02',
          engineer: {
            engineer_id: 1,
            name: 'Giulia Rossi',
            login: 'grossi',
            country_code: 'IT',
            timezone: 'Europe/Rome',
          },
          from: undefined,
          reason: undefined,
          holidays: [],
        },
      ],
      priority: undefined,
      issues: new Map(),
    },
    'en',
  ).answer;
  const rotaTemplate = templates[8]!
    .replaceAll('{period}', 'next Friday, 2026-10-02 (Fri)')
    .replace('{date}', '2026-10-02')
    .replace('{weekday}', 'Fri')
    .replace('{name}', 'Giulia Rossi')
    .replace('{login}', 'grossi')
    .replace('{country}', 'IT');
  assert.ok(rota.startsWith(`${rotaTemplate}\n\nOn-call normal: none of these days`), rota);
  const base = { name: '王磊', login: 'wanglei', country: 'CN', date: '2026-10-01', priority: 'P1' };
  const holiday = [{ name: 'National Day', name_local: '国庆节' }];
  const issues = [
    { order_id: 1, title: 'A-PRESS-01 冲压机异常振动', priority: 'P1' },
    { order_id: 2, title: 'B-CONV-01: Belt slipping', priority: 'P1' },
  ];
  const cases: Array<[number, OncallFacts, 'zh' | 'en']> = [];
  for (const priority of ['P1', undefined]) {
    for (const [offset, language] of [
      [0, 'en'],
      [4, 'zh'],
    ] as const) {
      cases.push([offset + 0, { ...base, priority, holidays: holiday, issues }, language]);
      cases.push([offset + 1, { ...base, priority, holidays: holiday, issues: [] }, language]);
      cases.push([offset + 2, { ...base, priority, holidays: undefined, issues }, language]);
      cases.push([offset + 3, { ...base, priority, holidays: undefined, issues: [] }, language]);
    }
  }
  for (const [index, facts, language] of cases)
    assert.equal(
      oncallAnswer(facts, language).answer,
      fill(templates[index]!, facts, language),
      `template ${index + 1} (${language})`,
    );
});
