/**
 * The classes of the W7 held-out batch (corpus/fresh-round3e.txt) that the rules declined honestly for want of
 * the words, each a rule tested on phrasings generated here from parts, not on the batch's own lines:
 * - an arithmetic expression with its operators said in words (乘以, 除以, times), the calculator's functions
 *   (sqrt, round, min, max, abs) and more ways to ask (算下, quick calc) is the calculator's; a request to
 *   calculate with no expression asks for one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SKILLS } from '../code/index.js';
import type { RouteDecision } from '../engine-types.js';
import { plantNamesFrom } from './entities.js';
import { routeQuestion } from './index.js';
import { CLOCKS, type Clock, equipmentOf, routerOver } from './testing.js';

const EQUIPMENT = equipmentOf(['A-CONV-01', 'B-PRESS-03', 'C-CNC-01', 'D-CNC-01']);
const ALL_CLOCKS = Object.keys(CLOCKS) as Clock[];

const route = routerOver({ equipment: EQUIPMENT });

function skillArgs(decision: RouteDecision, skill: string, where: string): Record<string, unknown> {
  assert.ok(decision.kind === 'skill' && decision.skill === skill, `${where}: ${JSON.stringify(decision)}`);
  return (decision as { args: Record<string, unknown> }).args;
}

test('arithmetic said with operator words, functions or a new way to ask is the calculator', () => {
  // [as said, what the evaluator gets] — operators in words, functions the utils evaluator knows
  const zhExpressions = [
    ['480乘以0.012', '480*0.012'],
    ['1520除以8', '1520/8'],
    ['37加上15', '37+15'],
    ['900减去37', '900-37'],
    ['(5.5+7.25)/2', '(5.5+7.25)/2'],
    ['sqrt(2)*640', 'sqrt(2)*640'],
    ['round(48/3200*100, 2)', 'round(48/3200*100, 2)'],
    ['max(3,7)*2', 'max(3,7)*2'],
  ];
  const zhAsks = [
    (e: string) => `${e}等于多少`,
    (e: string) => `算下 ${e}`,
    (e: string) => `帮我算下 ${e} 等于多少`,
    (e: string) => `给我算算${e}`,
    (e: string) => `请帮我计算一下：${e}`,
  ];
  const enExpressions = [
    ['640 * 0.7376', '640 * 0.7376'],
    ['12 times 7', '12*7'],
    ['1520 divided by 8', '1520/8'],
    ['sqrt(2)*640', 'sqrt(2)*640'],
    ['round(48/3200*100, 2)', 'round(48/3200*100, 2)'],
    ['abs(3-7)', 'abs(3-7)'],
  ];
  const enAsks = [
    (e: string) => `quick calc: ${e}`,
    (e: string) => `compute ${e}`,
    (e: string) => `calc ${e}`,
    (e: string) => `hey, can you work out ${e}?`,
  ];
  const normal = (expression: string) => expression.replace(/\s+/g, '');
  let checked = 0;
  for (const [expressions, asks] of [
    [zhExpressions, zhAsks],
    [enExpressions, enAsks],
  ] as const)
    for (const [said, expected] of expressions)
      for (const ask of asks) {
        const question = ask(said!);
        for (const clock of ['sun', 'jan'] as const) {
          const args = skillArgs(route(question, clock), 'calculator', question);
          assert.equal(normal(String(args.expression)), normal(expected!), question);
          checked++;
        }
      }
  assert.ok(checked >= 100, `${checked} checked`);
  // a request with no expression: the calculator asks for one
  for (const question of ['帮我算一下', '帮我算算', '给我算下', 'calculate something for me', 'can you compute this']) {
    const decision = route(question);
    const args = skillArgs(decision, 'calculator', question);
    assert.equal(args.expression, undefined, question);
    assert.ok((decision as { missing?: string[] }).missing?.includes('expression'), JSON.stringify(decision));
  }
  // words between numbers that are not arithmetic, and quality questions with 算, stay off the calculator
  for (const question of ['A线3号冲床怎么样', '算一下A线上周的不良率', '12/7谁值班', 'B线加C线上周产量']) {
    const decision = route(question);
    assert.ok(decision.kind !== 'skill' || decision.skill !== 'calculator', `${question}: ${JSON.stringify(decision)}`);
  }
});

test('the week number, the date and time said in short, and an aside after the question are the current date', () => {
  const zhHeads = ['现在', '今天', '这周', '本周'];
  const zhMiddles = ['是第几周', '是今年第几周', '第几周', '是今年的第几个星期'];
  const zhEnds = ['', '了', '？', '啊'];
  const enQuestions = [
    'which ISO week are we in',
    'which week are we in',
    'what week is it',
    'what calendar week is it today',
    'what week number is it',
    "what's the week number",
    'the current week number',
    'date & time pls',
    'date and time please',
    'time and date',
    'date/time now',
  ];
  const asides = [', lost track after new year', ', i forgot', ' - just checking', ', sorry'];
  const enAsked = ["what's the date today", 'what day is it', 'what time is it', 'what is the date'];
  let checked = 0;
  for (const clock of ALL_CLOCKS) {
    for (const head of zhHeads)
      for (const middle of zhMiddles)
        for (const end of zhEnds) {
          const question = `${head}${middle}${end}`;
          skillArgs(route(question, clock), 'current_datetime', question);
          checked++;
        }
    for (const question of enQuestions) {
      skillArgs(route(question, clock), 'current_datetime', question);
      skillArgs(route(`${question}?`, clock), 'current_datetime', `${question}?`);
      checked += 2;
    }
    for (const asked of enAsked)
      for (const aside of asides) {
        const question = `${asked}${aside}`;
        skillArgs(route(question, clock), 'current_datetime', question);
        checked++;
      }
    for (const question of ['今天几号，我都过糊涂了', '现在几点了，睡懵了']) {
      skillArgs(route(question, clock), 'current_datetime', question);
      checked++;
    }
  }
  assert.ok(checked >= 300, `${checked} checked`);
  // a week asked about something else, or a second question after the comma, is not the clock
  for (const question of [
    'which week are we in for the report',
    '第几周的周报',
    "what's the date today, and who is on call",
  ]) {
    const decision = route(question);
    assert.ok(
      decision.kind !== 'skill' || decision.skill !== 'current_datetime',
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
});

test('machines asked how they are, a state asked for, PMs in the plural and the state this morning are status', () => {
  let checked = 0;
  // how the machines of a line are doing: the line's status
  const zhLines = [
    ['C线', 'C'],
    ['B线的', 'B'],
    ['', undefined],
  ] as const;
  for (const [line, id] of zhLines)
    for (const machines of ['设备', '机器', '机台'])
      for (const how of ['都咋样', '怎么样', '情况如何', '啥情况']) {
        const question = `${line}${machines}${how}`;
        const args = skillArgs(route(question), 'equipment_status', question);
        assert.equal(args.line, id, question);
        assert.equal(args.status, undefined, question);
        checked++;
      }
  for (const [line, id] of [
    [' on line B', 'B'],
    [' on line D', 'D'],
    ['', undefined],
  ] as const)
    for (const how of ['how are the machines', "how's the equipment", 'how are the machines doing']) {
      const question = `${how}${line}`;
      const args = skillArgs(route(question), 'equipment_status', question);
      assert.equal(args.line, id, question);
      checked++;
    }
  // a state asked for, now or today
  const states = [
    ['in maintenance', 'maintenance'],
    ['under maintenance', 'maintenance'],
    ['in fault', 'fault'],
  ] as const;
  for (const [state, status] of states)
    for (const ask of ["what's", 'anything', 'which machines are', 'any machines'])
      for (const when of ['', ' right now', ' this morning', ' today'])
        for (const clock of ALL_CLOCKS) {
          const question = `${ask} ${state}${when}?`;
          const args = skillArgs(route(question, clock), 'equipment_status', question);
          assert.equal(args.status, status, question);
          assert.equal(args.due_by, undefined, question);
          checked++;
        }
  for (const when of ['今天', '现在', '目前'])
    for (const [state, status] of [
      ['哪些设备故障', 'fault'],
      ['哪些设备在维修中', 'maintenance'],
    ] as const) {
      const question = `${when}${state}`;
      const args = skillArgs(route(question), 'equipment_status', question);
      assert.equal(args.status, status, question);
      checked++;
    }
  // PMs in the plural are preventive maintenance
  for (const ask of ['overdue PMs', 'any PMs overdue', 'PMs overdue'])
    for (const where of ['', ' plant wide', ' on line C'])
      for (const clock of ALL_CLOCKS) {
        const question = `${ask}${where}`;
        const args = skillArgs(route(question, clock), 'equipment_status', question);
        assert.equal(args.overdue_only, true, question);
        checked++;
      }
  assert.ok(checked >= 100, `${checked} checked`);
  // a state on a past day is not recorded; a quality figure about the machines' line stays quality
  for (const question of ['which machines were in fault yesterday', '上周哪些设备故障']) {
    const decision = route(question);
    assert.ok(decision.kind !== 'skill', `${question}: ${JSON.stringify(decision)}`);
  }
  const quality = route('C线设备上周的不良率怎么样');
  assert.ok(quality.kind === 'skill' && quality.skill === 'quality_metrics', JSON.stringify(quality));
});

/** the first and last day of a period, from a decision's args */
function periodOf(args: Record<string, unknown>): [string, string] | undefined {
  const period = args.period as { from: string; to: string } | undefined;
  return period ? [period.from, period.to] : undefined;
}

