import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SessionSlots } from '../engine-types.js';
import { SKILLS } from '../code/index.js';
import { type RouterContext, detectLanguage, routeQuestion, routerExamples } from './index.js';

/** the arguments schema of the skill a route names (its routing's `args`) */
function argsOf(skill: string) {
  const routing = SKILLS.routings.find((entry) => entry.skill === skill);
  assert.ok(routing, `no routing for ${skill}`);
  return routing.args as import('zod').ZodObject;
}

const NOW = {
  sun: '2026-11-29T10:00:00+08:00', // a Sunday
  mon: '2026-11-30T09:00:00+08:00', // a Monday
  first: '2026-12-01T08:00:00+08:00', // the 1st of a month
  jan: '2027-01-05T10:00:00+08:00', // early January
} as const;

const EQUIPMENT: NonNullable<RouterContext['equipment']> = [
  { equipment_id: 'A-PRESS-01', line_id: 'A', name: '1号冲压机', name_en: 'Press 1', type: 'PRESS' },
  { equipment_id: 'A-PRESS-03', line_id: 'A', name: '3号冲压机', name_en: 'Press 3', type: 'PRESS' },
  { equipment_id: 'B-PRESS-03', line_id: 'B', name: '3号冲压机', name_en: 'Press 3', type: 'PRESS' },
  { equipment_id: 'B-CNC-02', line_id: 'B', name: '2号数控机床', name_en: 'CNC 2', type: 'CNC' },
  { equipment_id: 'C-WELD-01', line_id: 'C', name: '1号焊机', name_en: 'Welder 1', type: 'WELD' },
  { equipment_id: 'C-CAM-01', line_id: 'C', name: '1号视觉相机', name_en: 'Vision camera 1', type: 'CAM' },
  { equipment_id: 'D-CONV-01', line_id: 'D', name: '1号输送线', name_en: 'Conveyor 1', type: 'CONV' },
  { equipment_id: 'D-ROBOT-02', line_id: 'D', name: '2号机器人', name_en: 'Robot 2', type: 'ROBOT' },
];

const p = (from: string, to: string, label: string) => ({ from, to, label });

interface Row {
  q: string;
  now?: keyof typeof NOW;
  /** without the engine's equipment list */
  noList?: true;
  previous?: SessionSlots;
  skill: string;
  /** a subset of the arguments; `undefined` means the argument must be absent */
  args?: Record<string, unknown>;
  missing?: string[];
}

const LAST_WEEK = p('2026-11-16', '2026-11-22', '上周');
const PREV_QUALITY: SessionSlots = {
  skill: 'quality_metrics',
  args: { lines: ['A'], period: LAST_WEEK, metrics: ['defect_rate'], by_day: false },
};
const PREV_RANK: SessionSlots = {
  skill: 'quality_metrics',
  args: {
    lines: [],
    period: p('2026-11-16', '2026-11-22', 'last week'),
    metrics: ['defect_rate', 'output', 'yield'],
    rank: 'worst',
    by_day: false,
  },
};
const PREV_NO_PERIOD: SessionSlots = {
  skill: 'quality_metrics',
  args: { lines: ['A'], metrics: ['defect_rate'], by_day: false },
};
const PREV_WEEKLY: SessionSlots = { skill: 'weekly_report', args: { week_start: '2026-11-23', lines: [] } };
const PREV_STATUS: SessionSlots = {
  skill: 'equipment_status',
  args: { line: 'B', equipment: 'B-PRESS-03', overdue_only: false },
};
const PREV_ONCALL: SessionSlots = { skill: 'oncall_check', args: { priority: 'P1', date: '2026-11-29' } };
const PREV_DATETIME: SessionSlots = { skill: 'current_datetime', args: {} };

