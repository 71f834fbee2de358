/**
 * A figure from a manual or SOP, quoted from the seeded plant's documents through the real docs server's handlers
 * (issue 27, item 5): every subject of the document-fact lexicon asked in both languages finds its figure, named
 * with its document; a subject the documents give no figure for gets the honest reply naming what was searched.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedTestPlant } from '../../../seed/testing.js';
import { SKILLS } from '../index.js';
import { routeQuestion } from '../../router/index.js';
import { docsServerTools, runSkill } from '../shared/testing.js';
import { documentSearch } from './skill.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'doc-figure-'));
const plant = seedTestPlant({ dir, rows: 200 });
const tools = docsServerTools(plant.docsDir!);
after(() => rmSync(dir, { recursive: true, force: true }));

async function ask(question: string) {
  const decision = routeQuestion(question, {
    skills: SKILLS,
    now: new Date('2026-11-29T10:00:00+08:00'),
    timezone: 'Asia/Shanghai',
  });
  assert.ok(
    decision.kind === 'skill' && decision.skill === 'document_search',
    `${question}: ${JSON.stringify(decision)}`,
  );
  assert.ok(Array.isArray(decision.args.figure), `${question}: a figure asked`);
  const language = /[\u4e00-\u9fff]/.test(question) ? 'zh' : 'en';
  return (await runSkill({ skill: documentSearch, args: decision.args, tools, language })).result;
}

// subject × the way the figure is asked, in both languages; each with the figure the documents hold (checked by hand
// against src/seed/documents-text.ts) and the document it is in
const CASES: Array<[questions: string[], figure: string, file: RegExp]> = [
  [
    ['冲床地脚螺栓打多大扭矩', '地脚螺栓扭矩多少', 'anchor bolt torque?', 'what torque for the anchor bolts'],
    '640',
    /press/,
  ],
  [['模具压板螺丝扭矩多少', 'die clamp torque on the press'], '380', /JH21-250/],
  [['滑块调节锁紧扭矩', 'slide adjust lock torque?'], '200', /JH21-250/],
  [['主轴轴承多久补一次脂', 'how often is the main shaft bearing greased'], '500', /JH21-250/],
  [['主轴轴承补多少脂', 'how much grease for the main shaft bearing'], '80', /JH21-250/],
  [['飞轮轴承多久加一次油', 'flywheel bearing grease interval?'], '2000', /JH21-250/],
  [['导轨间隙标准多少', 'gib clearance spec'], '0.03', /SOP-PR-007/],
  [['过载保护油压标准多少', 'overload protection pressure standard'], '22', /JH21-250/],
  [['振动超过多少要停机', 'vibration above what mm/s do we stop the press'], '7.1', /SOP-PR-007/],
  [['轴承座温度超过多少度要换轴承', 'main bearing temperature limit'], '70', /SOP-PR-007/],
  [['NB-500保护气流量多少', 'shielding gas flow for the NB-500'], '15-20', /NB-500/],
  [['焊丝多粗', 'welding wire diameter'], '1.2', /NB-500/],
  [['加工中心停机多久要跑暖机', 'warm-up program interval'], 'O9001', /VMC-850/],
  [['环形光源什么时候换', 'when do we replace the ring light'], '140', /VC-5000/],
  [['误判率超过多少要检查相机', 'false reject limit on the camera'], '3%', /VC-5000/],
  [['SP9031报警啥意思', 'alarm SP9031 what does it mean'], 'Spindle overheat', /VMC-850/],
  [['EX1021是什么意思', 'vmc says EX1021 what is it'], 'Coolant pressure low', /VMC-850/],
  [['不良率超过多少要通知班长'], '2 倍', /SOP-QA-002/],
];

test('each figure is quoted whole from its document, with the document and its line', async () => {
  let asked = 0;
  for (const [questions, figure, file] of CASES)
    for (const question of questions) {
      const result = await ask(question);
      const data = result.data as { error?: string; passages: Array<{ path: string; text: string; line: number }> };
      assert.equal(data.error, undefined, `${question}: ${result.answer}`);
      assert.ok(data.passages[0]!.text.includes(figure), `${question}: ${data.passages[0]!.text}`);
      assert.match(data.passages[0]!.path, file, question);
      assert.ok(result.answer.includes(`> ${data.passages[0]!.text}`), `${question}: quoted whole`);
      assert.ok(result.answer.includes(data.passages[0]!.path), `${question}: the document named`);
      asked++;
    }
  assert.ok(asked >= 35);
});

test('a subject the documents give no figure for: the honest reply names what was searched', async () => {
  for (const question of ['3号冲床离合器间隙是多少', 'clutch clearance on the press?']) {
    const result = await ask(question);
    assert.equal((result.data as { error?: string }).error, 'no_figure', result.answer);
    assert.match(result.answer, /离合器|clutch/);
    assert.match(result.answer, /没有找到|No passage/);
  }
});

test('a figure asked "now" is a sensor reading, not a document fact; a fix asked is advice', () => {
  const route = (question: string) =>
    routeQuestion(question, { skills: SKILLS, now: new Date('2026-11-29T10:00:00+08:00'), timezone: 'Asia/Shanghai' });
  for (const question of ['主轴轴承座现在多少度', 'spindle bearing temperature right now']) {
    const decision = route(question);
    assert.ok(decision.kind !== 'skill' || !decision.args.figure, question);
  }
  for (const question of ['冲床振动以前怎么修好的', 'press vibrating, what fixed it before']) {
    const decision = route(question);
    assert.ok(decision.kind === 'skill' && decision.skill === 'fault_advice', question);
  }
});
