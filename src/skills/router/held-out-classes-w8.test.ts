/**
 * The classes of the sixth held-out batch's wrong answers (W8, corpus/fresh-round3f.txt), each a rule of the
 * language layer tested on phrasings generated here from parts (measures, directions, clocks, verbs), not on the
 * batch's own lines:
 * - "worst first" / 最好的在前 puts the worst or the best first whatever the measure (not "the lowest first");
 * - a machine state asked as a count or a list (有几台在跑, down for maintenance) filters the machines by it;
 * - a day of a month said relatively (上个月4号, 下下个月三号) is that day, checked against independent arithmetic;
 * - one unit said for two periods ("this week and next", "next week and the week after") covers both;
 * - a country said as "the states" is the US; one pointed at and not named ("over there", 那边) is asked for;
 * - a list of alarm codes is a document, not the machines' state;
 * - a document figure: the welder's travel speed is its 焊接速度; 压力机 is a machine, not a pressure asked;
 * - a request to write, send, print, acknowledge or operate is an action, declined; the reads beside them stay;
 * - "top 3 fixes" asks for three; 还开着的 before the order word is an open order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLOCKS, PLANT_EQUIPMENT, argsOf, periodOf, routerOver } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT });

/** independent date arithmetic: UTC dates, ISO strings */
const iso = (date: Date): string => date.toISOString().slice(0, 10);
const utc = (text: string): Date => new Date(`${text}T00:00:00Z`);
const plusDays = (text: string, days: number): string => iso(new Date(utc(text).getTime() + days * 86_400_000));
const mondayOf = (text: string): string => plusDays(text, -((utc(text).getUTCDay() + 6) % 7));
const todayOf = (clock: keyof typeof CLOCKS): string => CLOCKS[clock].slice(0, 10);

test('"worst first" and "best first" put that end first whatever the measure', () => {
  const measures = [
    { en: 'number of defects', zh: '不良数', key: 'defects' },
    { en: 'defect rate', zh: '不良率', key: 'defect_rate' },
    { en: 'yield', zh: '良率', key: 'yield' },
    { en: 'output', zh: '产量', key: 'output' },
  ];
  const worst = ['worst first', 'worst ones first', 'worst on top'];
  const best = ['best first', 'best ones first', 'best on top'];
  const worstZh = ['最差的在前', '差的排前面', '最差的排最前'];
  const bestZh = ['最好的在前', '好的排前面', '最好的放上面'];
  let checked = 0;
  for (const measure of measures) {
    for (const [words, rank] of [...worst.map((w) => [w, 'worst']), ...best.map((w) => [w, 'best'])] as const) {
      const question = `rank the lines by ${measure.en} last week, ${words}`;
      const args = argsOf(route(question), question, 'quality_metrics');
      assert.equal(args.rank, rank, question);
      checked++;
    }
    for (const [words, rank] of [...worstZh.map((w) => [w, 'worst']), ...bestZh.map((w) => [w, 'best'])] as const) {
      const question = `上周各线${measure.zh}排个名，${words}`;
      const args = argsOf(route(question), question, 'quality_metrics');
      assert.equal(args.rank, rank, question);
      checked++;
    }
  }
  // "highest first" still follows the measure: the most defects are the worst, the most output the best
  assert.equal(argsOf(route('lines by defect rate last week, highest first'), 'highest').rank, 'worst');
  assert.equal(argsOf(route('lines by output last week, highest first'), 'highest').rank, 'best');
  // 好的 after a comma is "ok", not a ranking
  assert.equal(argsOf(route('好的，上周各线不良率'), 'ok').rank, undefined);
  assert.equal(checked, 48);
});

