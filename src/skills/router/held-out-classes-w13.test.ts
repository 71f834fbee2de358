/**
 * The classes of the eleventh held-out batch's wrong answers and declines that the lead fixed (W13,
 * corpus/fresh-round3k.txt: a representative week of questions), each a rule tested on phrasings generated here
 * from parts and checked against arithmetic done apart from the router (utcDates), never on the batch's own lines:
 * - a request to close an order ("把工单3012关掉", "把3012号工单关了") is an action, declined — never a listing of
 *   the order filtered by "closed"; "上个月关闭的工单" is the orders closed;
 * - orders "overdue" (超期, 逾期, past due): work orders carry no due date, so the open ones, the oldest first;
 *   machines overdue for maintenance stay equipment_status's;
 * - orders per engineer ("each engineer", 哪个工程师关单最多) are counted by assignee, not declined as a grouping
 *   per machine;
 * - "and" inside a list ("open P1 and P2 orders", "line A and line C") does not split a question in two;
 * - "the week / month so far" is the running one;
 * - a reference back to a time the same question named before it ("12月8号值班的人那天是不是节假日", "Thanksgiving
 *   was Thursday. was the on-call guy off that day?") is that time;
 * - the rota's "week of the 7th" is the nearer of the last and the coming one;
 * - two letters swapped are a slip even onto the common words ("wrok orders");
 * - a machine state asked of whatever is in it ("what's idle at the moment", 哪些在闲置).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLOCKS,
  type Clock,
  LINE_PEOPLE,
  PLANT_EQUIPMENT,
  argsOf,
  assertDeclinedNaming,
  periodOf,
  routerOver,
  utcDates,
  CLOCK_NAMES,
  todayOf,
} from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT, names: LINE_PEOPLE });
const { addDays, monday } = utcDates;

/** the question is declined naming the dimension (`beyond`), never answered */
const declined = (question: string, dimension: string, clock: Clock = 'sun'): void =>
  assertDeclinedNaming(route(question, clock), dimension, question);

test('a request to close an order is an action, declined; the orders closed are counted', () => {
  let checked = 0;
  for (const id of [2921, 3012, 30150])
    for (const said of [
      `把工单${id}关掉`,
      `把${id}号工单关了`,
      `帮我把工单 ${id} 关闭`,
      `把单子${id}关上`,
      `close WO ${id}`,
      `please close work order ${id}`,
    ]) {
      declined(said, 'action');
      checked += 1;
    }
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const first = `${today.slice(0, 8)}01`;
    for (const said of ['本月关闭的工单有多少', '这个月关闭的工单', '本月已关闭的工单有几张']) {
      const args = argsOf(route(said, clock), said, 'work_orders');
      assert.equal(args.status, 'closed', said);
      assert.equal(args.dated_by, 'closed', said);
      assert.equal(periodOf(args), `${first}..${today}`, said);
      checked += 1;
    }
  }
  assert.ok(checked >= 30);
});

test('overdue orders are the open ones, oldest first; overdue machines stay equipment_status', () => {
  let checked = 0;
  for (const said of [
    '超期一直没关的工单有哪些',
    '逾期的工单',
    '过期的维修单有哪些',
    'overdue work orders',
    'any overdue tickets on line B',
    'work orders past due',
  ]) {
    const args = argsOf(route(said), said, 'work_orders');
    assert.equal(args.status, 'open', said);
    assert.equal(args.sort, 'oldest', said);
    checked += 1;
  }
  for (const said of ['哪些设备保养逾期了', '过期的设备有哪些', 'which machines are overdue for maintenance']) {
    const args = argsOf(route(said), said, 'equipment_status');
    assert.equal(args.overdue_only, true, said);
    checked += 1;
  }
  assert.equal(checked, 9);
});

test('orders per engineer are counted by assignee; per machine stays declined', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
    const lastMonth = `${lastMonthEnd.slice(0, 8)}01..${lastMonthEnd}`;
    for (const said of [
      '上个月哪个工程师关单最多',
      '上个月每个工程师关了几张单',
      'how many work orders did each engineer close last month',
      'orders closed last month per engineer',
    ]) {
      const args = argsOf(route(said, clock), `${said} (${clock})`, 'work_orders');
      assert.equal(args.by, 'assignee', said);
      assert.equal(args.status, 'closed', said);
      assert.equal(periodOf(args), lastMonth, `${said} (${clock})`);
    }
  }
  declined('哪台设备工单最多', 'order_grouping');
  declined('上个月哪个设备的工单最多', 'order_grouping');
});

