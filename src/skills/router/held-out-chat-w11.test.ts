/**
 * Chat-app markup (chat.ts), tested by generation: every question of the phrasing corpus that the rules answer is
 * asked again the way it is typed in a chat app — a mention of the bot before or after it, a quoted reply before it
 * (回复 张伟：…？ with the plant's names), a particle or a tail after it (哈, 呗, lol, by EOD, 🙏, [捂脸]), a delivery verb
 * (导出一下, 发群里, send it to me) — and must get the bare question's answer. A mention is never the robots, a quote
 * the operator only points back at is the question, and no word of the lexicon is taken for chat markup.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLANT_EQUIPMENT, decisionShape, routerOver } from './testing.js';
import { parseCorpus } from './corpus/test-support.js';
import { normalizeText } from './normalize.js';
import { LEXICON, SYNONYMS } from './lexicon.js';
import type { RouteDecision } from '../engine-types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const route = routerOver({ equipment: PLANT_EQUIPMENT });

const PEOPLE = ['张伟', '王芳', '李娜', '刘洋', '马超', '赵磊', '王磊'];
const EN_PEOPLE = ['Zhang Wei', 'Wang Fang', 'Li Na', 'Michael Johnson', 'Ma Chao'];

const ZH = {
  mentionBefore: ['@机器人 ', '@小助手 ', '@助手：', '@AI ', '@agent ', '@bot ', '@智能助手 ', '@机器人'],
  mentionAfter: [' @机器人', ' @小助手', ' @AI', ' @agent'],
  quote: (name: string, k: number): string =>
    [
      `回复 ${name}：昨天的数据呢？ `,
      `回复${name}:这个咋样了？ `,
      `引用 ${name}的消息：那个怎么样？ `,
      `「${name}：数据呢？」 `,
    ][k % 4]!,
  particle: ['哈', '呗', '哈哈', '啦', '哈哈哈', '呀'],
  tail: [' 🙏', '🙏🙏', ' [捂脸]', '[抱拳]', ' 忘了哈哈', '，我忘了', ' 哈哈哈', '，急用哈', ' 😂'],
  deliveryAfter: [
    ' 导出一下',
    '，发我一下',
    ' 发群里',
    ' 拉一下',
    ' 拉个表',
    '，列个表',
    ' 给我整理一下',
    '，导出',
    '，发一下哈',
  ],
  deliveryBefore: ['给我整理一下 ', '帮我拉一下 ', '导出一下 ', '帮我导出 ', '麻烦整理一下：'],
};
const EN = {
  mentionBefore: ['@agent ', '@bot ', '@AI: ', '@assistant ', '@agent, ', '@Bot '],
  mentionAfter: [' @agent', ' @bot', ' @AI'],
  quote: (name: string, k: number): string =>
    [`> how are the numbers? `, `replying to ${name}: any update? `, `> what about yesterday? `][k % 3]!,
  tail: [' lol', ' pls', ' plz', ' by EOD', ' 🙏', ' thx', ', phone died lol', ' haha', ' asap', ' 👍', ' (lol)'],
  deliveryAfter: [
    ', send it to me',
    ' and drop it in the group',
    ', export it',
    ' - post it in the group chat',
    ', send them over',
  ],
  deliveryBefore: ['export ', 'dump ', 'send me ', 'pull up ', 'pls send me '],
};

/** the quote stays where the operator's own words ask it as well (顺便…也, "also") */
const ADDS_TO_QUOTE = /顺便|顺带|另外|[\u4e00-\u9fff]也|\b(?:also|too|as\s+well|plus)\b/i;
/** a delivery verb before the question reads only before a noun phrase, not before "what's …" or 谁 */
const STARTS_AS_QUESTION = new RegExp(
  String.raw`^(?:what|which|who|whom|whose|how|when|where|why|is|are|was|were|do|does|did|can|could|any|show|list|give|tell|get|` +
    String.raw`pull|send|export|dump|谁|哪|什么|啥|有没有|有几|是不是|多少|帮|给|请|麻烦|查|看|列|导|拉|整理|发)`,
  'i',
);

