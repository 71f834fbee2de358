/**
 * The classes of the twelfth held-out batch's wrong answers and declines that the lead fixed (W14,
 * corpus/fresh-round3l.txt: a second representative week of questions), each a rule tested on phrasings generated
 * here from parts and checked against arithmetic done apart from the router (utcDates), never on the batch's own
 * lines:
 * - the second part of a month after 跟 / 和 is of the month named first ("12月下旬跟上旬比"), never one range;
 * - "top / bottom line by" a measure ranks the lines;
 * - something open on a machine ("anything open on the welders") is its open work orders, not its state;
 * - 油温高 / 水温高 is a machine overheating;
 * - stopping, starting or restarting a line or a machine (把B线停了, 把3号冲床重启一下) is an action, declined;
 * - a year said in English ("in 2026", "for 2024", "2026 full year") is that year;
 * - "P1以上", "P2 and above": the priorities from P0 down to it;
 * - 掉了多少 (how far a figure fell), 好点没 (better or not), 白夜班 (the two shifts), 占…百分之几 (a share).
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
const LINES = ['A', 'B', 'C', 'D'];
const PARTS = [
  ['上旬', 1, 10],
  ['中旬', 11, 20],
  ['下旬', 21, 0],
] as const;

/** the days of a part of a month (0 = the month's last day), cut at today */
function partOf(
  month: { year: number; month: number },
  part: readonly [string, number, number],
  today: string,
): string {
  const { year } = month;
  const pad = (n: number): string => String(n).padStart(2, '0');
  const last = new Date(Date.UTC(year, month.month, 0)).getUTCDate();
  const from = `${year}-${pad(month.month)}-${pad(part[1])}`;
  const to = `${year}-${pad(month.month)}-${pad(part[2] === 0 ? last : part[2])}`;
  return `${from}..${to < today ? to : today}`;
}

test('the second part of a month after 跟 / 和 is of the month named first', () => {
  let checked = 0;
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    // the month before today's: wholly past, so both parts have data days
    const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
    const [year, month] = [Number(lastMonthEnd.slice(0, 4)), Number(lastMonthEnd.slice(5, 7))];
    for (const first of PARTS)
      for (const second of PARTS) {
        if (first === second) continue;
        for (const join of ['跟', '和'])
          for (const line of LINES) {
            const said = `${line}线${month}月${first[0]}${join}${second[0]}比，哪个不良率高`;
            const args = argsOf(route(said, clock), `${said} (${clock})`, 'quality_compare');
            const asked = [periodOf(args), periodOf({ period: args.previous })].sort();
            const expected = [partOf({ year, month }, first, today), partOf({ year, month }, second, today)].sort();
            assert.deepEqual(asked, expected, `${said} (${clock})`);
            assert.deepEqual(args.lines, [line], said);
            checked += 1;
          }
      }
  }
  assert.equal(checked, 4 * 6 * 2 * 4);
});

test('"top / bottom line by" a measure ranks the lines', () => {
  for (const [said, rank, by] of [
    ['top line by yield yesterday', 'best', 'yield'],
    ['top line by output last week', 'best', 'output'],
    ['bottom line by yield last week', 'worst', 'yield'],
    ['bottom line by output yesterday', 'worst', 'output'],
    ['top line by defect rate last week', 'worst', 'defect_rate'],
  ] as const) {
    const args = argsOf(route(said), said, 'quality_metrics');
    assert.equal(args.rank, rank, said);
    assert.equal(args.rank_by, by, said);
  }
});

test('something open on a machine is its open orders; stopping a line or a machine is declined', () => {
  for (const [said, equipment] of [
    ['anything open on the welders?', 'welders'],
    ["what's still open for press 3", 'B-PRESS-03'],
    ['anything open on D-CNC-01', 'D-CNC-01'],
    ['what is open against the cameras', 'cameras'],
  ] as const) {
    const args = argsOf(route(said), said, 'work_orders');
    assert.equal(args.status, 'open', said);
    assert.equal(args.equipment, equipment, said);
  }
  for (const line of LINES)
    for (const said of [`把${line}线停了，马上`, `把${line}线停掉`, `帮我把${line}线重启一下`])
      assertDeclinedNaming(route(said), 'action', said);
  for (const said of ['把3号冲床重启一下', '把D-CNC-01停了']) assert.equal(route(said).kind, 'none', said);
  // asking whether a line stopped is a read
  argsOf(route('B线的设备状态'), 'B线的设备状态', 'equipment_status');
});