const ROWS: Row[] = [
  // ---- quality metrics, Chinese (Sunday 2026-11-29) -----------------------------------
  {
    q: 'A线上周三的次品率是多少？',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-18', '2026-11-18', '上周三'), metrics: ['defect_rate'] },
    missing: [],
  },
  {
    q: '产线A昨天的产量',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-28', '2026-11-28', '昨天'), metrics: ['output'] },
  },
  {
    q: 'A 线 今天 良率',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-29', '2026-11-29', '今天'), metrics: ['yield'] },
  },
  {
    q: 'A产线前天的不良率',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-27', '2026-11-27', '前天'), metrics: ['defect_rate'] },
  },
  {
    q: '生产线B本周的合格率',
    skill: 'quality_metrics',
    args: { lines: ['B'], period: p('2026-11-23', '2026-11-29', '本周'), metrics: ['yield'] },
  },
  {
    q: 'Ａ线这周的产出',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-23', '2026-11-29', '这周'), metrics: ['output'] },
  },
  {
    q: 'A、B两条线上个月的缺陷率',
    skill: 'quality_metrics',
    args: { lines: ['A', 'B'], period: p('2026-10-01', '2026-10-31', '上个月'), metrics: ['defect_rate'] },
  },
  {
    q: 'A线和B线最近7天的产量',
    skill: 'quality_metrics',
    args: { lines: ['A', 'B'], period: p('2026-11-23', '2026-11-29', '最近7天'), metrics: ['output'] },
  },
  {
    q: '所有产线本月的产量',
    skill: 'quality_metrics',
    args: { lines: [], period: p('2026-11-01', '2026-11-29', '本月'), metrics: ['output'] },
  },
  {
    q: '上周哪条线的不良率最高？',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', metrics: ['defect_rate'], period: p('2026-11-16', '2026-11-22', '上周') },
  },
  { q: '本周哪条产线良率最高', skill: 'quality_metrics', args: { lines: [], rank: 'best', metrics: ['yield'] } },
  {
    q: '上个星期哪个产线表现最差',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', period: p('2026-11-16', '2026-11-22', '上个星期') },
  },
  {
    q: 'C线近7天的主要缺陷',
    skill: 'quality_metrics',
    args: { lines: ['C'], metrics: ['defect_types'], period: p('2026-11-23', '2026-11-29', '近7天') },
  },
  {
    q: 'D线11月25日的缺陷类型',
    skill: 'quality_metrics',
    args: { lines: ['D'], metrics: ['defect_types'], period: p('2026-11-25', '2026-11-25', '11月25日') },
  },
  {
    q: 'B线2026年11月25日生产了多少件',
    skill: 'quality_metrics',
    args: { lines: ['B'], metrics: ['output'], period: p('2026-11-25', '2026-11-25', '2026年11月25日') },
  },
  {
    q: 'A线2026/11/25的次品率',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-25', '2026-11-25', '2026/11/25') },
  },
  {
    q: '从11月1日到11月7日A线的良率',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['yield'], period: p('2026-11-01', '2026-11-07', '从11月1日到11月7日') },
  },
  { q: 'A线上礼拜三的产量', skill: 'quality_metrics', args: { period: p('2026-11-18', '2026-11-18', '上礼拜三') } },
  {
    q: 'B线周三的不良率',
    skill: 'quality_metrics',
    args: { lines: ['B'], period: p('2026-11-25', '2026-11-25', '周三') },
  },
  { q: 'B线星期三的不良率', skill: 'quality_metrics', args: { period: p('2026-11-25', '2026-11-25', '星期三') } },
  { q: 'A线最近三天的产量', skill: 'quality_metrics', args: { period: p('2026-11-27', '2026-11-29', '最近三天') } },
  {
    q: 'A线过去14天每天的次品率',
    skill: 'quality_metrics',
    args: { by_day: true, period: p('2026-11-16', '2026-11-29', '过去14天') },
  },
  {
    q: 'A线的次品率',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['defect_rate'], period: undefined },
    missing: ['period'],
  },
  {
    q: 'A线本周一共生产多少',
    skill: 'quality_metrics',
    args: { metrics: ['output'], period: p('2026-11-23', '2026-11-29', '本周') },
  },
  { q: 'A线12月25日的产量', skill: 'quality_metrics', args: { period: p('2026-12-25', '2026-12-25', '12月25日') } },
  { q: 'A线2026-12-25的产量', skill: 'quality_metrics', args: { period: p('2026-12-25', '2026-12-25', '2026-12-25') } },
  { q: 'Z线昨天的产量', skill: 'quality_metrics', args: { lines: ['Z'] }, missing: [] },
  {
    q: '本周和上周A线的次品率对比', // this week against last week: quality_compare (issue 15)
    skill: 'quality_compare',
    args: { mode: 'previous', lines: ['A'] },
    missing: [],
  },
  {
    q: 'A线上周质量怎么样',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['output', 'defect_rate', 'yield'] },
  },
  { q: 'A线11月的产量', skill: 'quality_metrics', args: { period: p('2026-11-01', '2026-11-29', '11月') } },
  { q: 'A线25号的产量', skill: 'quality_metrics', args: { period: p('2026-11-25', '2026-11-25', '25号') } },
  { q: 'a线昨天的次品率和良率', skill: 'quality_metrics', args: { lines: ['A'], metrics: ['defect_rate', 'yield'] } },
  // ---- quality metrics, English ---------------------------------------------------------
  {
    q: "What was line A's defect rate last Wednesday?",
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['defect_rate'], period: p('2026-11-18', '2026-11-18', 'last Wednesday') },
    missing: [],
  },
  {
    q: 'line a output yesterday',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['output'], period: p('2026-11-28', '2026-11-28', 'yesterday') },
  },
  { q: 'Line-B yield today', skill: 'quality_metrics', args: { lines: ['B'], metrics: ['yield'] } },
  {
    q: 'LINE C REJECT RATE THIS WEEK',
    skill: 'quality_metrics',
    args: { lines: ['C'], metrics: ['defect_rate'], period: p('2026-11-23', '2026-11-29', 'THIS WEEK') },
  },
  {
    q: 'defect rate for lines A and B last month',
    skill: 'quality_metrics',
    args: { lines: ['A', 'B'], period: p('2026-10-01', '2026-10-31', 'last month') },
  },
  {
    q: 'how many pieces did line D produce the day before yesterday',
    skill: 'quality_metrics',
    args: { lines: ['D'], metrics: ['output'], period: p('2026-11-27', '2026-11-27', 'the day before yesterday') },
  },
  {
    q: 'scrap rate on line A in the past 7 days',
    skill: 'quality_metrics',
    args: { metrics: ['defect_rate'], period: p('2026-11-23', '2026-11-29', 'the past 7 days') },
  },
  {
    q: 'first-pass yield of line B over the last 14 days',
    skill: 'quality_metrics',
    args: { metrics: ['yield'], period: p('2026-11-16', '2026-11-29', 'the last 14 days') },
  },
  {
    q: 'pass rate line C on Nov 25',
    skill: 'quality_metrics',
    args: { lines: ['C'], metrics: ['yield'], period: p('2026-11-25', '2026-11-25', 'Nov 25') },
  },
  {
    q: 'top defects on line D on 25 Nov',
    skill: 'quality_metrics',
    args: { metrics: ['defect_types'], period: p('2026-11-25', '2026-11-25', '25 Nov') },
  },
  {
    q: 'what defects did line A have on November 25th?',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['defect_types'], period: p('2026-11-25', '2026-11-25', 'November 25th') },
  },
  {
    q: 'defect types for line B between Nov 1 and Nov 7',
    skill: 'quality_metrics',
    args: { metrics: ['defect_types'], period: p('2026-11-01', '2026-11-07', 'between Nov 1 and Nov 7') },
  },
  {
    q: 'Which line was worst last week?',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', period: p('2026-11-16', '2026-11-22', 'last week') },
    missing: [],
  },
  {
    q: 'which line had the best yield this month?',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'best', metrics: ['yield'] },
  },
  {
    q: 'which line had the highest defect rate yesterday',
    skill: 'quality_metrics',
    args: { rank: 'worst', metrics: ['defect_rate'] },
  },
  {
    q: 'which line produced the most last week',
    skill: 'quality_metrics',
    args: { rank: 'best', metrics: ['output'] },
  },
  { q: 'production of all lines this week', skill: 'quality_metrics', args: { lines: [], metrics: ['output'] } },
  {
    q: 'output of every line on Wednesday',
    skill: 'quality_metrics',
    args: { lines: [], period: p('2026-11-25', '2026-11-25', 'on Wednesday') },
  },
  { q: "line A's defect rate", skill: 'quality_metrics', args: { lines: ['A'] }, missing: ['period'] },
  { q: 'line Z output yesterday', skill: 'quality_metrics', args: { lines: ['Z'] }, missing: [] },
  { q: 'daily output of line A this week', skill: 'quality_metrics', args: { by_day: true, metrics: ['output'] } },
  {
    q: 'line B defect rate on 2026-11-25',
    skill: 'quality_metrics',
    args: { period: p('2026-11-25', '2026-11-25', '2026-11-25') },
  },
  {
    q: 'line A yield in October',
    skill: 'quality_metrics',
    args: { period: p('2026-10-01', '2026-10-31', 'in October') },
  },
  { q: 'line A output Dec 25', skill: 'quality_metrics', args: { period: p('2026-12-25', '2026-12-25', 'Dec 25') } },
  {
    q: 'Line A output on 2026-12-25',
    skill: 'quality_metrics',
    args: { period: p('2026-12-25', '2026-12-25', '2026-12-25') },
  },
  { q: 'was line A or line B worse last week?', skill: 'quality_metrics', args: { lines: ['A', 'B'], rank: 'worst' } },
  { q: 'B line output today', skill: 'quality_metrics', args: { lines: ['B'] } },
  {
    q: 'line b 11/25 output',
    skill: 'quality_metrics',
    args: { lines: ['B'], period: p('2026-11-25', '2026-11-25', '11/25') },
  },
  {
    q: 'A线25/11产量',
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-25', '2026-11-25', '25/11') },
  },
  { q: 'line A output on 11/12', skill: 'quality_metrics', args: { period: undefined }, missing: ['period'] }, // 11 Dec or Nov 12: ask
  {
    q: '上周三到上周五A线的产量',
    skill: 'quality_metrics',
    args: { period: p('2026-11-18', '2026-11-20', '上周三到上周五') },
  },
  {
    q: 'from Monday to Wednesday line A output',
    skill: 'quality_metrics',
    args: { period: p('2026-11-23', '2026-11-25', 'from Monday to Wednesday') },
  },
  {
    q: '帮我查一下A线上周的产量',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['output'], period: LAST_WEEK },
  },
  { q: 'how many defects yesterday', skill: 'quality_metrics', args: { lines: [], metrics: ['defect_rate'] } },
  // ---- a Monday, the 1st of a month, January ------------------------------------------------
  { q: 'A线本周的产量', now: 'mon', skill: 'quality_metrics', args: { period: p('2026-11-30', '2026-11-30', '本周') } },
  {
    q: 'A线上周三的次品率',
    now: 'mon',
    skill: 'quality_metrics',
    args: { period: p('2026-11-25', '2026-11-25', '上周三') },
  },
  {
    q: 'line A defect rate last Wednesday',
    now: 'mon',
    skill: 'quality_metrics',
    args: { period: p('2026-11-25', '2026-11-25', 'last Wednesday') },
  },
  {
    q: 'line A output this week',
    now: 'mon',
    skill: 'quality_metrics',
    args: { period: p('2026-11-30', '2026-11-30', 'this week') },
  },
  { q: 'B线周三的产量', now: 'mon', skill: 'quality_metrics', args: { period: p('2026-11-25', '2026-11-25', '周三') } },
  { q: 'A线昨天的产量', now: 'mon', skill: 'quality_metrics', args: { period: p('2026-11-29', '2026-11-29', '昨天') } },
  {
    q: 'A线上个月的产量',
    now: 'first',
    skill: 'quality_metrics',
    args: { period: p('2026-11-01', '2026-11-30', '上个月') },
  },
  {
    q: 'line A output last month',
    now: 'first',
    skill: 'quality_metrics',
    args: { period: p('2026-11-01', '2026-11-30', 'last month') },
  },
  {
    q: 'A线本月的良率',
    now: 'first',
    skill: 'quality_metrics',
    args: { period: p('2026-12-01', '2026-12-01', '本月') },
  },
  {
    q: 'A线30号的产量',
    now: 'first',
    skill: 'quality_metrics',
    args: { period: p('2026-11-30', '2026-11-30', '30号') },
  },
  {
    q: 'A线上个月的次品率',
    now: 'jan',
    skill: 'quality_metrics',
    args: { period: p('2026-12-01', '2026-12-31', '上个月') },
  },
  {
    q: 'A线12月28日的产量',
    now: 'jan',
    skill: 'quality_metrics',
    args: { period: p('2026-12-28', '2026-12-28', '12月28日') },
  },
  {
    q: 'line A output on Dec 28',
    now: 'jan',
    skill: 'quality_metrics',
    args: { period: p('2026-12-28', '2026-12-28', 'Dec 28') },
  },
  {
    q: 'A线12月28日到1月3日的产量',
    now: 'jan',
    skill: 'quality_metrics',
    args: { period: p('2026-12-28', '2027-01-03', '12月28日到1月3日') },
  },
  // ---- weekly report -------------------------------------------------------------------------
  { q: '本周质量周报', skill: 'weekly_report', args: { week_start: '2026-11-23', lines: [] }, missing: [] },
  { q: '周报', skill: 'weekly_report', args: { week_start: '2026-11-23' }, missing: [] },
  { q: '上周的周报', skill: 'weekly_report', args: { week_start: '2026-11-16' } },
  { q: 'A线本周质量报告', skill: 'weekly_report', args: { week_start: '2026-11-23', lines: ['A'] } },
  { q: '上周质量报告', skill: 'weekly_report', args: { week_start: '2026-11-16' } },
  { q: "this week's quality report", skill: 'weekly_report', args: { week_start: '2026-11-23' }, missing: [] },
  { q: "last week's report", skill: 'weekly_report', args: { week_start: '2026-11-16' } },
  { q: 'weekly report for line B', skill: 'weekly_report', args: { lines: ['B'], week_start: '2026-11-23' } },
  { q: 'weekly report', now: 'mon', skill: 'weekly_report', args: { week_start: '2026-11-30' } },
  { q: '上周报告', now: 'jan', skill: 'weekly_report', args: { week_start: '2026-12-28' } },
  { q: '本月质量报告', skill: 'none' },
  // ---- equipment status ----------------------------------------------------------------------
  { q: 'B-PRESS-03 status', skill: 'equipment_status', args: { equipment: 'B-PRESS-03' }, missing: [] },
  { q: 'b-press-03状态', skill: 'equipment_status', args: { equipment: 'B-PRESS-03' } },
  { q: 'Status of press 3 on line B', skill: 'equipment_status', args: { equipment: 'B-PRESS-03', line: 'B' } },
  { q: 'B线3号冲压机的状态', skill: 'equipment_status', args: { equipment: 'B-PRESS-03', line: 'B' } },
  { q: 'line B press #3 running?', skill: 'equipment_status', args: { equipment: 'B-PRESS-03' } },
  { q: 'B线冲压机3号在运行吗', skill: 'equipment_status', args: { equipment: 'B-PRESS-03' } },
  {
    q: '冲压机3号在运行吗',
    noList: true,
    skill: 'equipment_status',
    args: { equipment: '冲压机3号', line: undefined },
  },
  { q: 'is press 3 running?', skill: 'equipment_status', args: { equipment: 'press 3' } }, // press 3 on lines A and B: not guessed
  { q: 'line B press #3 status', noList: true, skill: 'equipment_status', args: { equipment: 'press #3', line: 'B' } },
  // the one welder of line C (issue 27: a machine type and a line name one machine when the list has one)
  { q: 'C线焊机状态', skill: 'equipment_status', args: { line: 'C', equipment: 'C-WELD-01' } },
  { q: 'B线设备状态', skill: 'equipment_status', args: { line: 'B', equipment: undefined, overdue_only: false } },
  { q: '哪些设备保养逾期了？', skill: 'equipment_status', args: { overdue_only: true } },
  { q: 'Which machines are due for maintenance?', skill: 'equipment_status', args: { overdue_only: true } },
  { q: '哪些设备故障了？', skill: 'equipment_status', args: { status: 'fault' } },
  { q: 'which machines are idle?', skill: 'equipment_status', args: { status: 'idle' } },
  { q: 'C线有哪些设备在维修中', skill: 'equipment_status', args: { line: 'C', status: 'maintenance' } },
  { q: 'which machines are down?', skill: 'equipment_status', args: { overdue_only: false, status: 'fault' } },
  {
    q: 'Which machines are due for maintenance this week?',
    now: 'mon',
    skill: 'equipment_status',
    args: { due_by: '2026-12-06' },
  },
  { q: '本周哪些设备要保养？', skill: 'equipment_status', args: { due_by: '2026-11-29' } },
  { q: '本月哪些设备需要保养', now: 'mon', skill: 'equipment_status', args: { due_by: '2026-11-30' } },
  { q: 'maintenance due in the next 7 days', skill: 'equipment_status', args: { due_by: '2026-12-06' } },
  { q: '未来7天内到期的保养', skill: 'equipment_status', args: { due_by: '2026-12-06' } },
  { q: 'which machines are due for maintenance by Dec 10?', skill: 'equipment_status', args: { due_by: '2026-12-10' } },
  { q: '12月10日前需要保养的设备', skill: 'equipment_status', args: { due_by: '2026-12-10' } },
  { q: 'which machines are down?', skill: 'equipment_status', args: { overdue_only: false, status: 'fault' } },
  { q: 'vision camera 1 on line C status', skill: 'equipment_status', args: { equipment: 'C-CAM-01' } },
  { q: 'status of the conveyor on line D', skill: 'equipment_status', args: { line: 'D', equipment: 'D-CONV-01' } },
  { q: 'D线2号机器人在运行吗', skill: 'equipment_status', args: { equipment: 'D-ROBOT-02' } },
  { q: 'A线昨天停机了吗', skill: 'none' }, // past states are not recorded
  // ---- fault advice ---------------------------------------------------------------------------
  {
    q: 'Press 3 on line B is vibrating, what fixed this before?',
    skill: 'fault_advice',
    args: { symptom: 'vibrating', equipment: 'B-PRESS-03', line: 'B' },
    missing: [],
  },
  {
    q: 'B线3号冲压机振动，以前怎么修的？',
    skill: 'fault_advice',
    args: { symptom: '振动', equipment: 'B-PRESS-03', line: 'B' },
    missing: [],
  },
  { q: 'A线3号冲压机漏油怎么处理', skill: 'fault_advice', args: { symptom: '漏油', equipment: 'A-PRESS-03' } },
  {
    q: 'CNC machine overheating, how to fix?',
    skill: 'fault_advice',
    args: { symptom: 'overheating', equipment: 'CNC machine' },
  },
  { q: '焊机报警E23怎么办', skill: 'fault_advice', args: { symptom: '报警E23', equipment: '焊机' } },
  { q: 'conveyor jam on line D, any advice?', skill: 'fault_advice', args: { symptom: 'jam', line: 'D' } },
  { q: '毛刺问题以前怎么处理的', skill: 'fault_advice', args: { symptom: '毛刺', equipment: undefined } },
  {
    q: 'abnormal noise from robot 2 on line D',
    skill: 'fault_advice',
    args: { symptom: 'abnormal noise', equipment: 'D-ROBOT-02' },
  },
  { q: '数控机床异响，维修建议', skill: 'fault_advice', args: { symptom: '异响' } },
  {
    q: 'strange noise and oil leak on B-PRESS-03',
    skill: 'fault_advice',
    args: { symptom: 'strange noise, oil leak', equipment: 'B-PRESS-03' },
  },
  {
    q: 'how do I fix press 3 on line B?',
    skill: 'fault_advice',
    args: { equipment: 'B-PRESS-03', symptom: undefined },
    missing: ['symptom'],
  },
  { q: '尺寸超差怎么解决', skill: 'fault_advice', args: { symptom: '尺寸超差' } },
  {
    q: 'parts out of tolerance on line A, what fixed it before',
    skill: 'fault_advice',
    args: { symptom: 'out of tolerance', line: 'A' },
  },
  { q: 'B线冲压机异常振动', skill: 'fault_advice', args: { symptom: '异常振动', line: 'B' } },
  // ---- on-call -----------------------------------------------------------------------------------
  // today / tomorrow / yesterday are days counted from the engineer's own date (day_offset), a named date is a date
  // no priority asked: all the engineer's open work orders (no priority slot)
  {
    q: 'Is the on-call engineer on a public holiday today?',
    skill: 'oncall_check',
    args: { priority: undefined, day_offset: 0, date: undefined },
    missing: [],
  },
  {
    q: '值班工程师今天是节假日吗？',
    skill: 'oncall_check',
    args: { priority: undefined, day_offset: 0, date: undefined },
  },
  {
    q: 'who is on call next Tuesday',
    skill: 'oncall_check',
    args: { priority: undefined, date: '2026-12-01', day_offset: undefined },
  },
  { q: '12月8日谁值班', skill: 'oncall_check', args: { date: '2026-12-08', day_offset: undefined } },
  // a year said in words before a holiday is that year's: never moved to the coming one (a past Christmas
  // asked of the rota is last year's), and "next Christmas" is the coming one
  { q: '去年圣诞节谁值的班', skill: 'oncall_check', args: { date: '2025-12-25' } },
  { q: 'who was on call last christmas', skill: 'oncall_check', args: { date: '2025-12-25' } },
  { q: "last year's christmas: who was on call?", skill: 'oncall_check', args: { date: '2025-12-25' } },
  { q: "who's on call next christmas", skill: 'oncall_check', args: { date: '2026-12-25' } },
  {
    q: 'who was on call last Wednesday?',
    now: 'mon',
    skill: 'oncall_check',
    args: { date: '2026-11-25', day_offset: undefined },
  },
  { q: 'who is on call? any P0 issues', skill: 'oncall_check', args: { priority: 'P0' } },
  {
    q: 'is the on-call engineer on holiday tomorrow, p2 issues?',
    skill: 'oncall_check',
    args: { priority: 'P2', day_offset: 1, date: undefined },
  },
  { q: '值班的人明天放假吗', skill: 'oncall_check', args: { day_offset: 1, date: undefined } },
  // "who" on another day than today: the rota for the plant's day (a date)
  { q: 'who was on call yesterday?', skill: 'oncall_check', args: { date: '2026-11-28', day_offset: undefined } },
  { q: '后天值班的是谁', skill: 'oncall_check', args: { date: '2026-12-01', day_offset: undefined } },
  {
    q: 'who is on call? any P1',
    skill: 'oncall_check',
    args: { priority: 'P1', day_offset: undefined, date: undefined },
  },
  { q: "who's on call on 2026-12-08?", skill: 'oncall_check', args: { date: '2026-12-08', day_offset: undefined } },
  { q: '下周一谁值班', skill: 'oncall_check', args: { date: '2026-11-30', day_offset: undefined } },
  { q: '12月25日值班工程师是节假日吗', skill: 'oncall_check', args: { date: '2026-12-25' } }, // the coming Christmas, not last year's
  { q: '11月20日谁值班', skill: 'oncall_check', args: { date: '2026-11-20' } },
  {
    q: 'on-call engineer on Dec 25, P0?',
    now: 'jan',
    skill: 'oncall_check',
    args: { date: '2026-12-25', priority: 'P0' },
  },
  // a week is the rota table (the whole week, not up to today); a year is too long for one
  {
    q: 'on-call check for this week',
    skill: 'oncall_check',
    args: { date: undefined, period: { from: '2026-11-23', to: '2026-11-29', label: 'this week' } },
    missing: [],
  },
  { q: '今年的值班表', skill: 'oncall_check', args: { period: undefined }, missing: ['date'] },
  // ---- documents ---------------------------------------------------------------------------------
  { q: 'Find the SOP for die change', skill: 'document_search', args: { query: 'SOP die change' }, missing: [] },
  { q: '查找冲压机换模SOP', skill: 'document_search', args: { query: '冲压机换模SOP' } },
  { q: 'search the manual for the welder', skill: 'document_search', args: { query: 'manual welder' } },
  { q: '交接班记录在哪里', skill: 'document_search', args: { query: '交接班记录' } },
  {
    q: 'open handover-2026-11-28.md',
    skill: 'document_search',
    args: { path: 'handover-2026-11-28.md', query: 'handover-2026-11-28.md' },
  },
  // a path survives the filler words whole ("does", "the", "to", "of" inside it)
  {
    q: 'open manuals/does-not-exist.md',
    skill: 'document_search',
    args: { path: 'manuals/does-not-exist.md', query: 'manuals/does-not-exist.md' },
  },
  {
    q: 'read manuals/how-to-open-the-guard-of-press-3.txt',
    skill: 'document_search',
    args: {
      path: 'manuals/how-to-open-the-guard-of-press-3.txt',
      query: 'manuals/how-to-open-the-guard-of-press-3.txt',
    },
  },
  {
    q: '打开 manuals/does-not-exist.md',
    skill: 'document_search',
    args: { path: 'manuals/does-not-exist.md', query: 'manuals/does-not-exist.md' },
  },
  {
    q: 'what does handover-2026-11-28.md say about press 3?',
    skill: 'document_search',
    args: { path: 'handover-2026-11-28.md', query: 'press 3' },
  },
  { q: '冲压机操作手册', skill: 'document_search', args: { query: '冲压机操作手册' } },
  // ---- date, time, arithmetic ------------------------------------------------------------------
  { q: '今天几号', skill: 'current_datetime', args: {}, missing: [] },
  { q: '现在几点？', skill: 'current_datetime' },
  { q: 'what time is it?', skill: 'current_datetime' },
  { q: "What's the date today?", skill: 'current_datetime' },
  { q: '今天星期几', skill: 'current_datetime' },
  { q: 'what day is it today', skill: 'current_datetime' },
  { q: '我想知道现在的时间', skill: 'current_datetime' },
  { q: 'what is 12*7+3', skill: 'calculator', args: { expression: '12*7+3' }, missing: [] },
  { q: '计算 3.5% of 1200', skill: 'calculator', args: { expression: '3.5/100*1200' } },
  { q: '12 × 7 + 3 = ?', skill: 'calculator', args: { expression: '12 * 7 + 3' } },
  { q: 'calculate (1200-36)/1200', skill: 'calculator', args: { expression: '(1200-36)/1200' } },
  { q: 'what is 1,200 * 0.035?', skill: 'calculator', args: { expression: '1200 * 0.035' } },
  { q: '算一下 1200的3.5%', skill: 'calculator', args: { expression: '1200*3.5/100' } },
  // ---- negatives: never guess -------------------------------------------------------------------
  { q: 'hello', skill: 'none' },
  { q: '你好', skill: 'none' },
  { q: 'tell me a joke', skill: 'none' },
  { q: '讲个笑话', skill: 'none' },
  { q: 'What is a PLC?', skill: 'none' },
  { q: 'Is plan A better than plan B?', skill: 'none' },
  { q: 'A股今天怎么样', skill: 'none' },
  { q: 'how are you today?', skill: 'none' },
  { q: 'thanks!', skill: 'none' },
  { q: 'write a poem about line A', skill: 'none' },
  { q: 'press the button', skill: 'none' },
  { q: '2026-11-25', skill: 'none' },
  { q: '12/7', skill: 'none' },
  { q: '', skill: 'none' },
  { q: '   ', skill: 'none' },
  { q: 'B线呢', skill: 'none' }, // a follow-up with nothing to follow
  { q: 'what about last week?', skill: 'none' },
  { q: 'line B press 3 defect rate last week', skill: 'none' }, // per-machine quality: the model's call
  { q: 'What is the date of the last defect?', skill: 'none' }, // an everyday word alone is no metric question
  { q: 'What can you do?', skill: 'none' },
  // a holiday without the on-call engineer: the calendar's own question, not the on-call skill
  { q: 'Is today a holiday?', skill: 'public_holidays', args: { date: '2026-11-29' } },
  // ---- finer than a line and a day: the skills would drop it, the model queries quality_data -------
  // by inspector, product or batch: quality_breakdown (figures per inspector / product, the worst batches)
  {
    q: 'Which inspector recorded the most defects on line B last week?',
    skill: 'quality_breakdown',
    args: { by: 'inspector', lines: ['B'], rank: 'worst', rank_by: 'defects' },
  },
  {
    q: '哪个检验员上周在B线记录的不良最多？',
    skill: 'quality_breakdown',
    args: { by: 'inspector', lines: ['B'], rank: 'worst', period: p('2026-11-16', '2026-11-22', '上周') },
  },
  { q: 'who found the most defects on line A yesterday?', skill: 'none' },
  { q: 'B线上周质检员的不良统计', skill: 'quality_breakdown', args: { by: 'inspector', lines: ['B'] } },
  {
    q: 'Which night-shift batches of line D on 2026-11-25 had the most defective pieces?',
    skill: 'quality_breakdown',
    args: { by: 'batch', lines: ['D'], shift: 'night', rank: 'worst', rank_by: 'defects' },
  },
  { q: "List line D's night-shift batch numbers of 2026-11-25 with their defect counts", skill: 'none' },
  {
    q: 'D线11月25日夜班哪些批次不良最多？',
    skill: 'quality_breakdown',
    args: {
      by: 'batch',
      lines: ['D'],
      shift: 'night',
      rank: 'worst',
      period: p('2026-11-25', '2026-11-25', '11月25日'),
    },
  },
  {
    q: 'D线11月25日夜班的不良率',
    skill: 'quality_metrics',
    args: { lines: ['D'], shift: 'night', period: p('2026-11-25', '2026-11-25', '11月25日') },
  },
  { q: 'A线昨天白班的产量', skill: 'quality_metrics', args: { lines: ['A'], shift: 'day', metrics: ['output'] } },
  {
    q: 'line A defect rate on the day shift yesterday',
    skill: 'quality_metrics',
    args: { lines: ['A'], shift: 'day', period: p('2026-11-28', '2026-11-28', 'yesterday') },
  },
  { q: 'defect rate per shift on line C this week', skill: 'quality_compare', args: { mode: 'shifts', lines: ['C'] } },
  { q: 'A线上周各批次的良率', skill: 'quality_breakdown', args: { by: 'batch', lines: ['A'] } },
  { q: 'yield of batch A20261125D003', skill: 'batch_lookup', args: { batches: ['A20261125D003'] } },
  {
    q: 'which product had the highest defect rate last month?',
    skill: 'quality_breakdown',
    args: { by: 'product', rank: 'worst', rank_by: 'defect_rate' },
  },
  { q: 'B线上个月各产品的次品率', skill: 'quality_breakdown', args: { by: 'product', lines: ['B'] } },
  { q: 'line A output per hour yesterday', skill: 'none' },
  { q: 'A线昨天上午的产量', skill: 'none' },
  { q: 'A线昨天8点到12点的不良率', skill: 'none' },
  { q: 'line B defects between 08:00 and 12:00 yesterday', skill: 'none' },
  { q: 'line A defect rate tonight', skill: 'none' },
  { q: 'line A defects yesterday by recorded_at', skill: 'none' },
  { q: 'A线昨天不良记录的录入时间', skill: 'none' },
  { q: 'show the defect records of line A yesterday', skill: 'none' },
  { q: 'A线昨天的不良明细', skill: 'none' },
  { q: '本周夜班质量周报', skill: 'none' },
  { q: 'weekly report for the night shift', skill: 'none' },
  // shifts set against each other: quality_compare ranks them, and asks for the period
  { q: '白班和夜班比哪个次品率高', skill: 'quality_compare', args: { mode: 'shifts' }, missing: ['period'] },
  {
    q: 'B线夜班呢',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['B'], shift: 'night', period: LAST_WEEK },
  },
  { q: 'and by inspector?', previous: PREV_QUALITY, skill: 'none' },
  // ... while the plain questions beside them still go to the skills
  {
    q: 'Good morning! line A output today',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['output'], period: p('2026-11-29', '2026-11-29', 'today') },
  },
  {
    q: '早上好，A线今天的产量',
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['output'], period: p('2026-11-29', '2026-11-29', '今天') },
  },
  {
    q: 'D线11月25日不良最多的缺陷类型',
    skill: 'quality_metrics',
    args: { lines: ['D'], metrics: ['defect_types'], period: p('2026-11-25', '2026-11-25', '11月25日') },
  },
  {
    q: 'how many defective pieces did line D have on 2026-11-25?',
    skill: 'quality_metrics',
    args: { lines: ['D'], period: p('2026-11-25', '2026-11-25', '2026-11-25') },
  },
  {
    q: 'which line had the most defects last week?',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', metrics: ['defect_rate'] },
  },
  { q: 'find the night shift handover notes', skill: 'document_search' },
  { q: 'who is on call tomorrow?', skill: 'oncall_check', args: { date: '2026-11-30', day_offset: undefined } },
  // ---- what a ranking orders by (rank_by) ------------------------------------------------------------
  {
    q: 'which line produced the most defects last week?',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', rank_by: 'defects', period: p('2026-11-16', '2026-11-22', 'last week') },
  },
  {
    q: 'which line had the most defective pieces last week?',
    skill: 'quality_metrics',
    args: { rank: 'worst', rank_by: 'defects' },
  },
  {
    q: 'which line had the fewest defects this week?',
    skill: 'quality_metrics',
    args: { rank: 'best', rank_by: 'defects' },
  },
  { q: '上周次品最多的是哪条线？', skill: 'quality_metrics', args: { lines: [], rank: 'worst', rank_by: 'defects' } },
  {
    q: '上周哪条线不良最多？',
    skill: 'quality_metrics',
    args: { rank: 'worst', rank_by: 'defects', metrics: ['defect_rate'] },
  },
  { q: '本周哪条线不良品最少', skill: 'quality_metrics', args: { rank: 'best', rank_by: 'defects' } },
  {
    q: '各产线上个月不良件数排名',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'worst', rank_by: 'defects', period: p('2026-10-01', '2026-10-31', '上个月') },
  },
  { q: '上周不良品数量最多的线', skill: 'quality_metrics', args: { rank: 'worst', rank_by: 'defects' } },
  {
    q: '上周产量最高的产线是哪条？',
    skill: 'quality_metrics',
    args: { lines: [], rank: 'best', rank_by: 'output', metrics: ['output'] },
  },
  {
    q: 'which line had the highest output last week?',
    skill: 'quality_metrics',
    args: { rank: 'best', rank_by: 'output' },
  },
  {
    q: 'which line produced the least last month?',
    skill: 'quality_metrics',
    args: { rank: 'worst', rank_by: 'output' },
  },
  { q: '上周良率最高的是哪条线', skill: 'quality_metrics', args: { rank: 'best', rank_by: 'yield' } },
  {
    q: 'which line had the lowest yield yesterday?',
    skill: 'quality_metrics',
    args: { rank: 'worst', rank_by: 'yield' },
  },
  { q: '上周哪条线的次品率最低', skill: 'quality_metrics', args: { rank: 'best', rank_by: 'defect_rate' } },
  { q: '上周哪条线最差', skill: 'quality_metrics', args: { rank: 'worst', rank_by: undefined } },
  {
    q: '上周A线比B线好吗？',
    skill: 'quality_metrics',
    args: { lines: ['A', 'B'], rank: 'best', period: p('2026-11-16', '2026-11-22', '上周') },
  },
  {
    q: 'A线和C线上周的次品率哪个高',
    skill: 'quality_metrics',
    args: { lines: ['A', 'C'], rank: 'worst', rank_by: 'defect_rate' },
  },
  {
    q: 'is line A better than line B this month?',
    skill: 'quality_metrics',
    args: { lines: ['A', 'B'], rank: 'best' },
  },
  {
    q: 'and the yield?',
    previous: {
      skill: 'quality_metrics',
      args: {
        lines: [],
        period: p('2026-11-16', '2026-11-22', 'last week'),
        metrics: ['defect_rate'],
        rank: 'worst',
        rank_by: 'defects',
        by_day: false,
      },
    },
    skill: 'quality_metrics',
    args: { rank: 'worst', rank_by: 'yield', metrics: ['yield'] },
  },
  {
    q: 'and line B?',
    previous: {
      skill: 'quality_metrics',
      args: {
        lines: [],
        period: p('2026-11-16', '2026-11-22', 'last week'),
        metrics: ['defect_rate'],
        rank: 'worst',
        rank_by: 'defects',
        by_day: false,
      },
    },
    skill: 'quality_metrics',
    args: { rank: undefined, rank_by: undefined, lines: ['B'] },
  },
  // ---- symptoms of every work-order template, in both languages ------------------------------------
  {
    q: 'welder on line D shows porosity in the welds, what fixed it before?',
    skill: 'fault_advice',
    args: { symptom: 'porosity', line: 'D' },
  },
  { q: 'D线焊缝气孔怎么解决', skill: 'fault_advice', args: { symptom: '气孔', line: 'D' } },
  {
    q: 'camera on line B gives false rejects, how did we fix it before?',
    skill: 'fault_advice',
    args: { symptom: 'false rejects', line: 'B' },
  },
  { q: 'C线视觉相机误判怎么处理', skill: 'fault_advice', args: { symptom: '误判', equipment: 'C-CAM-01', line: 'C' } },
  { q: 'B线冲压件裂纹怎么处理', skill: 'fault_advice', args: { symptom: '裂纹', line: 'B' } },
  {
    q: 'the conveyor on line C is jammed, how do we fix it?',
    skill: 'fault_advice',
    args: { symptom: 'jammed', equipment: 'conveyor', line: 'C' },
  },
  {
    q: 'robot collision alarm on line D, any advice?',
    skill: 'fault_advice',
    args: { symptom: 'collision alarm', line: 'D' },
  },
  { q: 'how many cracks on line B last week', skill: 'quality_metrics', args: { lines: ['B'], defect_type: 'cracks' } }, // a count by defect type, not advice
  { q: 'B线上周裂纹多少', skill: 'quality_metrics', args: { lines: ['B'], defect_type: '裂纹' } },
  // ---- what the rules cannot honour: asked, or handed to the model --------------------------------------
  {
    q: '11月第二周B线的次品率',
    skill: 'quality_metrics',
    args: { lines: ['B'], period: undefined },
    missing: ['period'],
  },
  {
    q: 'line A output in the second week of November',
    skill: 'quality_metrics',
    args: { period: undefined },
    missing: ['period'],
  },
  { q: 'A线Q3的产量', skill: 'quality_metrics', args: { period: p('2026-07-01', '2026-09-30', 'Q3') }, missing: [] },
  {
    q: '春节期间A线的产量',
    skill: 'quality_metrics',
    args: { period: p('2026-02-15', '2026-02-23', '春节期间') },
    missing: [],
  }, // 期间: the days off as the State Council arranged them (holiday-periods.ts), not only the statutory days
  { q: 'A线11月第二周的产量', skill: 'quality_metrics', args: { period: undefined }, missing: ['period'] }, // week of a month: ask
  {
    q: "who was on call on New Year's Day, P1?",
    now: 'jan',
    skill: 'oncall_check',
    args: { date: '2027-01-01', day_offset: undefined },
    missing: [],
  },
  { q: '上个月D线每周的次品率', skill: 'none' },
  { q: 'line A weekly defect rate last month', skill: 'none' },
  { q: 'monthly output of line C this year', skill: 'none' },
  { q: "why did line B's defect rate spike on Nov 19?", skill: 'quality_compare', args: { mode: 'why', lines: ['B'] } },
  { q: 'B线11月19日为什么次品率高', skill: 'quality_compare', args: { mode: 'why', lines: ['B'] } },
  { q: 'B线上周的不良原因', skill: 'quality_metrics', args: { metrics: ['defect_types'] } }, // defect types, not "why"
  // ---- follow-ups --------------------------------------------------------------------------------
  {
    q: 'and line B?',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['B'], period: LAST_WEEK, metrics: ['defect_rate'] },
    missing: [],
  },
  {
    q: '那B线呢？',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['B'], period: LAST_WEEK, metrics: ['defect_rate'] },
    missing: [],
  },
  { q: 'B线呢', previous: PREV_QUALITY, skill: 'quality_metrics', args: { lines: ['B'], period: LAST_WEEK } },
  {
    q: 'what about this week?',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-23', '2026-11-29', 'this week'), metrics: ['defect_rate'] },
  },
  {
    q: '本周呢',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['A'], period: p('2026-11-23', '2026-11-29', '本周') },
  },
  {
    q: 'and the yield?',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['A'], metrics: ['yield'], period: LAST_WEEK },
  },
  {
    q: '那B线的良率呢',
    previous: PREV_QUALITY,
    skill: 'quality_metrics',
    args: { lines: ['B'], metrics: ['yield'], period: LAST_WEEK },
    missing: [],
  },
  {
    q: '上周',
    previous: PREV_NO_PERIOD,
    skill: 'quality_metrics',
    args: { lines: ['A'], period: LAST_WEEK },
    missing: [],
  },
  {
    q: 'what about this week?',
    previous: PREV_RANK,
    skill: 'quality_metrics',
    args: { rank: 'worst', lines: [], period: p('2026-11-23', '2026-11-29', 'this week') },
  },
  { q: 'and line B?', previous: PREV_RANK, skill: 'quality_metrics', args: { rank: undefined, lines: ['B'] } },
  { q: '上周呢', previous: PREV_WEEKLY, skill: 'weekly_report', args: { week_start: '2026-11-16' } },
  { q: 'and line C?', previous: PREV_WEEKLY, skill: 'weekly_report', args: { lines: ['C'], week_start: '2026-11-23' } },
  { q: 'and line A?', previous: PREV_STATUS, skill: 'equipment_status', args: { line: 'A', equipment: 'A-PRESS-03' } },
  { q: 'C线呢', previous: PREV_STATUS, skill: 'equipment_status', args: { line: 'C', equipment: undefined } },
  { q: 'and P0?', previous: PREV_ONCALL, skill: 'oncall_check', args: { priority: 'P0', date: '2026-11-29' } },
  {
    q: '明天呢',
    previous: PREV_ONCALL,
    skill: 'oncall_check',
    args: { priority: 'P1', day_offset: 1, date: undefined },
  },
  {
    q: '12月8日呢',
    previous: { skill: 'oncall_check', args: { priority: 'P1', day_offset: 1 } },
    skill: 'oncall_check',
    args: { date: '2026-12-08', day_offset: undefined },
  },
  { q: 'and tomorrow?', previous: PREV_DATETIME, skill: 'none' },
  { q: 'B线3号冲压机的状态', previous: PREV_QUALITY, skill: 'equipment_status', args: { equipment: 'B-PRESS-03' } },
  { q: 'tell me a joke', previous: PREV_QUALITY, skill: 'none' },
  { q: '那周报呢', previous: PREV_QUALITY, skill: 'weekly_report', args: { week_start: '2026-11-23' } },
  { q: 'thanks', previous: PREV_QUALITY, skill: 'none' },
];