test('words that only say a period again are read: 整月, 那10天, 上个月月底, incl today, the one spanning new year', () => {
  let checked = 0;
  const asks = [
    ['A线不良率', 'A'],
    ['B线的良率', 'B'],
    ['D线产量多少', 'D'],
  ] as const;
  // [said, clock, from, to]: the month said whole, the days a part of a month holds, the month said twice
  const zhPeriods: Array<[string, Clock, string, string]> = [
    ['11月整月', 'mon', '2026-11-01', '2026-11-30'],
    ['10月整月', 'sun', '2026-10-01', '2026-10-31'],
    ['上个月全月', 'first', '2026-11-01', '2026-11-30'],
    ['12月一整个月', 'jan', '2026-12-01', '2026-12-31'],
    ['本月月初那十天', 'sun', '2026-11-01', '2026-11-10'],
    ['上个月月初那10天', 'jan', '2026-12-01', '2026-12-10'],
    ['10月月中那十天', 'sun', '2026-10-11', '2026-10-20'],
    ['上个月月底', 'sun', '2026-10-21', '2026-10-31'],
    ['上个月月底那几天', 'jan', '2026-12-21', '2026-12-31'],
    ['11月月初', 'first', '2026-11-01', '2026-11-10'],
    ['上个月月底那天', 'sun', '2026-10-31', '2026-10-31'],
    ['12月月底那天', 'jan', '2026-12-31', '2026-12-31'],
    ['上个月月初那天', 'first', '2026-11-01', '2026-11-01'],
    ['最近3天包括今天', 'sun', '2026-11-27', '2026-11-29'],
    ['最近7天（含今天）', 'mon', '2026-11-24', '2026-11-30'],
  ];
  for (const [said, clock, from, to] of zhPeriods)
    for (const [ask, line] of asks) {
      const question = `${said}${ask}`;
      const args = skillArgs(route(question, clock), 'quality_metrics', question);
      assert.deepEqual(periodOf(args), [from, to], question);
      assert.deepEqual(args.lines, [line], question);
      checked++;
    }
  const enAsks = [
    ['line C defect rate', 'C'],
    ['line D output', 'D'],
    ['yield for line A', 'A'],
  ] as const;
  const enPeriods: Array<[string, Clock, string, string]> = [
    ['last 7 days incl today', 'mon', '2026-11-24', '2026-11-30'],
    ['the last 3 days (today counted)', 'sun', '2026-11-27', '2026-11-29'],
    ['past 5 days including today', 'first', '2026-11-27', '2026-12-01'],
    ['the last 2 weeks, today included', 'sun', '2026-11-16', '2026-11-29'],
    ['last week (the one spanning new year)', 'jan', '2026-12-28', '2027-01-03'],
    ["last week, the one that covers new year's day", 'jan', '2026-12-28', '2027-01-03'],
  ];
  for (const [said, clock, from, to] of enPeriods)
    for (const [ask, line] of enAsks)
      for (const question of [`${ask}, ${said}`, `${ask} ${said}`]) {
        const args = skillArgs(route(question, clock), 'quality_metrics', question);
        assert.deepEqual(periodOf(args), [from, to], question);
        assert.deepEqual(args.lines, [line], question);
        checked++;
      }
  // the weekly report of the week that holds the day
  for (const tail of ["the one that covers new year's day", '(the one spanning new year)', 'the one including jan 1']) {
    const question = `need last week's quality report for all lines, ${tail}`;
    const args = skillArgs(route(question, 'jan'), 'weekly_report', question);
    assert.equal(args.week_start, '2026-12-28', question);
    checked++;
  }
  assert.ok(checked >= 70, `${checked} checked`);
  // a day the period does not hold, a whole month after a week, a count that is not the period's: not read
  for (const [question, clock] of [
    ['line A output last week (the one spanning christmas)', 'jan'],
    ['上周A线产量包括今天', 'sun'],
    ['上周整月A线产量', 'sun'],
    ['本月月初那三天A线不良率', 'sun'],
  ] as const) {
    const decision = route(question, clock);
    assert.ok(decision.kind !== 'skill' || !('period' in decision.args), `${question}: ${JSON.stringify(decision)}`);
  }
});