test('"and" inside a list of priorities or lines does not split the question', () => {
  const priorities = ['P0', 'P1', 'P2', 'P3'];
  let checked = 0;
  for (const [k, first] of priorities.entries())
    for (const second of priorities.slice(k + 1)) {
      for (const line of ['A', 'B', 'C', 'D']) {
        const said = `open ${first} and ${second} orders on line ${line}`;
        const args = argsOf(route(said), said, 'work_orders');
        assert.deepEqual(args.priorities, [first, second], said);
        assert.equal(args.line, line, said);
        assert.equal(args.status, 'open', said);
        checked += 1;
      }
    }
  const lines = ['A', 'B', 'C', 'D'];
  for (const [k, first] of lines.entries())
    for (const second of lines.slice(k + 1))
      for (const said of [
        `line ${first} and line ${second} output yesterday`,
        `${first} and ${second} defect rate yesterday`,
      ]) {
        const args = argsOf(route(said), said, 'quality_metrics');
        assert.deepEqual(args.lines, [first, second], said);
        checked += 1;
      }
  // a second question after "and" still splits
  for (const said of ['open P1 and who is on call today', 'line A output yesterday and who is on call today']) {
    const decision = route(said);
    assert.equal(decision.kind, 'none', said);
    assert.equal((decision as { parts?: string[] }).parts?.length, 2, `${said}: ${JSON.stringify(decision)}`);
  }
  assert.equal(checked, 36);
});

test('"the week so far", "the month to date" are the running week and month on every clock', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (const [said, from] of [
      ['line B numbers for the week so far', monday(today)],
      ['defect rate for the week to date, line C', monday(today)],
      ['line A output for the month so far', `${today.slice(0, 8)}01`],
      ['yield for the month to date on line D', `${today.slice(0, 8)}01`],
    ] as const) {
      const args = argsOf(route(said, clock), `${said} (${clock})`, 'quality_metrics');
      assert.equal(periodOf(args), `${from}..${today}`, `${said} (${clock})`);
    }
  }
});

test('a reference back to a time named before it in the same question is that time', () => {
  let checked = 0;
  for (const clock of ['sun', 'first'] as Clock[]) {
    const today = todayOf(clock);
    for (const ahead of [3, 8, 12]) {
      const date = addDays(today, ahead);
      const [month, day] = [Number(date.slice(5, 7)), Number(date.slice(8))];
      for (const said of [`${month}月${day}号值班的人那天是不是节假日`, `${month}月${day}日值班的工程师那天放假吗`]) {
        const args = argsOf(route(said, clock), `${said} (${clock})`, 'oncall_check');
        assert.equal(args.date, date, `${said} (${clock})`);
        checked += 1;
      }
    }
  }
  // the reference with no time before it stays a reference nothing honours
  declined('那天A线产量多少', 'reference');
  assert.equal(checked, 12);
});

test("the rota's week of a day said without its month is the nearer of the last and the coming one", () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (const day of [3, 7, 12, 18, 25]) {
      // independent: the day this month, the month before and the month after; the nearest to today
      const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
      const candidates = [-1, 0, 1].map((shift) =>
        new Date(Date.UTC(year, month - 1 + shift, day)).toISOString().slice(0, 10),
      );
      const distance = (date: string): number => Math.abs(Date.parse(date) - Date.parse(today));
      const nearest = candidates.sort((a, b) => distance(a) - distance(b))[0]!;
      // the running week (today in it) is read as it is: only weeks wholly past or wholly to come are compared
      if (monday(nearest) <= today && today <= addDays(monday(nearest), 6)) continue;
      checked += 1;
      const said = `who's on call the week of the ${day}th`;
      const args = argsOf(route(said, clock), `${said} (${clock})`, 'oncall_check');
      const from = monday(nearest);
      assert.equal(periodOf(args), `${from}..${addDays(from, 6)}`, `${said} (${clock})`);
    }
  }
  assert.ok(checked >= 12, `${checked}`);
});

test('two letters swapped are a slip, also of the common words; a machine state is asked of what is in it', () => {
  for (const [said, skill] of [
    ['wrok orders for A-ROBOT-01', 'work_orders'],
    ['waht is line A output yesterday', 'quality_metrics'],
  ] as const)
    argsOf(route(said), said, skill);
  for (const [said, status] of [
    ["what's idle at the moment?", 'idle'],
    ['anything idle right now', 'idle'],
    ['anything down right now', 'fault'],
    ['哪些在闲置', 'idle'],
  ] as const) {
    const args = argsOf(route(said), said, 'equipment_status');
    assert.equal(args.status, status, said);
  }
});

test('a holiday asked of the on-call engineer is the on-call check’s; a country named stays its own question', () => {
  const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    for (const ahead of [2, 9]) {
      const date = addDays(today, ahead);
      const [month, day] = [Number(date.slice(5, 7)), Number(date.slice(8))];
      for (const said of [
        `${month}月${day}号谁值班，那天他放假不`,
        `${month}月${day}日谁值班？她那天放假吗`,
        `who is on call on ${MONTHS[month - 1]} ${day}? is it a holiday for them?`,
      ]) {
        const args = argsOf(route(said, clock), `${said} (${clock})`, 'oncall_check');
        assert.equal(args.date, date, `${said} (${clock})`);
        checked += 1;
      }
      const named = `${month}月${day}号谁值班，那天意大利放假吗`;
      const decision = route(named, clock) as { kind: string; routed?: Array<{ skill?: string }> };
      assert.equal(decision.kind, 'none', named);
      assert.deepEqual(
        decision.routed?.map((part) => part.skill),
        ['oncall_check', 'public_holidays'],
        `${named} (${clock})`,
      );
    }
  }
  for (const said of ["who's on call today? is it a holiday for them?", '今天谁值班？他今天放假吗'])
    argsOf(route(said), said, 'oncall_check');
  assert.equal(checked, 24);
});