function context(row: Row): RouterContext {
  return {
    skills: SKILLS,
    now: new Date(NOW[row.now ?? 'sun']),
    timezone: 'Asia/Shanghai',
    ...(row.previous ? { previous: row.previous } : {}),
    ...(row.noList ? {} : { equipment: EQUIPMENT }),
  };
}

test(`the table holds 100+ phrasings (${ROWS.length})`, () => {
  assert.ok(ROWS.length >= 100);
});

for (const row of ROWS) {
  const title = `${row.previous ? `[after ${row.previous.skill}] ` : ''}${JSON.stringify(row.q)}${row.now ? ` (${row.now})` : ''} → ${row.skill}`;
  test(title, () => {
    const decision = routeQuestion(row.q, context(row));
    assert.equal(decision.language, /[\u4e00-\u9fff]/.test(row.q) ? 'zh' : 'en');
    if (row.skill === 'none') {
      assert.equal(decision.kind, 'none', `expected none, got ${JSON.stringify(decision)}`);
      return;
    }
    assert.equal(decision.kind, 'skill', `expected ${row.skill}: ${decision.reason}`);
    if (decision.kind !== 'skill') return;
    assert.equal(decision.skill, row.skill, decision.reason);
    for (const [key, value] of Object.entries(row.args ?? {})) {
      if (value === undefined)
        assert.equal(key in decision.args, false, `${key} should be absent, is ${JSON.stringify(decision.args[key])}`);
      else assert.deepEqual(decision.args[key], value, `argument ${key}`);
    }
    assert.deepEqual(decision.missing, row.missing ?? decision.missing);
    if (row.missing === undefined)
      assert.deepEqual(decision.missing, [], `nothing missing expected, reason: ${decision.reason}`);
    // complete decisions validate against the skill's schema; partial ones fail only on what is missing
    const schema = argsOf(row.skill);
    if (decision.missing.length === 0) {
      const parsed = schema.safeParse(decision.args);
      assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
    } else {
      const parsed = schema.partial().safeParse(decision.args);
      assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
      assert.equal(
        schema.safeParse(decision.args).success,
        decision.missing.some((slot) => !['period', 'symptom', 'query', 'expression'].includes(slot)),
      );
    }
  });
}