/** the parts a several-questions decision routed, each as skill + args (undefined: not answered by the rules) */
function partsOf(decision: RouteDecision, where: string): Array<{ skill: string; args: Record<string, unknown> }> {
  const routed = (decision as { routed?: RouteDecision[] }).routed;
  assert.ok(routed, `${where}: several questions expected, got ${JSON.stringify(decision)}`);
  const parts: Array<{ skill: string; args: Record<string, unknown> }> = [];
  for (const part of routed) {
    if (part.kind !== 'skill' || part.missing.length > 0) assert.fail(`${where}: ${JSON.stringify(part)}`);
    parts.push({ skill: part.skill, args: part.args });
  }
  return parts;
}

test('a later question that begins by pointing back (那天…, 同一周的…, ", then the … for that week") is its own', () => {
  let checked = 0;
  // [first part, clock, its day or week] — a day, a holiday, a week
  const zhDays: Array<[string, Clock, string]> = [
    ['元旦那天A线产量', 'jan', '2027-01-01'],
    ['12月8号谁值班', 'sun', '2026-12-08'],
    ['昨天B线不良率', 'sun', '2026-11-28'],
    ['11月20号C线良率多少', 'first', '2026-11-20'],
  ];
  const zhLater: Array<[string, string, (args: Record<string, unknown>, day: string) => void]> = [
    ['那天谁值班', 'oncall_check', (args, day) => assert.equal(args.date, day)],
    ['那天意大利放假吗', 'public_holidays', (args, day) => assert.equal(args.date, day)],
    ['那天德国放假吗', 'public_holidays', (args, day) => assert.equal(args.date, day)],
  ];
  for (const [first, clock, day] of zhDays)
    for (const [later, skill, check] of zhLater)
      for (const gap of [' ', '，']) {
        if (first.includes('值班') && later.includes('值班')) continue; // the same question twice
        const question = `${first}${gap}${later}`;
        const parts = partsOf(route(question, clock), question);
        assert.equal(parts.length, 2, question);
        assert.equal(parts[1]!.skill, skill, question);
        check(parts[1]!.args, day);
        checked++;
      }
  // a week: its weekly report
  const zhWeeks: Array<[string, Clock, string]> = [
    ['A线上周良率多少', 'sun', '2026-11-16'],
    ['上上周D线次品率多少', 'sun', '2026-11-09'],
    ['B线上周产量', 'jan', '2026-12-28'],
  ];
  for (const [first, clock, week] of zhWeeks)
    for (const later of ['同一周的周报也来一份', '同一周的质量周报', '那周的周报也发我一份'])
      for (const gap of [' ', '，']) {
        const question = `${first}${gap}${later}`;
        const parts = partsOf(route(question, clock), question);
        assert.equal(parts[1]!.skill, 'weekly_report', question);
        assert.equal(parts[1]!.args.week_start, week, question);
        checked++;
      }
  const enFirsts: Array<[string, Clock, string]> = [
    ['last week yield per line', 'mon', '2026-11-23'],
    ['line A defect rate last week', 'sun', '2026-11-16'],
    ['output on line C the week before last', 'jan', '2026-12-21'],
  ];
  for (const [first, clock, week] of enFirsts)
    for (const later of [
      'then the weekly report for that week',
      'then the weekly report for the same week',
      'then the weekly report for that week too',
    ]) {
      const question = `${first}, ${later}`;
      const parts = partsOf(route(question, clock), question);
      assert.equal(parts[1]!.skill, 'weekly_report', question);
      assert.equal(parts[1]!.args.week_start, week, question);
      checked++;
    }
  assert.ok(checked >= 45, `${checked} checked`);
  // a holiday's own 那天 is the holiday, not a second question
  const one = route('元旦那天A线产量', 'jan');
  assert.ok(one.kind === 'skill' && one.skill === 'quality_metrics', JSON.stringify(one));
});