/** the question in the k-th markup of its language: every part of every list is used across the k's */
function chatted(question: string, language: 'zh' | 'en', k: number): string | undefined {
  const pick = <T>(list: T[], salt: number): T => list[(k * 7 + salt) % list.length]!;
  const bare = question.replace(/[?？]\s*$/, '');
  if (language === 'zh') {
    const name = pick(PEOPLE, 11);
    switch (k % 7) {
      case 0:
        return `${pick(ZH.mentionBefore, 1)}${question}`;
      case 1:
        return `${bare}${pick(ZH.particle, 2)}${pick(ZH.mentionAfter, 3)}`;
      case 2:
        return ADDS_TO_QUOTE.test(question) ? undefined : `${ZH.quote(name, k)}${pick(ZH.mentionBefore, 4)}${question}`;
      case 3:
        return `${bare}${pick(ZH.tail, 5)}`;
      case 4:
        return `${bare}${pick(ZH.deliveryAfter, 6)}`;
      case 5:
        return STARTS_AS_QUESTION.test(question) ? undefined : `${pick(ZH.deliveryBefore, 7)}${question}`;
      default:
        return `${pick(ZH.mentionBefore, 8)}${bare}${pick(ZH.deliveryAfter, 9)}${pick(ZH.particle, 10)}${pick(ZH.tail, 12)}`;
    }
  }
  const name = pick(EN_PEOPLE, 11);
  switch (k % 7) {
    case 0:
      return `${pick(EN.mentionBefore, 1)}${question}`;
    case 1:
      return `${bare}${pick(EN.mentionAfter, 2)}`;
    case 2:
      return ADDS_TO_QUOTE.test(question) ? undefined : `${EN.quote(name, k)}${pick(EN.mentionBefore, 3)}${question}`;
    case 3:
      return `${bare}${pick(EN.tail, 4)}`;
    case 4:
      return `${bare}${pick(EN.deliveryAfter, 5)}`;
    case 5:
      return STARTS_AS_QUESTION.test(question) ? undefined : `${pick(EN.deliveryBefore, 6)}${question}`;
    default:
      return `${pick(EN.mentionBefore, 7)}${bare}${pick(EN.deliveryAfter, 8)}${pick(EN.tail, 9)}`;
  }
}

const shape = decisionShape;