test('every example shown in the honest reply is answered by the rules alone', () => {
  for (const language of ['zh', 'en'] as const) {
    assert.ok(routerExamples(SKILLS, language).length >= 8);
    for (const question of routerExamples(SKILLS, language)) {
      const decision = routeQuestion(question, {
        skills: SKILLS,
        now: new Date(NOW.sun),
        timezone: 'Asia/Shanghai',
        equipment: EQUIPMENT,
      });
      assert.equal(decision.kind, 'skill', question);
      if (decision.kind === 'skill') {
        assert.deepEqual(decision.missing, [], question);
        assert.equal(decision.language, language, question);
        assert.ok(argsOf(decision.skill).safeParse(decision.args).success, question);
      }
    }
  }
});

test('language: CJK means Chinese', () => {
  assert.equal(detectLanguage('A线产量'), 'zh');
  assert.equal(detectLanguage('line A output'), 'en');
  assert.equal(detectLanguage('B-PRESS-03 状态'), 'zh');
  assert.equal(detectLanguage('１２３'), 'en');
});

test('the router follows the plant clock, not the host clock', () => {
  const at = new Date('2026-11-29T23:30:00Z'); // Monday 07:30 in Shanghai, still Sunday in UTC
  const shanghai = routeQuestion('A线今天的产量', { skills: SKILLS, now: at, timezone: 'Asia/Shanghai' });
  const utc = routeQuestion('A线今天的产量', { skills: SKILLS, now: at, timezone: 'UTC' });
  assert.equal(shanghai.kind === 'skill' && (shanghai.args.period as { from: string }).from, '2026-11-30');
  assert.equal(utc.kind === 'skill' && (utc.args.period as { from: string }).from, '2026-11-29');
});

