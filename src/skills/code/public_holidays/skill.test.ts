import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPublicHoliday, listCountryHolidays } from '../../../../mcp-servers/holidays/server.js';
import { routeQuestion } from '../../router/index.js';
import { SKILLS } from '../index.js';
import { fakeTools, runSkill, toolOk } from '../shared/testing.js';
import { findCountries, plantCountry } from './countries.js';
import { publicHolidays } from './skill.js';

/** the holidays server's own tool functions in process (the stdio path is in integration.test.ts) */
function calendarTools() {
  return fakeTools((request) => {
    const args = request.arguments as Record<string, string | number>;
    const result =
      request.name === 'is_public_holiday'
        ? isPublicHoliday(String(args.country_code), String(args.on_date))
        : listCountryHolidays(String(args.country_code), Number(args.year));
    return toolOk(result.structuredContent);
  });
}

const NOW = new Date('2026-11-29T10:00:00+08:00');
const route = (question: string) =>
  routeQuestion(question, { skills: SKILLS, now: NOW, timezone: 'Asia/Shanghai' }) as {
    kind: string;
    skill?: string;
    args?: Record<string, unknown>;
    missing?: string[];
  };

test('the rules read a holiday question: the country, a day or a range, the nearest holiday said without a year', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['is 2026-12-08 a public holiday in Italy?', { country: 'IT', date: '2026-12-08' }],
    ['12月25日意大利放假吗', { country: 'IT', date: '2026-12-25' }],
    ['is christmas a holiday in Italy', { country: 'IT', date: '2026-12-25' }],
    ['元旦放几天假', { date: '2027-01-01' }],
    ['下周有法定节假日吗', { period: { from: '2026-11-30', to: '2026-12-06', label: '下周' } }],
    [
      'list the japanese public holidays next month',
      { country: 'JP', period: { from: '2026-12-01', to: '2026-12-31', label: 'next month' } },
    ],
    [
      'any bank holidays in the UK this month',
      { country: 'GB', period: { from: '2026-11-01', to: '2026-11-30', label: 'this month' } },
    ],
    [
      'how many public holidays in China in 2027',
      { country: 'CN', period: { from: '2027-01-01', to: '2027-12-31', label: '2027' } },
    ],
    ['2027年有哪些法定节假日', { period: { from: '2027-01-01', to: '2027-12-31', label: '2027年' } }],
    ['is it a holiday today in Japan', { country: 'JP', date: '2026-11-29' }],
    ['美国下个月有哪些假期', { country: 'US', period: { from: '2026-12-01', to: '2026-12-31', label: '下个月' } }],
  ];
  for (const [question, args] of cases) {
    const decision = route(question);
    assert.equal(decision.skill, 'public_holidays', `${question}: ${JSON.stringify(decision)}`);
    assert.deepEqual(decision.args, args, question);
    assert.deepEqual(decision.missing ?? [], [], question);
  }
});

test('a holiday question the rules cannot settle asks, never answers for today', () => {
  // "12/8": 8 December or 12 August; two countries at once
  for (const [question, missing] of [
    ['is 12/8 a holiday in IT', 'date'],
    ['德国和意大利12月的节假日', 'country'],
  ] as const) {
    const decision = route(question);
    assert.equal(decision.skill, 'public_holidays', question);
    assert.deepEqual(decision.missing, [missing], question);
  }
});

test('a figure over a holiday, the on-call check and a person stay with their own skills', () => {
  assert.equal(route('国庆期间C线不良率').skill, 'quality_metrics');
  assert.equal(route('is the on-call engineer on a public holiday today?').skill, 'oncall_check');
  assert.equal(route('defect rate of line B over the christmas holiday').skill === 'public_holidays', false);
});

test('countries as said: calendar names, demonyms, Chinese names, capital codes only', () => {
  const codes = (text: string) => findCountries(text.toLowerCase(), text).map((entry) => entry.code);
  assert.deepEqual(codes('holidays in Italy'), ['IT']);
  assert.deepEqual(codes('the Japanese holidays'), ['JP']);
  assert.deepEqual(codes('德国的节假日'), ['DE']);
  assert.deepEqual(codes('a holiday in the US?'), ['US']);
  assert.deepEqual(codes('is it a day off for us'), []);
  assert.deepEqual(codes('South Korea holidays'), ['KR']);
  assert.equal(plantCountry('Asia/Shanghai'), 'CN');
  assert.equal(plantCountry('Europe/Rome'), 'IT');
  assert.equal(plantCountry('Nowhere/Atlantis'), undefined);
});

test('a day in both languages, with the days of note that are no day off', async () => {
  const tools = calendarTools();
  const en = await runSkill({ skill: publicHolidays, args: { country: 'US', date: '2026-11-26' }, tools });
  assert.match(
    en.result.answer,
    /^\*\*2026-11-26 \(Thu\)\*\* is a public holiday in \*\*United States of America \(US\)\*\*: Thanksgiving Day\./,
  );
  assert.deepEqual(
    tools.calls.map((call) => call.name),
    ['is_public_holiday'],
  );
  const zh = await runSkill({
    skill: publicHolidays,
    args: { country: 'IT', date: '2026-12-09' },
    tools,
    language: 'zh',
  });
  assert.match(zh.result.answer, /^\*\*2026-12-09（周三）\*\* 不是\*\*意大利（IT）\*\*的法定节假日。$/);
});

test('a range over a year end calls the calendar once a year and keeps only the public days inside it', async () => {
  const tools = calendarTools();
  const { result } = await runSkill({
    skill: publicHolidays,
    args: { country: 'IT', period: { from: '2026-12-20', to: '2027-01-10' } },
    tools,
  });
  assert.deepEqual(
    tools.calls.map((call) => call.arguments),
    [
      { country_code: 'IT', year: 2026 },
      { country_code: 'IT', year: 2027 },
    ],
  );
  const data = result.data as { holidays: Array<{ date: string; type: string }> };
  assert.deepEqual(
    data.holidays.map((entry) => entry.date),
    ['2026-12-25', '2026-12-26', '2027-01-01', '2027-01-06'],
  );
  assert.ok(data.holidays.every((entry) => entry.type === 'public'));
  assert.match(
    result.answer,
    /^Public holidays in Italy \(IT\), 2026-12-20 – 2027-01-10: 4\n- 2026-12-25 \(Fri\) Christmas Day/,
  );
});

test("no country named: the plant's own, said so; a range with none in it says so", async () => {
  const tools = calendarTools();
  const { result } = await runSkill({
    skill: publicHolidays,
    args: { period: { from: '2026-11-02', to: '2026-11-08', label: 'next week' } },
    tools,
  });
  assert.equal(
    result.answer,
    'No public holiday in China (CN), next week (2026-11-02 – 2026-11-08).\n' +
      '(No country named: CN, the plant\'s own by its time zone Asia/Shanghai; name another, e.g. "in Italy".)',
  );
});

test('the arguments are checked: a code, a range in order and at most two years', () => {
  assert.equal(publicHolidays.parameters.safeParse({ country: 'Italy' }).success, false);
  assert.equal(
    publicHolidays.parameters.safeParse({ period: { from: '2026-12-31', to: '2026-01-01' } }).success,
    false,
  );
  assert.equal(
    publicHolidays.parameters.safeParse({ period: { from: '2020-01-01', to: '2026-12-31' } }).success,
    false,
  );
  assert.equal(
    publicHolidays.parameters.safeParse({ country: 'IT', period: { from: '2026-01-01', to: '2026-12-31' } }).success,
    true,
  );
});