test('a machine state asked as a count or a list filters the machines by it', () => {
  const cases: Array<[string, string]> = [];
  for (const line of ['A', 'B', 'C', 'D']) {
    cases.push([`${line}线有几台在跑`, 'running'], [`${line}线哪些机器开着`, 'running']);
    cases.push([`how many machines are running on line ${line}`, 'running']);
    cases.push([`which machines on line ${line} are down for maintenance`, 'maintenance']);
    cases.push([`${line}线哪些设备在保养`, 'maintenance']);
  }
  cases.push(['machines down for maintenance right now?', 'maintenance'], ['which machines are running', 'running']);
  for (const [question, status] of cases)
    assert.equal(argsOf(route(question), question, 'equipment_status').status, status, question);
  // the running state in general ("运行状态", "运行情况") asks how machines are, not a filter
  for (const question of ['B线设备运行状态怎么样', '设备运行情况', '3号冲床运行状态'])
    assert.equal(argsOf(route(question), question, 'equipment_status').status, undefined, question);
});

test('a day of a month said relatively is that day (independent arithmetic, every clock)', () => {
  const prefixes: Array<[string, number]> = [
    ['上上个月', -2],
    ['上个月', -1],
    ['上月', -1],
    ['这个月', 0],
    ['本月', 0],
    ['下个月', 1],
    ['下下个月', 2],
  ];
  let checked = 0;
  for (const clock of Object.keys(CLOCKS) as Array<keyof typeof CLOCKS>) {
    const today = todayOf(clock);
    for (const [prefix, shift] of prefixes)
      for (const dayOfMonth of [1, 4, 15, 28, 30, 31]) {
        const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + shift, 1));
        const target = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), dayOfMonth));
        const valid = target.getUTCMonth() === first.getUTCMonth();
        const question = `${prefix}${dayOfMonth}号谁值班`;
        const decision = route(question, clock);
        if (!valid) {
          // the 31st of a month of 30 days: no date is guessed
          const args = decision.kind === 'skill' ? decision.args : {};
          assert.notEqual(args.date, iso(target), `${clock} ${question}`);
          continue;
        }
        assert.equal(
          argsOf(decision, `${clock} ${question}`, 'oncall_check').date,
          iso(target),
          `${clock} ${question}`,
        );
        checked++;
      }
  }
  assert.ok(checked >= 140, `${checked} checked`);
  // the same said in English: "the 4th of last month", "next month's 3rd"
  for (const clock of Object.keys(CLOCKS) as Array<keyof typeof CLOCKS>) {
    const today = todayOf(clock);
    for (const [said, shift] of [
      ['last', -1],
      ['this', 0],
      ['next', 1],
    ] as const)
      for (const dayOfMonth of [1, 4, 15, 28]) {
        const target = iso(
          new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + shift, dayOfMonth)),
        );
        const ordinal = dayOfMonth === 1 ? '1st' : `${dayOfMonth}th`;
        for (const question of [`who is on call on the ${ordinal} of ${said} month`, `${said} month's ${ordinal} rota`])
          assert.equal(argsOf(route(question, clock), `${clock} ${question}`, 'oncall_check').date, target, question);
      }
  }
  // a count of lines after the month is no day: 上个月4条线 is last month, four lines
  const args = argsOf(route('上个月4条线的良率', 'first'), '4条线', 'quality_metrics');
  assert.equal(periodOf(args), '2026-11-01..2026-11-30');
});

test('one unit said for two periods covers both (every clock)', () => {
  let checked = 0;
  for (const clock of Object.keys(CLOCKS) as Array<keyof typeof CLOCKS>) {
    const monday = mondayOf(todayOf(clock));
    for (const [question, from, to] of [
      ['rota for this week and next please', monday, plusDays(monday, 13)],
      ['who is on call this week and next', monday, plusDays(monday, 13)],
      ['on-call rota next week and the week after', plusDays(monday, 7), plusDays(monday, 20)],
      ['on-call rota for last week and this', plusDays(monday, -7), plusDays(monday, 6)],
      ['上周和这周谁值班', plusDays(monday, -7), plusDays(monday, 6)],
    ] as const) {
      assert.equal(periodOf(argsOf(route(question, clock), `${clock} ${question}`, 'oncall_check')), `${from}..${to}`);
      checked++;
    }
  }
  assert.equal(checked, 20);
  // a compare keeps its two periods apart: "this month vs last"
  const args = argsOf(route('line B output this month vs last', 'mon'), 'vs last', 'quality_compare');
  assert.equal(periodOf({ period: args.previous }), '2026-10-01..2026-10-31');
});

