import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse } from './analysis.js';
import { routeQuestion } from './index.js';
import { findBatches, findInspectors, findProducts, plantNamesFrom, type PlantNames } from './entities.js';
import { SKILLS } from '../code/index.js';
import { pinyinForms } from './people.js';

/** a plant that is not the demo one: Latin names, other products, other batch numbers */
const OTHER: PlantNames = plantNamesFrom({
  people: [
    { inspector: 'Anna Weber', product: 'VX-9 valve body', line_id: 'A', batches: 40 },
    { inspector: 'Li Na', product: 'VX-9 valve body', line_id: 'A', batches: 38 },
    { inspector: 'Tom Berg', product: 'Pump cover PC7', line_id: 'B', batches: 41 },
  ],
  productNames: [],
  batches: [{ batch_no: 'LOT-2611-0042' }, { batch_no: 'LOT-2611-0043' }],
});

const CLOCK = { now: new Date('2026-11-29T10:00:00+08:00'), timezone: 'Asia/Shanghai' };

test('names come from the data: inspectors and products of another plant are found, nothing else is', () => {
  const lower = 'how many pieces did anna weber inspect on the vx-9 last week';
  assert.deepEqual(
    findInspectors(lower, OTHER).map((mention) => [mention.value, mention.known]),
    [['Anna Weber', true]],
  );
  assert.deepEqual(
    findProducts(lower, OTHER).map((mention) => mention.value),
    ['VX-9 valve body'],
  );
  // the demo plant's names mean nothing here
  assert.deepEqual(findInspectors('王芳上周检验了多少件', OTHER), []);
  // a code as operators write it: without the dash, with a space
  assert.deepEqual(
    findProducts('pc 7 defect rate', OTHER).map((mention) => mention.value),
    ['Pump cover PC7'],
  );
  assert.deepEqual(
    findProducts('pump covers this week', OTHER).map((mention) => mention.value),
    ['Pump cover PC7'],
  );
});

test('a name the data lacks is still found when the question says what it is', () => {
  assert.deepEqual(
    findInspectors('检验员李明上周检验了多少件', OTHER).map((mention) => [mention.value, mention.known]),
    [['李明', false]],
  );
  assert.deepEqual(
    findInspectors('how many parts did inspector miller check last week', OTHER).map((mention) => mention.value),
    ['miller'],
  );
  assert.deepEqual(findInspectors('defect rate by inspector on line a', OTHER), []);
  assert.deepEqual(findInspectors('各检验员的不良率', OTHER), []);
  assert.deepEqual(
    findProducts('型号xy-999本月的不良率', OTHER).map((mention) => [mention.value, mention.known]),
    [['xy-999', false]],
  );
});

test("batch numbers: after the batch word, or bare in the shape of the plant's own numbers", () => {
  assert.deepEqual(
    findBatches('who inspected lot-2611-0042', 'who inspected LOT-2611-0042', OTHER).map((batch) => batch.value),
    ['LOT-2611-0042'],
  );
  assert.deepEqual(
    findBatches('批次x123的不良率', '批次X123的不良率', OTHER).map((batch) => batch.value),
    ['X123'],
  );
  // the demo shape is not this plant's: a bare demo number is no batch here, and no equipment id is one
  assert.deepEqual(findBatches('a20261118d001', 'A20261118D001', OTHER), []);
  assert.deepEqual(findBatches('b-press-03 status', 'B-PRESS-03 status', OTHER), []);
});

test('a batch number is neither a line nor a date; a named batch routes to batch_lookup', () => {
  const demo = plantNamesFrom({
    people: [{ inspector: '张伟', product: '车门铰链 HG-220', line_id: 'A', batches: 1 }],
    batches: [{ batch_no: 'A20261118D001' }],
  });
  const analysis = analyse('B20261119N002', { ...CLOCK, names: demo });
  assert.deepEqual(analysis.lines.lines, []);
  assert.deepEqual(analysis.periods, []);
  const decision = routeQuestion('B20261119N002', { ...CLOCK, skills: SKILLS, names: demo });
  assert.equal(decision.kind === 'skill' && decision.skill, 'batch_lookup');
  assert.deepEqual(decision.kind === 'skill' && decision.args.batches, ['B20261119N002']);
});

