/**
 * The classes of the ninth held-out batch's wrong answers and declines that the lead fixed (W11,
 * corpus/fresh-round3i.txt), each a rule tested on phrasings generated here from parts, not on the batch's lines:
 * - an alarm code asked with how it was fixed before is fault advice (the work orders' fixes), never the code's
 *   meaning alone; the code's meaning asked alone stays the manual's row;
 * - parts traced to the machine that made them ("那些裂纹件是哪台冲床冲出来的") are declined: quality is recorded per
 *   line, never per machine;
 * - a symptom with a request for past fixes in any of its words (past fixes, 有啥经验, 历史工单, ideas from past WOs) is
 *   fault advice, and every symptom of the work-order search's own vocabulary is a symptom the rules read;
 * - a document figure asked plainly (拧多大力, "when to replace") is quoted from the documents;
 * - an alarm code alone is a symptom ("SP9031又报了 上次咋处理的"), and a rate asked as a percentage (不良率百分之多少,
 *   良率几个点) is the rate (both left after W11's first session, fixed in the next).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OBSERVED_SYNONYMS } from '../../../mcp-servers/plant/synonyms.js';
import { PLANT_EQUIPMENT, argsOf, routerOver } from './testing.js';

const route = routerOver({ equipment: PLANT_EQUIPMENT });

test('an alarm code asked with how it was fixed before is fault advice; its meaning alone is the manual', () => {
  let checked = 0;
  for (const code of ['SP9031', 'SP9012', 'SV0436', 'EX1021', 'OT0500'])
    for (const machine of ['C-CNC-01', 'the CNC on line C']) {
      for (const asked of [
        'how did we fix it last time',
        'how did we fix it before',
        'what fixed it last time?',
        'past fixes?',
        'any previous repairs?',
      ]) {
        const question = `spindle alarm ${code} on ${machine} again, ${asked}`;
        const args = argsOf(route(question), question, 'fault_advice');
        assert.match(String(args.symptom), /alarm/, question);
        checked += 1;
      }
      for (const asked of ['上次咋处理的', '以前怎么修的', '之前是怎么解决的']) {
        const question = `${machine === 'C-CNC-01' ? machine : 'C线数控'}主轴报警${code}又来了，${asked}`;
        argsOf(route(question), question, 'fault_advice');
        checked += 1;
      }
    }
  for (const code of ['SP9031', 'EX1021'])
    for (const question of [`what does alarm ${code} mean`, `${code}是什么意思`, `alarm ${code} meaning?`]) {
      const args = argsOf(route(question), question, 'document_search');
      assert.deepEqual(args.figure, ['meaning'], question);
      checked += 1;
    }
  // the code alone is the symptom: the work orders write it in their details ("SP9031又报了 上次咋处理的")
  for (const code of ['SP9031', 'SV0436', 'EX1021'])
    for (const question of [
      `${code}又报了 上次咋处理的`,
      `${code}又来了，之前怎么修的`,
      `${code} again, how did we fix it last time`,
      `${code} popped up again - what fixed it before?`,
    ]) {
      const args = argsOf(route(question), question, 'fault_advice');
      assert.match(String(args.symptom), new RegExp(code), question);
      checked += 1;
    }
  // a work-order number is not an alarm code
  const order = route('WO2961 上次咋处理的');
  assert.ok(order.kind !== 'skill' || order.skill !== 'fault_advice' || !/WO2961/i.test(String(order.args.symptom)));
  assert.equal(checked, 5 * 2 * 8 + 6 + 3 * 4);
});

test('a rate asked as a percentage (百分之多少, 百分之几, 几个点) is the rate; a ratio so asked stays the calculator', () => {
  let checked = 0;
  for (const [word, metric] of [
    ['不良率', 'defect_rate'],
    ['良率', 'yield'],
    ['合格率', 'yield'],
    ['次品率', 'defect_rate'],
  ] as const)
    for (const asked of ['百分之多少', '是百分之几', '几个点', '有几个点', '百分之几啊'])
      for (const [line, period] of [
        ['A线', '昨天'],
        ['B线', '上周'],
        ['全厂', '本月'],
      ]) {
        const question = `${line}${period}${word}${asked}`;
        const args = argsOf(route(question), question, 'quality_metrics');
        assert.deepEqual(args.metrics, [metric], question);
        checked += 1;
      }
  for (const [a, b] of [
    [12, 480],
    [7, 350],
  ]) {
    const question = `${a}除以${b}是百分之多少`;
    const args = argsOf(route(question), question, 'calculator');
    assert.equal(args.expression, `(${a}/${b})*100`, question);
    checked += 1;
  }
  assert.equal(checked, 4 * 5 * 3 + 2);
});

test('parts traced to the machine that made them are declined: quality is recorded per line', () => {
  let checked = 0;
  for (const line of ['A', 'B', 'D'])
    for (const defect of ['裂纹', '毛刺', '压痕'])
      for (const machine of ['冲床', '设备', '机器人', ''])
        for (const verb of ['冲出来的', '做的', '生产的', '出的']) {
          const question = `${line}线那些${defect}件是哪台${machine}${verb}`;
          const decision = route(question);
          assert.equal(decision.kind, 'none', `${question}: ${JSON.stringify(decision)}`);
          if (decision.kind === 'none')
            assert.ok(
              (decision.unhonoured ?? []).some((entry) => entry.dimension === 'machine'),
              `${question}: names the machine grain`,
            );
          checked += 1;
        }
  for (const machine of ['press', 'machine', 'welder', 'robot'])
    for (const verb of ['made', 'produced', 'stamped'])
      for (const parts of ['the cracked brackets', 'those burrs', 'the bad parts on line B']) {
        const question = `which ${machine} ${verb} ${parts} yesterday`;
        assert.equal(route(question).kind, 'none', question);
        checked += 1;
      }
  // a machine's own state, and its past fixes, stay answered
  argsOf(route('B线3号冲压机振动 以前怎么修的'), 'past fixes of a machine', 'fault_advice');
  argsOf(route('status of press 3 on line B'), 'machine state', 'equipment_status');
  assert.equal(checked, 3 * 3 * 4 * 4 + 4 * 3 * 3);
});

test('a symptom with a request for past fixes in any of its words is fault advice (every lexicon symptom)', () => {
  const observed = OBSERVED_SYNONYMS;
  // one phrase per concept and language: the search's own strings, said as an operator says them
  const said: Record<string, { en: string; zh: string }> = {
    vibration: { en: 'vibration', zh: '振动' },
    jam: { en: 'jammed', zh: '卡料' },
    overheating: { en: 'overheating', zh: '过热' },
    leak: { en: 'leaking', zh: '漏油' },
    noise: { en: 'noise', zh: '异响' },
    burr: { en: 'burrs', zh: '毛刺' },
    alarm: { en: 'alarm', zh: '报警' },
    crack: { en: 'cracks', zh: '裂纹' },
    'out of tolerance': { en: 'out of tolerance', zh: '尺寸超差' },
    porosity: { en: 'porosity', zh: '气孔' },
    spatter: { en: 'spatter', zh: '飞溅' },
    dent: { en: 'dents', zh: '压痕' },
    chatter: { en: 'chatter marks', zh: '振纹' },
    'false reject': { en: 'false rejects', zh: '误判' },
    offline: { en: 'offline', zh: '掉线' },
    collision: { en: 'collision', zh: '碰撞' },
    'belt drift': { en: 'belt drifting', zh: '跑偏' },
    'position deviation': { en: 'position deviation', zh: '定位偏差' },
    'dropped parts': { en: 'dropping parts', zh: '掉件' },
    'arc start': { en: "arc won't strike", zh: '起弧困难' },
    overload: { en: 'overload', zh: '过载' },
    voltage: { en: 'power dips', zh: '电压不稳' },
    'incoming material': { en: 'incoming material problems', zh: '来料问题' },
  };
  let checked = 0;
  for (const entry of observed) {
    const words = said[entry.concept];
    assert.ok(words, `a phrasing for the lexicon's symptom ${entry.concept}`);
    for (const line of ['B', 'D']) {
      for (const asked of ['past fixes?', 'ideas from past WOs?', 'what did we do before?', 'any ideas?']) {
        const question = `${words.en} again on line ${line}, ${asked}`;
        argsOf(route(question), question, 'fault_advice');
        checked += 1;
      }
      for (const asked of ['有啥经验', '看看历史工单 怎么处理', '以前咋修的']) {
        const question = `${line}线${words.zh} ${asked}`;
        argsOf(route(question), question, 'fault_advice');
        checked += 1;
      }
    }
  }
  assert.equal(checked, observed.length * 2 * 7);
  // counting the orders stays a count, and a defect counted over a period stays a figure
  argsOf(route('how many work orders on line B last week'), 'orders counted', 'work_orders');
  argsOf(route('B线上周裂纹有几件'), 'cracks counted', 'quality_metrics');
});

test('a document figure asked plainly is quoted from the documents', () => {
  let checked = 0;
  for (const subject of ['模具压板', '地脚螺栓'])
    for (const asked of ['拧多大力', '上多大劲', '拧多紧', '扭矩多少']) {
      const question = `${subject} M20 ${asked}`;
      assert.deepEqual(argsOf(route(question), question, 'document_search').figure, ['torque'], question);
      checked += 1;
    }
  for (const subject of ['camera ring light', 'ring light on the vision camera'])
    for (const asked of ['when to replace?', 'when to change it?', 'when should we replace it?']) {
      const question = `${subject}, ${asked}`;
      assert.ok((argsOf(route(question), question, 'document_search').figure as string[]).includes('limit'), question);
      checked += 1;
    }
  assert.equal(checked, 8 + 6);
});

test('再上周 / 再上个月 are the week and month before the last, alone or set against the last (every clock)', () => {
  const clocks = [
    '2026-11-29T10:00:00+08:00',
    '2026-11-30T09:00:00+08:00',
    '2026-12-01T08:00:00+08:00',
    '2027-01-05T10:00:00+08:00',
  ];
  const iso = (date: Date): string => date.toISOString().slice(0, 10);
  let checked = 0;
  for (const now of clocks) {
    const today = new Date(`${now.slice(0, 10)}T00:00:00Z`);
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
    const weekBeforeLast = iso(new Date(monday.getTime() - 14 * 86_400_000));
    const monthBeforeLast = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1)));
    const at = (question: string): ReturnType<typeof route> => route(question, now);
    for (const line of ['A', 'C']) {
      for (const question of [`再上周${line}线产量`, `${line}线再上周的不良率`]) {
        const args = argsOf(at(question), question, 'quality_metrics');
        assert.equal((args.period as { from: string }).from, weekBeforeLast, `${now}: ${question}`);
        checked += 1;
      }
      for (const question of [`再上个月${line}线良率`]) {
        const args = argsOf(at(question), question, 'quality_metrics');
        assert.equal((args.period as { from: string }).from, monthBeforeLast, `${now}: ${question}`);
        checked += 1;
      }
      for (const question of [`${line}线上周不良率是不是比再上周高`, `@机器人 ${line}线上周良率比再上周低了吗`]) {
        const args = argsOf(at(question), question, 'quality_compare');
        assert.equal((args.previous as { from: string }).from, weekBeforeLast, `${now}: ${question}`);
        checked += 1;
      }
    }
  }
  assert.equal(checked, 4 * 2 * 5);
});
