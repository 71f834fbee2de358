/**
 * What the router's generated tests share (held-out-classes*.test.ts, held-out-vocab-w7.test.ts): the four
 * clocks of the held-out corpora, a few of the seeded plant's machines and its products, and a router over them.
 * Each test file takes the machines and names its classes need.
 */
import assert from 'node:assert/strict';
import { SKILLS } from '../code/index.js';
import type { RouteDecision } from '../engine-types.js';
import { type PlantNames, plantNamesFrom } from './entities.js';
import { type RouterContext, routeQuestion } from './index.js';

/** the clocks of the held-out corpora (corpus/test-support.ts), Asia/Shanghai */
export const CLOCKS = {
  sun: '2026-11-29T10:00:00+08:00',
  mon: '2026-11-30T09:00:00+08:00',
  first: '2026-12-01T08:00:00+08:00',
  jan: '2027-01-05T10:00:00+08:00',
} as const;
export type Clock = keyof typeof CLOCKS;
/** every clock's name, and a clock's own day (its plant-local date) */
export const CLOCK_NAMES = Object.keys(CLOCKS) as Clock[];
export const todayOf = (clock: Clock): string => CLOCKS[clock].slice(0, 10);

export type Equipment = NonNullable<RouterContext['equipment']>;

/** machines of the seeded plant, by id */
export const PLANT_EQUIPMENT: Equipment = [
  { equipment_id: 'A-CONV-01', line_id: 'A', name: '1号输送线', name_en: 'Conveyor 1', type: 'CONV' },
  { equipment_id: 'A-WELD-01', line_id: 'A', name: '1号焊接机', name_en: 'Welder 1', type: 'WELD' },
  { equipment_id: 'B-PRESS-03', line_id: 'B', name: '3号冲压机', name_en: 'Press 3', type: 'PRESS' },
  { equipment_id: 'B-CAM-01', line_id: 'B', name: '1号视觉相机', name_en: 'Vision camera 1', type: 'CAM' },
  { equipment_id: 'C-CNC-01', line_id: 'C', name: '1号数控加工中心', name_en: 'CNC 1', type: 'CNC' },
  { equipment_id: 'C-CNC-02', line_id: 'C', name: '2号数控加工中心', name_en: 'CNC 2', type: 'CNC' },
  { equipment_id: 'D-CNC-01', line_id: 'D', name: '1号数控加工中心', name_en: 'CNC 1', type: 'CNC' },
  { equipment_id: 'D-ROBOT-01', line_id: 'D', name: '1号机械臂', name_en: 'Robot arm 1', type: 'ROBOT' },
];

/** the machines with these ids, in this order */
export function equipmentOf(ids: string[]): Equipment {
  return ids.map((id) => {
    const found = PLANT_EQUIPMENT.find((item) => item.equipment_id === id);
    if (!found) throw new Error(`no test machine ${id}`);
    return found;
  });
}

/** line, product as stored, product in English */
export const PRODUCTS = [
  ['A', '车门铰链 HG-220', 'Door hinge HG-220'],
  ['B', '冲压支架 BR-310', 'Stamped bracket BR-310'],
  ['C', '精密轴套 SL-105', 'Precision bushing SL-105'],
  ['D', '电机壳体 MH-480', 'Motor housing MH-480'],
] as const;

/** the products as plantNamesFrom takes them */
export const PRODUCT_NAMES = PRODUCTS.map(([line_id, product, product_en]) => ({ line_id, product, product_en }));

/** a rules-only router over these machines and names, on one of the corpora's clocks (or any ISO time) */
export function routerOver(context: {
  equipment: Equipment;
  names?: PlantNames;
}): (question: string, clock?: Clock | string) => RouteDecision {
  return (question, clock = 'sun') =>
    routeQuestion(question, {
      skills: SKILLS,
      now: new Date(clock in CLOCKS ? CLOCKS[clock as Clock] : clock),
      timezone: 'Asia/Shanghai',
      equipment: context.equipment,
      ...(context.names ? { names: context.names } : {}),
    });
}

/** a decision's arguments, asserting it is a confident answer (of `skill`, when given) */
export function argsOf(decision: RouteDecision, where: string, skill?: string): Record<string, unknown> {
  assert.equal(decision.kind, 'skill', `${where}: ${JSON.stringify(decision)}`);
  const routed = decision as { skill: string; args: Record<string, unknown>; missing: string[] };
  if (skill) assert.equal(routed.skill, skill, `${where}: ${JSON.stringify(decision)}`);
  assert.deepEqual(routed.missing, [], `${where}: ${JSON.stringify(decision)}`);
  return routed.args;
}

/** asserts the decision declines, naming `dimension` among what it did not honour */
export function assertDeclinedNaming(decision: RouteDecision, dimension: string, where: string): void {
  assert.equal(decision.kind, 'none', `${where}: ${JSON.stringify(decision)}`);
  const named = decision.kind === 'none' ? (decision.unhonoured ?? []) : [];
  assert.ok(
    named.some((entry) => entry.dimension === dimension),
    `${where}: ${dimension} not named (${JSON.stringify(decision)})`,
  );
}

/** the period argument as "from..to" */
export function periodOf(args: Record<string, unknown>): string {
  const period = args.period as { from?: string; to?: string } | undefined;
  return `${period?.from}..${period?.to}`;
}

/** an inspector on each line (王芳 A, 张伟 B, 李娜 C, 刘洋 D) and two engineers: the names the vocabulary tests know */
export const LINE_PEOPLE: PlantNames = plantNamesFrom({
  people: [
    ...['A', 'B', 'C', 'D'].map((line_id, index) => ({ line_id, inspector: ['王芳', '张伟', '李娜', '刘洋'][index]! })),
    { line_id: 'B', engineer: 'Michael Johnson' },
    { line_id: 'C', engineer: '王磊' },
  ],
  batches: [],
});

/** a decision as a string to compare: the skill, its arguments and what it misses, or `none` */
export const decisionShape = (decision: RouteDecision): string =>
  decision.kind === 'skill'
    ? JSON.stringify({ skill: decision.skill, args: decision.args, missing: decision.missing })
    : `none`;

/** dates computed apart from the router's calendar (UTC, ISO strings): the generated tests' independent arithmetic */
export const utcDates = {
  addDays: (date: string, days: number): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
  /** 1 = Monday … 7 = Sunday */
  weekday: (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1,
  monday: (date: string): string => utcDates.addDays(date, 1 - utcDates.weekday(date)),
};

/** the vocabulary tests' two checks over a router: a quality figure's line and period, and a question not answered */
export function vocabularyChecks(route: (question: string, clock?: Clock | string) => RouteDecision): {
  assertMetrics(question: string, clock: Clock, expected: { line?: string; period: [string, string] }): void;
  assertNotAnswered(question: string, clock?: Clock): void;
} {
  return {
    assertMetrics(question, clock, expected) {
      const decision = route(question, clock);
      const where = `${question} (${clock})`;
      assert.ok(
        decision.kind === 'skill' && decision.skill === 'quality_metrics',
        `${where}: ${JSON.stringify(decision)}`,
      );
      const args = (decision as { args: Record<string, unknown> }).args;
      const period = args.period as { from: string; to: string };
      assert.deepEqual([period.from, period.to], expected.period, where);
      if (expected.line) assert.deepEqual(args.lines, [expected.line], question);
    },
    assertNotAnswered(question, clock = 'sun') {
      const decision = route(question, clock);
      assert.ok(
        decision.kind !== 'skill' || ((decision as { missing?: string[] }).missing ?? []).length > 0,
        `${question}: ${JSON.stringify(decision)}`,
      );
    },
  };
}
