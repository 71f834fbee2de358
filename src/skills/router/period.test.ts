import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolvePeriod } from './index.js';

/** Fixed clocks: a Sunday, a Monday, the 1st of a month, early January. */
const NOW = {
  sun: '2026-11-29T10:00:00+08:00', // Sunday; this week = 11-23..11-29
  mon: '2026-11-30T09:00:00+08:00', // Monday; this week = today only
  first: '2026-12-01T08:00:00+08:00', // Tuesday, 1st of December
  jan: '2027-01-05T10:00:00+08:00', // Tuesday; last month = December 2026
} as const;

type Row = [text: string, now: keyof typeof NOW | string, from: string | undefined, to?: string, timezone?: string];

const ROWS: Row[] = [
  // ---- dates as people say them (issue 15) -----------------------------------------
  ['3天前', 'sun', '2026-11-26'],
  ['3 days ago', 'mon', '2026-11-27'],
  ['两周前的周四', 'sun', '2026-11-12'],
  ['Tuesday of last week', 'sun', '2026-11-17'],
  ['Thursday two weeks ago', 'mon', '2026-11-19'],
  ['2 weeks ago', 'sun', '2026-11-09', '2026-11-15'],
  ['the 18th', 'sun', '2026-11-18'],
  ['the 18th', 'first', '2026-11-18'],
  ['from the 2nd to the 9th', 'sun', '2026-11-02', '2026-11-09'],
  ['11.18-11.19', 'sun', '2026-11-18', '2026-11-19'],
  ['12.28-1.3', 'jan', '2026-12-28', '2027-01-03'],
  ['本月上旬', 'sun', '2026-11-01', '2026-11-10'],
  ['11月中旬', 'sun', '2026-11-11', '2026-11-20'],
  ['上个月下旬', 'sun', '2026-10-21', '2026-10-31'],
  ['上个月下旬', 'jan', '2026-12-21', '2026-12-31'],
  ['本月下旬', 'sun', '2026-11-21', '2026-11-29'], // in progress: up to today
  ['上半月', 'first', '2026-12-01', '2026-12-01'],
  ['first half of November', 'first', '2026-11-01', '2026-11-15'],
  ['late October', 'sun', '2026-10-21', '2026-10-31'],
  ['第48周', 'sun', '2026-11-23', '2026-11-29'],
  ['week 47', 'mon', '2026-11-16', '2026-11-22'],
  ['week 53', 'jan', '2026-12-28', '2027-01-03'], // 2026 has an ISO week 53; 2027's week 53 does not exist
  ['cw 1', 'jan', '2027-01-04', '2027-01-05'],
  ['Q3', 'sun', '2026-07-01', '2026-09-30'],
  ['Q1', 'first', '2026-01-01', '2026-03-31'],
  ['Q4', 'jan', '2026-10-01', '2026-12-31'], // 2027's Q4 has not begun
  ['上季度', 'sun', '2026-07-01', '2026-09-30'],
  ['上季度', 'jan', '2026-10-01', '2026-12-31'],
  ['本季度', 'sun', '2026-10-01', '2026-11-29'],
  ['第三季度', 'sun', '2026-07-01', '2026-09-30'],
  ['last quarter', 'first', '2026-07-01', '2026-09-30'],
  ['year to date', 'jan', '2027-01-01', '2027-01-05'],
  ['YTD', 'sun', '2026-01-01', '2026-11-29'],
  ['month to date', 'first', '2026-12-01', '2026-12-01'],
  ['本月至今', 'sun', '2026-11-01', '2026-11-29'],
  ['国庆节', 'sun', '2026-10-01', '2026-10-03'], // the shipped CN calendar's public days
  ['春节', 'sun', '2026-02-16', '2026-02-18'],
  ['元旦', 'jan', '2027-01-01'],
  ['元旦', 'sun', '2026-01-01'],
  ['Christmas', 'sun', '2025-12-25'], // the most recent one that has begun
  ['Thanksgiving', 'mon', '2026-11-26'],
  ['中秋节', 'sun', '2026-09-25'],
  // ---- Chinese, on a Sunday --------------------------------------------------
  ['今天', 'sun', '2026-11-29'],
  ['昨天', 'sun', '2026-11-28'],
  ['前天', 'sun', '2026-11-27'],
  ['大前天', 'sun', '2026-11-26'],
  ['本周', 'sun', '2026-11-23', '2026-11-29'],
  ['这周', 'sun', '2026-11-23', '2026-11-29'],
  ['这个星期', 'sun', '2026-11-23', '2026-11-29'],
  ['上周', 'sun', '2026-11-16', '2026-11-22'],
  ['上个星期', 'sun', '2026-11-16', '2026-11-22'],
  ['上礼拜', 'sun', '2026-11-16', '2026-11-22'],
  ['上周三', 'sun', '2026-11-18'],
  ['上星期三', 'sun', '2026-11-18'],
  ['上礼拜三', 'sun', '2026-11-18'],
  ['上周日', 'sun', '2026-11-22'],
  ['上上周', 'sun', '2026-11-09', '2026-11-15'],
  ['本周一', 'sun', '2026-11-23'],
  ['本周一共生产了多少', 'sun', '2026-11-23', '2026-11-29'], // 一共 is "in total", not Monday
  ['周三', 'sun', '2026-11-25'],
  ['星期三', 'sun', '2026-11-25'],
  ['星期日', 'sun', '2026-11-29'], // today is a Sunday: the most recent Sunday is today
  ['本月', 'sun', '2026-11-01', '2026-11-29'],
  ['这个月', 'sun', '2026-11-01', '2026-11-29'],
  ['上个月', 'sun', '2026-10-01', '2026-10-31'],
  ['上月', 'sun', '2026-10-01', '2026-10-31'],
  ['最近7天', 'sun', '2026-11-23', '2026-11-29'],
  ['近7天', 'sun', '2026-11-23', '2026-11-29'],
  ['过去7天', 'sun', '2026-11-23', '2026-11-29'],
  ['最近一周', 'sun', '2026-11-23', '2026-11-29'],
  ['近七天', 'sun', '2026-11-23', '2026-11-29'],
  ['最近三天', 'sun', '2026-11-27', '2026-11-29'],
  ['最近30天', 'sun', '2026-10-31', '2026-11-29'],
  ['11月25日', 'sun', '2026-11-25'],
  ['11月25号', 'sun', '2026-11-25'],
  ['十一月二十五日', 'sun', '2026-11-25'],
  ['2026-11-25', 'sun', '2026-11-25'],
  ['2026/11/25', 'sun', '2026-11-25'],
  ['2026年11月25日', 'sun', '2026-11-25'],
  ['２０２６－１１－２５', 'sun', '2026-11-25'], // full-width
  ['25号', 'sun', '2026-11-25'],
  ['30号', 'sun', '2026-10-30'], // the 30th of November is still ahead
  ['11月', 'sun', '2026-11-01', '2026-11-29'],
  ['10月', 'sun', '2026-10-01', '2026-10-31'],
  // a month said without a year that starts within a month is the coming one (as a year-less date is)
  ['12月', 'sun', '2026-12-01', '2026-12-31'],
  ['12月25日', 'sun', '2026-12-25'], // year-less: the nearer one, here still ahead (the skill says no data yet)
  ['2026-12-25', 'sun', '2026-12-25'], // an explicit future date is kept
  ['从11月1日到11月7日', 'sun', '2026-11-01', '2026-11-07'],
  ['11月1日至7日', 'sun', '2026-11-01', '2026-11-07'],
  ['11月1日-11月7日', 'sun', '2026-11-01', '2026-11-07'],
  ['上周末', 'sun', '2026-11-21', '2026-11-22'],
  // ---- English, on a Sunday --------------------------------------------------
  ['today', 'sun', '2026-11-29'],
  ['yesterday', 'sun', '2026-11-28'],
  ['the day before yesterday', 'sun', '2026-11-27'],
  ['last Wednesday', 'sun', '2026-11-18'], // the Wednesday of last week
  ['on Wednesday', 'sun', '2026-11-25'], // the most recent Wednesday
  ['Wednesday', 'sun', '2026-11-25'],
  ['this Wednesday', 'sun', '2026-11-25'],
  ['last Sunday', 'sun', '2026-11-22'],
  ['this week', 'sun', '2026-11-23', '2026-11-29'],
  ['last week', 'sun', '2026-11-16', '2026-11-22'],
  ['the week before last', 'sun', '2026-11-09', '2026-11-15'],
  ['this month', 'sun', '2026-11-01', '2026-11-29'],
  ['last month', 'sun', '2026-10-01', '2026-10-31'],
  ['the past 7 days', 'sun', '2026-11-23', '2026-11-29'],
  ['the last 14 days', 'sun', '2026-11-16', '2026-11-29'],
  ['past two weeks', 'sun', '2026-11-16', '2026-11-29'],
  ['the past week', 'sun', '2026-11-23', '2026-11-29'],
  ['Nov 25', 'sun', '2026-11-25'],
  ['25 Nov', 'sun', '2026-11-25'],
  ['November 25th', 'sun', '2026-11-25'],
  ['the 25th of November', 'sun', '2026-11-25'],
  ['Nov. 25, 2026', 'sun', '2026-11-25'],
  ['December 25', 'sun', '2026-12-25'],
  ['between Nov 1 and Nov 7', 'sun', '2026-11-01', '2026-11-07'],
  ['from November 1 to November 7', 'sun', '2026-11-01', '2026-11-07'],
  ['Nov 1-7', 'sun', '2026-11-01', '2026-11-07'],
  ['in October', 'sun', '2026-10-01', '2026-10-31'],
  ['last weekend', 'sun', '2026-11-21', '2026-11-22'],
  // ---- a Monday: this week is today alone, last week just ended ----------------
  ['本周', 'mon', '2026-11-30', '2026-11-30'],
  ['this week', 'mon', '2026-11-30', '2026-11-30'],
  ['上周', 'mon', '2026-11-23', '2026-11-29'],
  ['上周三', 'mon', '2026-11-25'],
  ['last Wednesday', 'mon', '2026-11-25'],
  ['周三', 'mon', '2026-11-25'],
  ['周一', 'mon', '2026-11-30'],
  ['昨天', 'mon', '2026-11-29'],
  ['this Wednesday', 'mon', '2026-12-02'], // ahead: kept, the skill says "no data yet"
  // ---- the 1st of a month --------------------------------------------------------
  ['本月', 'first', '2026-12-01', '2026-12-01'],
  ['上个月', 'first', '2026-11-01', '2026-11-30'],
  ['last month', 'first', '2026-11-01', '2026-11-30'],
  ['11月', 'first', '2026-11-01', '2026-11-30'],
  ['本周', 'first', '2026-11-30', '2026-12-01'],
  ['30号', 'first', '2026-11-30'],
  ['最近7天', 'first', '2026-11-25', '2026-12-01'],
  // ---- January: last month and year-less dates reach back into last year ---------
  ['上个月', 'jan', '2026-12-01', '2026-12-31'],
  ['last month', 'jan', '2026-12-01', '2026-12-31'],
  ['12月28日', 'jan', '2026-12-28'],
  ['Dec 28', 'jan', '2026-12-28'],
  ['12月', 'jan', '2026-12-01', '2026-12-31'],
  ['1月', 'jan', '2027-01-01', '2027-01-05'],
  ['12月28日到1月3日', 'jan', '2026-12-28', '2027-01-03'],
  ['from Dec 28 to Jan 3', 'jan', '2026-12-28', '2027-01-03'],
  ['上周', 'jan', '2026-12-28', '2027-01-03'],
  ['上周五', 'jan', '2027-01-01'],
  ['今年', 'jan', '2027-01-01', '2027-01-05'],
  ['去年', 'jan', '2026-01-01', '2026-12-31'],
  ['最近7天', 'jan', '2026-12-30', '2027-01-05'],
  // ---- time zones: "today" is the plant's, whatever the instant --------------------
  ['今天', '2026-11-29T23:30:00Z', '2026-11-30', undefined, 'Asia/Shanghai'],
  ['本周', '2026-11-29T23:30:00Z', '2026-11-30', '2026-11-30', 'Asia/Shanghai'],
  ['今天', '2026-11-29T23:30:00Z', '2026-11-29', undefined, 'UTC'],
  ['this week', '2026-11-30T03:00:00Z', '2026-11-23', '2026-11-29', 'America/New_York'],
  // Europe/Berlin springs forward on 2026-03-29 and falls back on 2026-10-25: no date shifts
  ['yesterday', '2026-03-29T23:30:00Z', '2026-03-29', undefined, 'Europe/Berlin'],
  ['last week', '2026-03-29T23:30:00Z', '2026-03-23', '2026-03-29', 'Europe/Berlin'],
  ['the past 7 days', '2026-03-29T23:30:00Z', '2026-03-24', '2026-03-30', 'Europe/Berlin'],
  ['last Sunday', '2026-03-29T23:30:00Z', '2026-03-29', undefined, 'Europe/Berlin'],
  ['昨天', '2026-10-25T23:30:00Z', '2026-10-25', undefined, 'Europe/Berlin'],
  ['上周', '2026-10-25T23:30:00Z', '2026-10-19', '2026-10-25', 'Europe/Berlin'],
  ['本月', '2026-10-31T23:30:00Z', '2026-11-01', '2026-11-01', 'Europe/Berlin'],
  // ---- leap days and impossible dates ---------------------------------------------
  ['2月29日', '2027-03-01T10:00:00+08:00', '2024-02-29'],
  ['2月29日', '2028-03-01T10:00:00+08:00', '2028-02-29'],
  ['2月30日', 'sun', undefined],
  ['2026-02-30', 'sun', undefined],
  // ---- no period at all -------------------------------------------------------------
  ['11/25', 'sun', '2026-11-25'],
  ['25/11', 'sun', '2026-11-25'],
  ['11/12', 'sun', undefined], // November 12th or 11 December: not guessed
  ['hello', 'sun', undefined],
  ['line A defect rate', 'sun', undefined],
  ['3号冲压机', 'sun', '2026-11-03'], // alone, "3号" is a day; the router masks equipment first
];