test('a breakdown, two shifts set against each other and a week quality report asked without a figure named', () => {
  let checked = 0;
  const lines = [
    ['line C', 'C'],
    ['line A', 'A'],
  ] as const;
  const weeks: Array<[string, Clock, string, string]> = [
    ['last week', 'jan', '2026-12-28', '2027-01-03'],
    ['this week', 'sun', '2026-11-23', '2026-11-29'],
  ];
  // an inspector or product breakdown in so many words: the default figures, by that dimension
  for (const [line, id] of lines)
    for (const [week, clock, from, to] of weeks)
      for (const [asked, by] of [
        [`inspector breakdown for ${line} ${week}`, 'inspector'],
        [`${line} ${week} by inspector`, 'inspector'],
        [`${line} ${week}, broken down per inspector`, 'inspector'],
        [`product breakdown for ${line} ${week}`, 'product'],
      ] as const)
        for (const shift of ['', ', night shift only']) {
          const question = `${asked}${shift}`;
          const args = skillArgs(route(question, clock), 'quality_breakdown', question);
          assert.equal(args.by, by, question);
          assert.deepEqual(args.lines, [id], question);
          assert.deepEqual(periodOf(args), [from, to], question);
          assert.equal(args.shift, shift ? 'night' : undefined, question);
          checked++;
        }
  for (const question of ['上周C线按检验员分一下', '本周A线各检验员']) {
    const args = skillArgs(route(question), 'quality_breakdown', question);
    assert.equal(args.by, 'inspector', question);
    checked++;
  }
  // the day and night shifts set against each other: the comparison by shift
  for (const [line, id] of lines)
    for (const [week, clock, from, to] of weeks)
      for (const question of [
        `night vs day shift ${week}, ${line}`,
        `day shift vs night shift ${week} ${line}`,
        `${line}: night versus day ${week}`,
      ]) {
        const args = skillArgs(route(question, clock), 'quality_compare', question);
        assert.equal(args.mode, 'shifts', question);
        assert.deepEqual(args.lines, [id], question);
        assert.deepEqual(periodOf(args), [from, to], question);
        checked++;
      }
  // a quality report of a week said any way: the weekly report
  const reports: Array<[string, Clock, string]> = [
    ["week before last's quality report", 'sun', '2026-11-09'],
    ["the week before last's quality report", 'jan', '2026-12-21'],
    ['上上周的质量报告', 'sun', '2026-11-09'],
    ['上周的质量报告', 'jan', '2026-12-28'],
  ];
  for (const [asked, clock, week] of reports)
    for (const [only, line] of [
      ['', undefined],
      [', only line B', 'B'],
      [' for line D', 'D'],
    ] as const) {
      const question = `${asked}${only}`;
      const args = skillArgs(route(question, clock), 'weekly_report', question);
      assert.equal(args.week_start, week, question);
      assert.deepEqual(args.lines, line ? [line] : [], question);
      checked++;
    }
  assert.ok(checked >= 55, `${checked} checked`);
  // a quality report of a month is no weekly report; a shift's handover notes are not its quality
  for (const question of ['quality report for last month', 'night vs day shift handover notes last week']) {
    const decision = route(question);
    assert.ok(
      decision.kind !== 'skill' || !['weekly_report', 'quality_compare'].includes(decision.skill),
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
});

test('gimme and lookup are asking words; a count said in Chinese numerals after a batch number is not part of it', () => {
  const names = plantNamesFrom({
    people: [],
    batches: ['A20261127D001', 'B20261128N002', 'D20261130D003'].map((batch_no) => ({ batch_no })),
  });
  const routeNamed = (question: string): RouteDecision =>
    routeQuestion(question, { skills: SKILLS, now: new Date(CLOCKS.first), timezone: 'Asia/Shanghai', names });
  let checked = 0;
  const pairs = [
    ['D20261130D002', 'D20261130D003'],
    ['A20261127D001', 'B20261128N002'],
  ] as const;
  for (const [a, b] of pairs)
    for (const asked of [`${a}、${b}两批对比一下`, `${a}和${b}两个批次`, `${a} ${b}这两批看下`]) {
      const args = skillArgs(routeNamed(asked), 'batch_lookup', asked);
      assert.deepEqual(args.batches, [a, b], asked);
      checked++;
    }
  for (const [a] of pairs)
    for (const asked of [`lookup batch ${a}`, `pls look-up batch ${a}`, `gimme batch ${a}`]) {
      const args = skillArgs(routeNamed(asked), 'batch_lookup', asked);
      assert.deepEqual(args.batches, [a], asked);
      checked++;
    }
  for (const [line, id] of [
    ['line B', 'B'],
    ['line D', 'D'],
  ] as const)
    for (const asked of [`gimme ${line}'s cracks by day this month`, `gimme ${line} output yesterday`]) {
      const args = skillArgs(route(asked), 'quality_metrics', asked);
      assert.deepEqual(args.lines, [id], asked);
      checked++;
    }
  // a batch number written full width is still the whole number
  const wide = routeNamed('Ｂ２０２６１１２８Ｎ００２ 检验员是谁');
  assert.deepEqual(skillArgs(wide, 'batch_lookup', 'full width').batches, ['B20261128N002']);
  assert.ok(checked >= 16, `${checked} checked`);
});

test('a weekday that greets ("周一早上好", "周五愉快") names no period', () => {
  let checked = 0;
  for (const day of ['周一', '星期五', '礼拜三'])
    for (const greeting of ['早上好', '下午好', '愉快'])
      for (const [asked, from, to] of [
        ['上周各条线按次品率排个名', '2026-11-23', '2026-11-29'],
        ['A线上个月良率多少', '2026-10-01', '2026-10-31'],
      ] as const) {
        const question = `${day}${greeting}，${asked}`;
        const args = skillArgs(route(question, 'mon'), 'quality_metrics', question);
        assert.deepEqual(periodOf(args), [from, to], question);
        checked++;
      }
  assert.ok(checked >= 18, `${checked} checked`);
  // a weekday that is the period stays one
  const monday = skillArgs(route('周一A线产量', 'mon'), 'quality_metrics', '周一A线产量');
  assert.deepEqual(periodOf(monday), ['2026-11-30', '2026-11-30']);
});