test('a named inspector or product is never dropped by a skill that does not filter by it', () => {
  // a defect type per inspector: quality_breakdown does not break defect types down, and says so
  const scratches = routeQuestion('how many scratches did Anna Weber find this week', {
    ...CLOCK,
    skills: SKILLS,
    names: OTHER,
  });
  assert.equal(scratches.kind, 'none', JSON.stringify(scratches));
  assert.ok(scratches.kind === 'none' && scratches.unhonoured?.some((entry) => entry.dimension === 'defect_type'));
  // the on-call check and the weekly report would answer without her: they name her instead
  for (const question of ['is Li Na on call today', 'weekly report for Li Na']) {
    const decision = routeQuestion(question, { ...CLOCK, skills: SKILLS, names: OTHER });
    assert.equal(decision.kind, 'none', `${question}: ${JSON.stringify(decision)}`);
    assert.ok(
      decision.kind === 'none' &&
        decision.unhonoured?.some((entry) => entry.dimension === 'inspector' && entry.words === 'Li Na'),
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
  // operators are not the inspectors the data records
  const operators = routeQuestion('defect rate by operator this week', { ...CLOCK, skills: SKILLS, names: OTHER });
  assert.equal(operators.kind, 'none');
});

test('by inspector, by product, for a named one: the slots', () => {
  const route = (question: string): Record<string, unknown> => {
    const decision = routeQuestion(question, { ...CLOCK, skills: SKILLS, names: OTHER });
    assert.equal(
      decision.kind === 'skill' && decision.skill,
      'quality_breakdown',
      `${question}: ${JSON.stringify(decision)}`,
    );
    return decision.kind === 'skill' ? decision.args : {};
  };
  assert.equal(route('defect rate by inspector on line A this week').by, 'inspector');
  assert.equal(route('本月各产品的不良率').by, 'product');
  assert.deepEqual(route('Li Na yield yesterday').inspectors, ['Li Na']);
  const both = route('defect rate per inspector for the VX-9 this month');
  assert.equal(both.by, 'inspector');
  assert.deepEqual(both.products, ['VX-9 valve body']);
  assert.equal(route('the 3 worst batches this week').top, 3);
});

/** the demo plant's people: Chinese inspectors and engineers, said in pinyin as often as in characters */
const DEMO_PEOPLE: PlantNames = plantNamesFrom({
  people: [
    { inspector: '王芳', product: '车门铰链 HG-220', line_id: 'A', batches: 1 },
    { inspector: '赵磊', product: '冲压支架 BR-310', line_id: 'B', batches: 1 },
    { inspector: '张伟', product: '车门铰链 HG-220', line_id: 'A', batches: 1 },
    { engineer: '王磊', login: 'wanglei' },
    { engineer: '陈静', login: 'chenjing' },
  ],
  batches: [{ batch_no: 'A20261118D001' }],
});

test('a Chinese name said in pinyin is that person, never "a person the data does not have"', () => {
  assert.ok(pinyinForms('王芳').includes('wang fang'));
  assert.ok(pinyinForms('王芳').includes('wangfang'));
  assert.deepEqual(pinyinForms('Anna'), []);
  for (const [question, inspector] of [
    ['how many pieces did wang fang inspect last week', '王芳'],
    ['Zhao Lei defect rate this month', '赵磊'],
  ] as const) {
    const decision = routeQuestion(question, { ...CLOCK, skills: SKILLS, names: DEMO_PEOPLE });
    assert.equal(decision.kind, 'skill', `${question}: ${decision.reason}`);
    assert.deepEqual(decision.kind === 'skill' ? decision.args.inspectors : undefined, [inspector], question);
  }
  const engineer = routeQuestion('wang lei open work orders', { ...CLOCK, skills: SKILLS, names: DEMO_PEOPLE });
  assert.equal(engineer.kind === 'skill' ? engineer.args.assignee : undefined, '王磊');
});

test('"按检验员汇总" asks by inspector: 汇总 is no inspector; an unread word is said as unread', () => {
  for (const question of ['上个月按检验员汇总的不良率', '按检验员统计上周不良率']) {
    const decision = routeQuestion(question, { ...CLOCK, skills: SKILLS, names: DEMO_PEOPLE });
    assert.equal(decision.kind, 'skill', decision.reason);
    assert.deepEqual(decision.kind === 'skill' ? decision.args.inspectors : undefined, [], question);
    assert.equal(decision.kind === 'skill' ? decision.args.by : undefined, 'inspector', question);
  }
  // a name the lists lack: the hint says the rules did not match it, not that the plant has no such person
  const unknown = routeQuestion('how many pieces did zhang jianguo inspect last week', {
    ...CLOCK,
    skills: SKILLS,
    names: DEMO_PEOPLE,
  });
  assert.equal(unknown.kind, 'none');
  assert.match(unknown.reason, /could not match the name "zhang jianguo" to anyone in the plant's lists/);
  assert.doesNotMatch(unknown.reason, /does not have/);
  // "who covered" a day is the on-call rota's question (its "who": the engineer on call), never an inspector
  const who = routeQuestion('who covered thanksgiving', { ...CLOCK, skills: SKILLS, names: DEMO_PEOPLE });
  assert.equal(who.kind === 'skill' && who.skill, 'oncall_check', who.reason);
  assert.deepEqual(who.kind === 'skill' ? who.args : undefined, { date: '2026-11-26' });
  assert.doesNotMatch(who.reason, /inspector/);
});
