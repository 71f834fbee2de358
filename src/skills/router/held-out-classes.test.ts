/**
 * The classes of the second held-out batch's wrong answers (W3, corpus/SOURCES.md), each a rule of the language
 * layer tested on phrasings generated here, not on the batch's own lines:
 * - fault advice answers only "what fixed it / how to fix": a symptom asked with a day or a count asks for records;
 * - "orders" alone is the plant's work orders;
 * - an open state said after the orders ("tickets still open on …") stays a state;
 * - overdue "this morning / today" is overdue now, not a window of due dates;
 * - a handover is one shift's: "the 22nd night" names the night shift;
 * - "who was on call <day>" asks the rota for the plant's day, a holiday question the engineer's own;
 * - a month name said without a year a month ahead is the coming one (checked against date arithmetic);
 * - a product named by its head noun ("the bushings") is that product, and fault advice takes its line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKILLS } from '../code/index.js';
import type { RouteDecision } from '../engine-types.js';
import { plantNamesFrom } from './entities.js';
import { type RouterContext, routeQuestion } from './index.js';

const EQUIPMENT: NonNullable<RouterContext['equipment']> = [
  { equipment_id: 'A-CONV-01', line_id: 'A', name: '1号输送线', name_en: 'Conveyor 1', type: 'CONV' },
  { equipment_id: 'A-WELD-01', line_id: 'A', name: '1号焊接机', name_en: 'Welder 1', type: 'WELD' },
  { equipment_id: 'B-PRESS-03', line_id: 'B', name: '3号冲压机', name_en: 'Press 3', type: 'PRESS' },
  { equipment_id: 'B-CAM-01', line_id: 'B', name: '1号视觉相机', name_en: 'Vision camera 1', type: 'CAM' },
  { equipment_id: 'C-CNC-01', line_id: 'C', name: '1号数控加工中心', name_en: 'CNC 1', type: 'CNC' },
  { equipment_id: 'D-CNC-01', line_id: 'D', name: '1号数控加工中心', name_en: 'CNC 1', type: 'CNC' },
  { equipment_id: 'D-ROBOT-01', line_id: 'D', name: '1号机械臂', name_en: 'Robot arm 1', type: 'ROBOT' },
];

const PRODUCTS = [
  ['A', '车门铰链 HG-220', 'Door hinge HG-220'],
  ['B', '冲压支架 BR-310', 'Stamped bracket BR-310'],
  ['C', '精密轴套 SL-105', 'Precision bushing SL-105'],
  ['D', '电机壳体 MH-480', 'Motor housing MH-480'],
] as const;

const NAMES = plantNamesFrom({
  people: PRODUCTS.map(([line, product]) => ({ inspector: '王芳', product, line_id: line, batches: 10 })),
  productNames: PRODUCTS.map(([line_id, product, product_en]) => ({ line_id, product, product_en })),
  batches: [],
});

const CLOCKS = {
  sun: '2026-11-29T10:00:00+08:00',
  mon: '2026-11-30T09:00:00+08:00',
  first: '2026-12-01T08:00:00+08:00',
  jan: '2027-01-05T10:00:00+08:00',
} as const;

function route(question: string, clock: keyof typeof CLOCKS = 'sun'): RouteDecision {
  return routeQuestion(question, {
    skills: SKILLS,
    now: new Date(CLOCKS[clock]),
    timezone: 'Asia/Shanghai',
    equipment: EQUIPMENT,
    names: NAMES,
  });
}

function argsOf(decision: RouteDecision, where: string): Record<string, unknown> {
  assert.equal(decision.kind, 'skill', `${where}: ${JSON.stringify(decision)}`);
  return (decision as { args: Record<string, unknown> }).args;
}

test('fault advice only answers a request for a fix: a symptom with a day or a count asks for records', () => {
  const symptoms = [
    ['3号冲床', '振动'],
    ['B线相机', '误判'],
    ['1号焊接机', '飞溅'],
    ['A线输送线', '卡料'],
  ];
  const days = ['9月9号', '上周四', '昨天', '这个月'];
  const asks = ['那么多', '是哪台的问题', '有几次', '开了几张单'];
  let checked = 0;
  for (const [machine, symptom] of symptoms)
    for (const day of days)
      for (const ask of asks) {
        const question = `${day}${machine}${symptom}${ask}`;
        const decision = route(question);
        assert.ok(
          decision.kind !== 'skill' || decision.skill !== 'fault_advice',
          `${question}: ${JSON.stringify(decision)}`,
        );
        // asked for a fix, the same words are advice
        const fix = route(`${machine}${symptom} 以前怎么修好的`);
        assert.equal(fix.kind === 'skill' && fix.skill, 'fault_advice', `${machine}${symptom}: a fix asked`);
        checked++;
      }
  const english = [
    'how many conveyor jam orders on line A this year',
    'how many vibration tickets on press 3 last month',
    'count of spatter orders on the welder since monday',
    'number of camera false reject orders on line B in october',
  ];
  for (const question of english) {
    const decision = route(question);
    assert.ok(
      decision.kind === 'skill' && decision.skill === 'work_orders',
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
  assert.ok(checked >= 64);
});

test('"orders" alone are the work orders; customer and sales orders are not', () => {
  for (const state of ['open', 'closed', 'P1', 'vibration'])
    for (const place of ['on line A', 'on the presses', 'for B-PRESS-03', 'on the welders']) {
      const question = `${state} orders ${place}`;
      const decision = route(question);
      assert.ok(
        decision.kind === 'skill' && decision.skill === 'work_orders',
        `${question}: ${JSON.stringify(decision)}`,
      );
    }
  for (const question of ['customer orders shipped last week', 'how many sales orders this month']) {
    const decision = route(question);
    assert.ok(decision.kind !== 'skill' || decision.skill !== 'work_orders', question);
  }
});

test('the open state said anywhere ("tickets still open on …", "orders not closed") stays a state', () => {
  const nouns = ['tickets', 'work orders', 'orders', 'WOs'];
  const states = ['still open', 'not closed', 'not yet closed', 'unclosed'];
  for (const noun of nouns)
    for (const state of states)
      for (const question of [
        `${noun} ${state} on the welders`,
        `${state} ${noun} on line C`,
        `which ${noun} are ${state}`,
      ]) {
        if (question.startsWith('not') || question.startsWith('still')) continue;
        const args = argsOf(route(question), question);
        assert.equal(args.status, 'open', question);
      }
});

test('overdue this morning / today is overdue now; due today is a window of due dates', () => {
  for (const today of ['this morning', 'today', 'as of today'])
    for (const question of [
      `anything overdue for maintenance ${today}`,
      `which machines are overdue for PM ${today}`,
    ]) {
      const args = argsOf(route(question), question);
      assert.equal(args.overdue_only, true, question);
      assert.equal(args.due_by, undefined, question);
    }
  for (const question of ['今天保养过期的设备', '哪些设备今天保养超期了']) {
    const args = argsOf(route(question), question);
    assert.equal(args.overdue_only, true, question);
  }
  const due = argsOf(route('今天到期要保养的', 'mon'), '今天到期要保养的');
  assert.equal(due.due_by, '2026-11-30');
});

test('a handover is one shift: a bare night or day beside a date names the shift', () => {
  const dates: Array<[string, string]> = [
    ['the 22nd', '2026-11-22'],
    ['nov 19', '2026-11-19'],
    ['11/25', '2026-11-25'],
    ['25号', '2026-11-25'],
    ['11月20日', '2026-11-20'],
  ];
  for (const [said, date] of dates)
    for (const [night, shift] of [
      [/[号日]$/.test(said) ? '晚上' : 'night', 'night'],
      [/[号日]$/.test(said) ? '夜里' : 'nights', 'night'],
      [/[号日]$/.test(said) ? '白天' : 'daytime', 'day'],
    ] as const)
      for (const question of /[号日]$/.test(said)
        ? [`${said}${night}的交接记录`, `把${said}${night}交接班记录调出来`]
        : [`pull up the handover from ${said} ${night}`, `${said} ${night} handover what did it say`]) {
        const args = argsOf(route(question), question);
        assert.equal(args.handover_date, date, question);
        assert.equal(args.handover_shift, shift, question);
      }
});

test('"who was on call <day>" is the plant day (a date); an engineer-holiday question keeps the offset', () => {
  const days: Array<[string, string, number]> = [
    ['昨天', 'yesterday', -1],
    ['明天', 'tomorrow', 1],
    ['前天', 'the day before yesterday', -2],
  ];
  for (const clock of Object.keys(CLOCKS) as Array<keyof typeof CLOCKS>) {
    const today = CLOCKS[clock].slice(0, 10);
    for (const [zh, en, offset] of days) {
      const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      for (const question of [`${zh}谁值班`, `${zh}是谁值的班`, `who was on call ${en}`, `who covered ${en}`]) {
        const args = argsOf(route(question, clock), question);
        assert.equal(args.date, date, `${clock} ${question}`);
        assert.equal(args.day_offset, undefined, `${clock} ${question}`);
      }
      for (const question of [`值班工程师${zh}放不放假`, `is the on-call engineer on holiday ${en}`]) {
        const args = argsOf(route(question, clock), question);
        assert.equal(args.day_offset, offset, `${clock} ${question}`);
      }
    }
    assert.equal(argsOf(route('今天谁值班', clock), '今天谁值班').day_offset, 0);
  }
});

test('a month name without a year: the coming one when it starts within a month, else the latest (arithmetic)', () => {
  const names = [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ];
  let checked = 0;
  for (let day = 0; day < 400; day += 7) {
    const today = new Date(Date.parse('2026-01-03T00:00:00Z') + day * 86_400_000).toISOString().slice(0, 10);
    const [year, month] = today.split('-').map(Number) as [number, number];
    for (let asked = 1; asked <= 12; asked++) {
      // independent arithmetic: next month's first day within 31 days → that month; else the latest started one
      const nextMonth = (month % 12) + 1;
      const nextYear = month === 12 ? year + 1 : year;
      const firstAhead = Date.UTC(nextYear, nextMonth - 1, 1);
      const ahead = asked === nextMonth && firstAhead - Date.parse(`${today}T00:00:00Z`) <= 31 * 86_400_000;
      const expectedYear = ahead ? nextYear : asked <= month ? year : year - 1;
      const from = `${expectedYear}-${String(asked).padStart(2, '0')}-01`;
      const question = `line B yield for ${names[asked - 1]}`;
      const decision = routeQuestion(question, {
        skills: SKILLS,
        now: new Date(`${today}T10:00:00+08:00`),
        timezone: 'Asia/Shanghai',
        equipment: EQUIPMENT,
        names: NAMES,
      });
      const period = argsOf(decision, `${today} ${question}`).period as { from: string; to: string };
      assert.equal(period.from, from, `${today} ${question}`);
      checked++;
    }
  }
  assert.ok(checked > 600);
});

test('a product by its head noun is that product; fault advice takes the line it is made on', () => {
  const heads: Array<[string, string, string]> = [
    ['bushings', '精密轴套 SL-105', 'C'],
    ['bushing', '精密轴套 SL-105', 'C'],
    ['hinges', '车门铰链 HG-220', 'A'],
    ['轴套', '精密轴套 SL-105', 'C'],
    ['铰链', '车门铰链 HG-220', 'A'],
    ['壳体', '电机壳体 MH-480', 'D'],
  ];
  for (const [word, product, line] of heads) {
    const figures = /[a-z]/.test(word) ? `${word} defect rate this month` : `${word}这个月不良率`;
    const args = argsOf(route(figures), figures);
    assert.deepEqual(args.products, [product], figures);
    const advice = /[a-z]/.test(word)
      ? `chatter marks on the ${word} from the cnc recommend a fix`
      : `${word}有振纹 数控以前怎么修好的`;
    const fix = argsOf(route(advice), advice);
    assert.equal(fix.line, line, advice);
  }
});