test('油温高 / 水温高 is a machine overheating, asked for past fixes', () => {
  for (const said of [
    '冲压机液压站油温高报警怎么办，以前修过没',
    '加工中心水温偏高，以前咋处理的',
    '焊机油温过高怎么办',
  ]) {
    const args = argsOf(route(said), said, 'fault_advice');
    assert.match(String(args.symptom), /温/, `${said}: ${JSON.stringify(args)}`);
  }
});

test('a year said in English is that year, up to today', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const year = Number(today.slice(0, 4));
    for (const [said, asked] of [
      [`line A defect rate in ${year}`, year],
      [`${year} full year yield for the whole plant`, year],
      [`output for the whole year ${year}, line C`, year],
      [`which line made the most defective parts in ${year - 1}`, year - 1],
      [`line B yield for ${year - 2}`, year - 2],
    ] as const) {
      const args = argsOf(route(said, clock), `${said} (${clock})`, 'quality_metrics');
      const end = asked === year ? today : `${asked}-12-31`;
      assert.equal(periodOf(args), `${asked}-01-01..${end}`, `${said} (${clock})`);
    }
  }
});

test('a priority and the ones above it', () => {
  for (const [level, expected] of [
    [0, ['P0']],
    [1, ['P0', 'P1']],
    [2, ['P0', 'P1', 'P2']],
  ] as const)
    for (const line of LINES)
      for (const said of [
        `${line}线P${level}以上还开着的单`,
        `${line}线P${level}及以上没关的工单`,
        `P${level} and above open orders on line ${line}`,
        `open P${level} or higher tickets on line ${line}`,
      ]) {
        const args = argsOf(route(said), said, 'work_orders');
        assert.deepEqual(args.priorities, expected, said);
        assert.equal(args.line, line, said);
        assert.equal(args.status, 'open', said);
      }
});

test('a fall asked how far, better or not, the two shifts, a share in per cent', () => {
  for (const clock of CLOCK_NAMES) {
    const today = todayOf(clock);
    const yesterday = addDays(today, -1);
    for (const line of LINES) {
      const fell = `昨天和前天比，${line}线产量掉了多少`;
      const args = argsOf(route(fell, clock), `${fell} (${clock})`, 'quality_compare');
      assert.equal(periodOf(args), `${yesterday}..${yesterday}`, fell);
      assert.equal(periodOf({ period: args.previous }), `${addDays(today, -2)}..${addDays(today, -2)}`, fell);
      const better = `${line}线这周比上周好点没`;
      const compared = argsOf(route(better, clock), `${better} (${clock})`, 'quality_compare');
      assert.equal(periodOf(compared), `${monday(today)}..${today}`, better);
      assert.equal(
        periodOf({ period: compared.previous }),
        `${addDays(monday(today), -7)}..${addDays(monday(today), -1)}`,
        better,
      );
      const shifts = `上周${line}线白夜班对比，哪个班次最差`;
      assert.equal(argsOf(route(shifts, clock), shifts, 'quality_compare').mode, 'shifts', shifts);
      const share = `上礼拜${line}线裂纹占不良的百分之几`;
      const shareArgs = argsOf(route(share, clock), share, 'quality_metrics');
      assert.equal(shareArgs.defect_type, '裂纹', share);
    }
  }
  // 日夜班 stays a day and a night shift: 上周日夜班 is last Sunday's night shift
  const sunday = argsOf(route('上周日夜班A线不良率', 'sun'), '上周日夜班', 'quality_metrics');
  assert.equal(sunday.shift, 'night');
});