/**
 * Issue 30: "and line B?" after a comparison and "那B线呢？" after a fault question. The first question is routed
 * by the rules too, and its decision is the session's previous slots, as the agent keeps them: the follow-up keeps
 * the skill, the periods and the comparison (or the symptom and the kind of machine) and swaps only the line.
 */
const TWO_TURNS: { first: string; then: string; skill: string; swapped: Record<string, unknown> }[] = [
  {
    first: 'Line A defect rate this week compared with last week',
    then: 'and line B?',
    skill: 'quality_compare',
    swapped: { lines: ['B'] },
  },
  { first: 'A线本周和上周比次品率', then: '那B线呢？', skill: 'quality_compare', swapped: { lines: ['B'] } },
  { first: 'A线本周和上周比次品率', then: 'and line B?', skill: 'quality_compare', swapped: { lines: ['B'] } },
  {
    first: 'Line A yield last week compared with the week before',
    then: '那B线呢？',
    skill: 'quality_compare',
    swapped: { lines: ['B'] },
  },
  {
    first: 'Which shift was worst on line A this week?',
    then: 'and line B?',
    skill: 'quality_compare',
    swapped: { lines: ['B'] },
  },
  { first: '为什么A线上周三不良率高？', then: '那B线呢？', skill: 'quality_compare', swapped: { lines: ['B'] } },
  {
    first: 'A线3号冲压机振动，以前怎么修的？',
    then: '那B线呢？',
    skill: 'fault_advice',
    swapped: { line: 'B', equipment: 'B-PRESS-03' },
  },
  {
    first: 'Press 3 on line A is vibrating, what fixed this before?',
    then: 'and line B?',
    skill: 'fault_advice',
    swapped: { line: 'B', equipment: 'B-PRESS-03' },
  },
  { first: 'A线裂纹怎么处理', then: '那B线呢？', skill: 'fault_advice', swapped: { line: 'B' } },
  { first: 'line A has cracks, how do we fix it?', then: 'and line B?', skill: 'fault_advice', swapped: { line: 'B' } },
];