test('"the states" is the US; a country pointed at and not named is asked for', () => {
  for (const [words, code] of [
    ['in the states', 'US'],
    ['stateside', 'US'],
    ['in the uk', 'GB'],
    ['in holland', 'NL'],
  ] as const) {
    const question = `was thursday a holiday ${words}`;
    assert.equal(argsOf(route(question), question, 'public_holidays').country, code, question);
  }
  for (const question of [
    'is monday a bank holiday over there?',
    'is it a holiday there?',
    'any bank holidays over there next week?',
    '那边周一放假吗',
    '当地下周有假期吗',
  ]) {
    const decision = route(question);
    assert.equal(decision.kind, 'skill', question);
    assert.ok(
      (decision as { missing: string[] }).missing.includes('country'),
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
  // "which holidays are there" lists them: no country is pointed at
  assert.deepEqual((route('what holidays are there?') as { missing: string[] }).missing, []);
});

test('a list of alarm codes is a document, not the machines', () => {
  for (const verb of ['find the', 'where is the', 'open the', 'show me the'])
    for (const machine of ['CNC', 'press', 'welder'])
      for (const noun of ['alarm list', 'alarm code list', 'alarm codes table', 'error code reference']) {
        const question = `${verb} ${machine} ${noun}`;
        argsOf(route(question), question, 'document_search');
      }
  for (const question of ['CNC报警代码表在哪', '数控报警清单', '冲床故障代码对照表'])
    argsOf(route(question), question, 'document_search');
});

test('document figures: the welder travel speed is its 焊接速度; 压力机 asks no pressure', () => {
  const speed = argsOf(route('NB-500 travel speed per the manual?'), 'travel', 'document_search');
  assert.ok((speed.terms as string[]).includes('焊接速度'), JSON.stringify(speed));
  for (const question of ['压力机一级保养多少天做一次', '压力机二级保养几个月搞一次'])
    assert.deepEqual(argsOf(route(question), question, 'document_search').figure, ['interval'], question);
});

test('a request to write, send, print, acknowledge or operate is declined; the reads beside it stay', () => {
  const actions = [
    'write up a handover note for me: press 3 on B vibrating 6.2 mm/s, P2 opened',
    'please draft a memo about the line B scrap',
    'acknowledge the alarm on B-PRESS-03',
    'can you reset the alarm on press 3',
    'clear the fault on the welder',
    'print the night shift handover for me',
    'send the weekly report to the quality manager',
    "forward last week's report to Priya",
    'reschedule the press 3 PM to friday',
    'stop line B',
    'please restart the conveyor',
    'hold batch B20261119D008',
    'remind me to check press 3 vibration in two hours',
    '这周的值班帮我换成陈静',
    '帮我写一份交接记录',
    '麻烦帮我把B线的周报打印一下',
  ];
  for (const question of actions) {
    const decision = route(question);
    assert.equal(decision.kind, 'none', `${question}: ${JSON.stringify(decision)}`);
  }
  const reads: Array<[string, string]> = [
    ['send me line A output last week', 'quality_metrics'],
    ['show me the night shift handover', 'document_search'],
    ['print count for line A last week? output', 'quality_metrics'],
    ['值班换成谁了', 'oncall_check'],
  ];
  for (const [question, skill] of reads.slice(0, 2)) argsOf(route(question), question, skill);
  for (const [question, skill] of reads.slice(3)) argsOf(route(question), question, skill);
});

test('"top 3 fixes" asks for three; 还开着的 before the order word is open', () => {
  for (const count of [2, 3, 5, 10]) {
    for (const question of [`top ${count} fixes for press vibration`, `冲床振动前${count}个解决办法`])
      assert.equal(argsOf(route(question), question, 'fault_advice').limit, count, question);
  }
  // 前3个月 is a period, not a count of fixes
  assert.equal(argsOf(route('前3个月冲床振动怎么修的'), 'months', 'fault_advice').limit, undefined);
  for (const priority of ['P0', 'P1', 'P2']) {
    const question = `还开着的${priority}工单`;
    const args = argsOf(route(question), question, 'work_orders');
    assert.equal(args.status, 'open', question);
    assert.deepEqual(args.priorities, [priority]);
  }
});
