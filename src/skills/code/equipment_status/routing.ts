/** How the rules route a question to equipment_status: a machine, its state, maintenance due or overdue. */
import { addDays, daysBetween, weekdayOf } from '../../../clock.js';
import type { Period } from '../../args.js';
import {
  EQUIPMENT_GENERAL,
  MAINTENANCE_WORDS,
  OVERDUE_WORDS,
  STATUS_WORDS,
  statusFilter,
} from '../../router/equipment.js';
import { sameMachineOnOtherLine } from '../../router/follow-up.js';
import { nearestYearless, singleLine } from '../../router/signals.js';
import { OPEN_ON } from '../work_orders/routing.js';
import type { Analysis } from '../../router/analysis.js';
import type { SkillRouting, SkillSlots } from '../../router/routing.js';
import { PERSON_ASKED } from '../../router/slots.js';
import { equipmentStatusArgs } from './args.js';

/** a fix or a work order with a person asked: "who fixed it", "谁修好的", "who holds the order" */
const PERSON_OF_ORDER =
  /修|维修|处理|跟进|工单|单子|\bfix(?:ed|es)?\b|\brepair(?:ed|s)?\b|\border\b|\btickets?\b|\bassigned\b|\bholds?\b|\bworking\s+on\b/;

/** a machine state named as the thing asked for: "what's in maintenance", "哪些在维修中" */
const STATE_ASKED = new RegExp(
  String.raw`维修中|保养中|检修中|故障中|处于故障|\b(?:in|under)\s+(?:maintenance|fault)\b|\bbeing\s+(?:maintained|serviced)\b` +
    // faults asked now: "faults rn", "any faults now", "current faults"
    String.raw`|\bfaults\s+(?:rn|now|right\s+now|currently)\b|\b(?:any|current|active)\s+faults\b` +
    // a state asked of whatever is in it: "what's idle at the moment", "anything down right now", 哪些在闲置
    String.raw`|\b(?:what's|what\s+(?:is|are)|anything|any|which\s+ones?|who's)\s+(?:(?:sitting|currently|still)\s+)?(?:idle|down|stopped)\b` +
    String.raw`|(?:哪些|哪台|哪几台|有没有|有什么|有啥)(?:在|还在|正在)?(?:闲置|空闲|停着|趴着)`,
);
/** how machines are doing, asked in general: "C线设备都咋样", "how are the machines on line B" */
const HOW_ASKED = /怎么样|咋样|怎样|如何|啥情况|什么情况|情况|好不好|\bhow(?:'s|\s+(?:is|are))\b|\bdoing\b|\blooking\b/;

/**
 * The last day of a maintenance window: a period cut at today ("this week" =
 * Monday..today, "this month" = 1st..today) still means the whole week or month
 * when asking what falls due.
 */
function dueBy(period: Period, today: string): string {
  const length = daysBetween(period.from, period.to);
  // a week or a month said as such (本周, this week), not a single day that happens to be a Monday or a 1st (今天),
  // nor days counted ahead from today ("the next 2 days" asked on a Monday): cut at today, or named a week / month
  const label = period.label ?? '';
  const week = /(?:周|星期|礼拜)(?![一二三四五六日天1-7])|\bweek\b/i.test(label);
  const month = /月|\bmonth\b/i.test(label);
  const cut = length > 0 && period.to === today;
  if (weekdayOf(period.from) === 1 && length < 6 && (week || cut)) return addDays(period.from, 6);
  if ((month || cut) && period.from.endsWith('-01') && period.to.slice(0, 7) === period.from.slice(0, 7)) {
    const [year, month] = period.from.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${period.from.slice(0, 7)}-${String(last).padStart(2, '0')}`;
  }
  return period.to;
}

/** a weekday named without a week ("Friday", 周五, not "last Friday" / 上周五) */
const BARE_WEEKDAY =
  /^(?:(?:by|before|on|until|till)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:周|星期|礼拜)[一二三四五六日天1-7](?:前|之前)?$/i;

function slots(analysis: Analysis): SkillSlots {
  const explicit: Record<string, unknown> = {};
  const defaults: Record<string, unknown> = {};
  const unsure: string[] = [];
  defaults.overdue_only = false;
  const { line, unsure: lineUnsure } = singleLine(analysis);
  if (line) explicit.line = line;
  if (lineUnsure) unsure.push('line');
  if (analysis.equipment) explicit.equipment = analysis.equipment.value;
  if (
    OVERDUE_WORDS.test(analysis.normalized.lower) &&
    (MAINTENANCE_WORDS.test(analysis.normalized.lower) ||
      // 过期 of a machine is its maintenance overdue ("过期的设备有哪些"); of a document it is out of date
      /逾期|超期|overdue|过期(?=的?\s*(?:设备|机器|机台|机))/.test(analysis.normalized.lower))
  )
    explicit.overdue_only = true;
  if (!analysis.equipment) {
    const status = statusFilter(analysis.normalized.lower);
    if (status) explicit.status = status;
  }
  // "maintenance due this week / in the next 7 days / by Dec 10": the window's last day; the skill lists
  // what falls due in it apart from what is already overdue
  const due = analysis.periods.length === 1 ? analysis.periods[0]!.period : undefined;
  // "overdue this morning / as of today": overdue now, not a window of due dates
  const overdueToday =
    /逾期|超期|过期|\boverdue\b/.test(analysis.normalized.lower) &&
    due?.from === analysis.today &&
    due.to === analysis.today;
  // "in maintenance today": the state, not a window of due dates
  const stateAsked = STATE_ASKED.test(analysis.normalized.lower) && !OVERDUE_WORDS.test(analysis.normalized.lower);
  if (MAINTENANCE_WORDS.test(analysis.normalized.lower) && due && !overdueToday && !stateAsked) {
    // a date without a year is the nearest one (due dates lie ahead): "by Dec 10" in late November
    explicit.due_by = nearestYearless({ from: dueBy(due, analysis.today), label: due.label }, analysis.today);
    // a weekday said alone ("due by Friday", 周五前到期) is the coming one: due dates lie ahead
    if ((explicit.due_by as string) < analysis.today && BARE_WEEKDAY.test(due.label ?? ''))
      explicit.due_by = addDays(explicit.due_by as string, 7);
    delete explicit.overdue_only;
  }
  return { explicit, defaults, unsure };
}

export const equipmentStatusRouting: SkillRouting = {
  skill: 'equipment_status',
  args: equipmentStatusArgs,
  intents: [
    {
      name: 'status',
      match(analysis) {
        const lower = analysis.normalized.lower;
        const { equipment, lines } = analysis;
        // "what's still open for press 3": its open work orders, not its state
        if (OPEN_ON.test(lower)) return undefined;
        const maintenance = MAINTENANCE_WORDS.test(lower);
        const status = STATUS_WORDS.test(lower);
        const general = EQUIPMENT_GENERAL.test(lower);
        if (!(
          equipment !== undefined ||
          (statusFilter(lower) !== undefined && STATE_ASKED.test(lower)) ||
          (general &&
            HOW_ASKED.test(lower) &&
            analysis.symptoms.symptom === undefined &&
            analysis.metrics.metrics.length === 0 &&
            !analysis.metrics.general) ||
          ((status || maintenance) && (EQUIPMENT_GENERAL.test(lower) || lines.lines.length > 0 || lines.all)) ||
          (maintenance && OVERDUE_WORDS.test(lower)) ||
          // "which machines are overdue": machines are overdue for their maintenance
          (OVERDUE_WORDS.test(lower) && EQUIPMENT_GENERAL.test(lower))
        ))
          return undefined;
        // who fixed it, who holds its order ("B线3号冲压机振动是谁修好的"): the work orders' people, not its state
        if (PERSON_ASKED.test(lower) && (analysis.symptoms.symptom !== undefined || PERSON_OF_ORDER.test(lower)))
          return {
            kind: 'stop',
            reason: 'asks who fixed a machine or holds its order: not a rule call, the model plans',
          };
        // the state today ("in fault this morning", "今天哪些设备故障") is the state now
        const now = analysis.periods.every(
          ({ period }) => period?.from === analysis.today && period.to === analysis.today,
        );
        if (analysis.periods.length > 0 && !now && !maintenance && !OVERDUE_WORDS.test(lower))
          return { kind: 'stop', reason: 'past states are not recorded' };
        return {
          kind: 'skill',
          reason: equipment
            ? `names equipment (${equipment.value})`
            : maintenance
              ? 'asks about maintenance'
              : 'asks about equipment status',
        };
      },
    },
  ],
  slots,
  required: [],
  cannotHonour: ['work_orders', 'comparison'],
  honours: { shift: false, defectType: 'none', notRecorded: 'report', words: true, future: true },
  followUp: { adjust: sameMachineOnOtherLine },
  examples: {
    zh: ['B线3号冲压机的状态', '哪些设备保养逾期了？'],
    en: ['Status of press 3 on line B', 'Which machines are overdue for maintenance?'],
  },
};