for (const turn of TWO_TURNS) {
  test(`follow-up ${JSON.stringify(turn.then)} after ${JSON.stringify(turn.first)} swaps only the line`, () => {
    const base: RouterContext = {
      skills: SKILLS,
      now: new Date(NOW.sun),
      timezone: 'Asia/Shanghai',
      equipment: EQUIPMENT,
    };
    const first = routeQuestion(turn.first, base);
    assert.equal(first.kind, 'skill', first.reason);
    if (first.kind !== 'skill') return;
    assert.equal(first.skill, turn.skill, first.reason);
    assert.deepEqual(first.missing, []);
    const then = routeQuestion(turn.then, { ...base, previous: { skill: first.skill, args: first.args } });
    assert.equal(then.kind, 'skill', then.reason);
    if (then.kind !== 'skill') return;
    assert.equal(then.skill, turn.skill, then.reason);
    assert.equal(then.language, /[\u4e00-\u9fff]/.test(turn.then) ? 'zh' : 'en');
    assert.deepEqual(then.missing, [], then.reason);
    // everything the first question asked is kept (period, previous period, mode, shift, symptom), the line swapped
    assert.deepEqual(then.args, { ...first.args, ...turn.swapped });
    assert.notDeepEqual(then.args, first.args);
    assert.ok(argsOf(turn.skill).safeParse(then.args).success);
  });
}