for (const [text, nowName, from, to, timezone] of ROWS) {
  const nowIso = nowName in NOW ? NOW[nowName as keyof typeof NOW] : nowName;
  test(`period: "${text}" at ${nowIso}${timezone ? ` ${timezone}` : ''}`, () => {
    const period = resolvePeriod(text, { now: new Date(nowIso), timezone: timezone ?? 'Asia/Shanghai' });
    if (from === undefined) {
      assert.equal(period, undefined);
      return;
    }
    assert.ok(period, 'a period');
    assert.deepEqual({ from: period.from, to: period.to }, { from, to: to ?? from });
  });
}

test("period labels echo the operator's own words", () => {
  const now = new Date(NOW.sun);
  assert.equal(resolvePeriod('A线上周三的次品率', { now, timezone: 'Asia/Shanghai' })?.label, '上周三');
  assert.equal(resolvePeriod('line A last Wednesday', { now, timezone: 'Asia/Shanghai' })?.label, 'last Wednesday');
  assert.equal(resolvePeriod('最近三天', { now, timezone: 'Asia/Shanghai' })?.label, '最近三天');
  assert.equal(
    resolvePeriod('从11月1日到11月7日的产量', { now, timezone: 'Asia/Shanghai' })?.label,
    '从11月1日到11月7日',
  );
  assert.equal(
    resolvePeriod('Ａ线２０２６－１１－２５', { now, timezone: 'Asia/Shanghai' })?.label,
    '２０２６－１１－２５',
  );
});