test('a question inside chat-app markup gets the bare question’s answer', () => {
  const entries = parseCorpus(path.join(here, 'corpus', 'phrasings.txt'), 'phrasings.txt').filter(
    (entry) => !entry.honest && !entry.need && !entry.multi,
  );
  let checked = 0;
  const failures: string[] = [];
  for (const entry of entries) {
    const bare = route(entry.question, entry.clock);
    if (bare.kind !== 'skill' || bare.missing.length > 0) continue;
    for (let k = 0; k < 7; k++) {
      const question = chatted(entry.question, entry.language, k + entry.line);
      if (question === undefined) continue;
      const decision = route(question, entry.clock);
      checked += 1;
      if (shape(decision) !== shape(bare))
        failures.push(`${question}\n    got ${shape(decision)}\n    bare ${shape(bare)}`);
    }
  }
  assert.ok(checked > 2500, `only ${checked} questions in chat markup`);
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${checked} questions in chat markup changed`);
});

test('a mention is the addressee, never the robots; 机器人 without @ is still the robots', () => {
  for (const mention of ['@机器人', '@机器人 ', '@小助手', '@AI', '@agent', '@机器人：'])
    for (const rest of ['那个呢？？', '那个呢', '', '在吗', '？', '那个……']) {
      const decision = route(`${mention}${rest}`);
      assert.ok(
        decision.kind === 'none' || decision.skill !== 'equipment_status',
        `${mention}${rest}: ${JSON.stringify(decision)}`,
      );
    }
  for (const question of [
    '机器人 状态',
    '机器人状态',
    '机器人现在什么状态',
    '@机器人 机器人状态',
    'robot status',
    '@agent robot status',
  ]) {
    const decision = route(question);
    assert.equal(
      decision.kind === 'skill' && decision.skill,
      'equipment_status',
      `${question}: ${JSON.stringify(decision)}`,
    );
  }
});

test('a quote the operator only points back at, or asks as well, is kept; one followed by a question is dropped', () => {
  for (const name of PEOPLE) {
    // only pointing back: the quote is the question
    const kept = route(`回复 ${name}：B线上周不良率多少？ 查一下`, 'mon');
    assert.equal(shape(kept), shape(route('B线上周不良率多少？', 'mon')), name);
    assert.equal(kept.kind, 'skill', name);
    // the quote is all there is
    const alone = route(`回复${name}:A线昨天不良率多少`, 'mon');
    assert.equal(shape(alone), shape(route('A线昨天不良率多少', 'mon')), name);
    // the operator's own question after it: the quote's line and period are not asked
    const own = route(`回复 ${name}：B线上周的数据呢？ @机器人 A线昨天不良率多少`, 'mon');
    assert.equal(shape(own), shape(route('A线昨天不良率多少', 'mon')), name);
  }
  for (const name of EN_PEOPLE) {
    const own = route(`replying to ${name}: line B last week? @agent line A yield yesterday`, 'mon');
    assert.equal(shape(own), shape(route('line A yield yesterday', 'mon')), name);
  }
  const quoted = normalizeText('> line C output last week? also line A yield yesterday');
  assert.match(quoted.text, /line C/, 'asked as well: the quote stays');
  // ">" before a number is "more than", not a quote
  assert.match(normalizeText('> 5% defect rate lines yesterday').text, />\s*5%/);
});

test('rn / atm keep their meaning (right now); delivery words inside other words stay', () => {
  for (const question of ['faults rn', 'machines down atm']) {
    const normalized = normalizeText(question);
    assert.match(normalized.text, /right now/, question);
    assert.ok(!normalized.rewrites.some((rewrite) => rewrite.kind === 'chat'), question);
  }
  for (const question of [
    '上周发生了什么故障',
    '拉伸不良上周多少',
    'B线拉伸件的不良率',
    '发货前抽检结果',
    '整理箱的保养',
    'line A share of defects yesterday',
    'who forgot to close work orders',
    'output @ 5pm yesterday on line A',
    'ops@plant.com',
  ])
    assert.ok(
      !normalizeText(question).rewrites.some((rewrite) => rewrite.kind === 'chat'),
      `${question}: ${JSON.stringify(normalizeText(question).rewrites)}`,
    );
});

test('no word of the lexicon is ever taken for chat markup, wherever it stands', () => {
  // the lexicon's own delivery words (发我 → 给我看看) are blanked only as a clause of their own (…，发我一下)
  const delivery = new Set(['发我', '发给我', '发一下', '发过来']);
  const words = [
    ...LEXICON.flatMap((entry) => [...entry.zh, ...entry.en]),
    ...SYNONYMS.flatMap((synonym) => synonym.words ?? []),
  ].filter((word) => !delivery.has(word));
  let checked = 0;
  for (const word of words)
    for (const question of [
      word,
      `${word} line A today`,
      `line A today, ${word}`,
      `line A today ${word}`,
      `${word}，A线今天`,
      `A线今天${word}`,
      `A线今天 ${word}`,
    ]) {
      const chat = normalizeText(question).rewrites.filter((rewrite) => rewrite.kind === 'chat');
      assert.deepEqual(chat, [], question);
      checked += 1;
    }
  assert.ok(checked > 1000, `${checked}`);
});
