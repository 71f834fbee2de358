/**
 * Several questions in one message (issue 27, item 5): "line A's defect rate
 * yesterday and who was on call then?", "3号冲床现在啥状态 有几张单没关",
 * "这周各线产量 顺便看下哪些设备超期没保养". Where one question ends and
 * another begins:
 *  - strong breaks always end a part: "；", "? …", "，还有 …", ", and who …",
 *    ", also …", "，再看下 …", "然后查 …", ", then check …", " + ";
 *  - weak breaks (a space between Chinese clauses, a comma) end a part only
 *    when the words after them ask for something of their own (a skill's
 *    intent): "D线昨天良率 还有D线现在哪台设备故障" is two questions, "B线上周
 *    产量多少，跟上上周比呢" one (the comparison leans on what came before).
 * A piece that asks nothing of its own stays with the part before it (or the
 * one after it, when it comes first). The parts are routed one after the
 * other, each with the slots of the ones before (index.ts: references back
 * and what a part leaves unsaid).
 */
import type { Analysis } from './analysis.js';

/** breaks that always end a question */
const STRONG_BREAK = new RegExp(
  [
    String.raw`(?:[，,；;。]|\s)\s*(?=(?:还有|另外|以及|并且|同时|顺便|再问一下|再查一下|(?:然后|接着|再)(?:帮我)?(?:看|查|问|找|搜)))`,
    String.raw`|[；;]|[?？]\s*(?=\S)`,
    String.raw`|[,，]?\s+(?=and\s+(?:also|is|are|was|were|who|who's|which|what|what's|`,
    String.raw`how|when|where|did|does|do|can|could|show|list|tell|give|any|anything)\b)`,
    // ", also …", ". also …", "; plus …": a sentence's end before "also" or "plus" starts another question
    String.raw`|[,，.。]\s*(?=(?:also|plus|then\s+(?:check|show|find|look|tell|give|list))\s+)|\s+\+\s+|\s*＋\s*`,
    // ", then the weekly report for that week": a thing asked after "then"
    String.raw`|[,，]\s*(?=then\s+(?:the|a|an|its|their|that|those|same)\s+)`,
    // a numbered list: "1) … 2) …", "1. … 2. …", "①…②…" (the numbers are no words of the parts)
    // ("N." only in a message that starts "1.": "what's 480 times 12. also …" has no list)
    String.raw`|(?:^|\s+)\d{1,2}[)）]\s*|^\s*1\.(?!\d)\s*|(?<=^\s*1\.(?!\d)[\s\S]*)\s+\d{1,2}\.(?!\d)\s*`,
    String.raw`|\s*[①②③④⑤⑥⑦⑧⑨⑩]\s*`,
    // an enumeration in words: "一是… 二是… 三是…", "第一… 第二…", "首先… 其次… 最后…", "first, … second, …"
    String.raw`|(?<=^|[，,。；;:：\s])\s*(?:[一二三四五](?:是|[，,:：])|第[一二三四五](?:个|点|件事?)?(?:是|[，,:：])|其[一二三四](?:是|[，,:：])|`,
    String.raw`首先|其次|最后(?:是|一个是|[，,:：])|(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|finally)\s*[,:：]\s*)`,
  ].join(''),
  'gi',
);
/** a comparison of what was asked before with another time: "跟上上周比呢", "和再前一个月比", "compared with last month" */
const COMPARED =
  /(?:那|再)?(?:跟|和|与)[^，,。？?；;\s]{1,12}?(?:比|相比|对比|比较)(?:呢|一下|下|看看)?\s*[?？]?$|(?:and\s+)?(?:compared?\s+(?:to|with)|vs\.?|versus)\s/i;
/** the earlier part's things pointed back at: "who closed the most of those", "其中哪个最多" */
const OF_THOSE = /\b(?:of|among|from)\s+(?:those|them|these)\b|其中|(?:这|那)些(?:里面?|当中|中间?)/;

/**
 * A piece that asks nothing a skill reads alone, but a question of its own leaning on the part before: a
 * comparison of it with another time ("跟再前一个月比呢"), or a question about its things ("who closed the most
 * of those"). It is a part; index.ts answers it with the part before (a follow-up, or both read together).
 */
export function leansOnBefore(words: string): boolean {
  const bare = words.replace(JOINER, '').trim();
  return new RegExp(`^(?:${COMPARED.source})`, 'i').test(bare) || OF_THOSE.test(bare.toLowerCase());
}

/** one item of a list that "and" joins: a priority (P1), a line (line A, A) */
const LIST_ITEM = String.raw`\b(?:[pP][0-3]s?|(?:[lL]ine\s+)?[a-dA-D])`;

/**
 * breaks that end a question when the words before end one (多少, 啥, 谁, 吗 …) and the words after ask for
 * something of their own: "3号冲床现在啥状态 有几张单没关", "B线上周四不良率多少，那天谁值班"
 */
const WEAK_BREAK = new RegExp(
  String.raw`(?<=(?:多少|几[件张个台条天次]?|啥状态|啥|什么|谁|吗|呢|没|怎么样|如何|咋样|么|[?？]))(?:\s*[，,]\s*|\s+)(?=\S)` +
    // or before a reference back to the time of the words before: "元旦那天A线产量 那天谁值班", "… 同一周的周报"
    String.raw`|(?:\s*[，,]\s*|\s+)(?=(?:那天|那1天|那一天|当天|同1天|同一天|那周|那1周|那一周|同1周|同一周|同一个?(?:星期|礼拜|月)|那个月|那时候?|当时))` +
    // or "and" with or without a comma: "D output last week, and the M24 anchor bolt torque", "C-CAM-01 status and
    // the ring light limit from the manual" (a part only if the words before and after each ask their own)
    // (never between two of a list: "open P1 and P2 orders", "line A and line C", "A and D last week")
    String.raw`|\s*[，,]\s*(?=and\s+\S)|(?<!${LIST_ITEM})\s+(?=and\s+\S)|(?<=${LIST_ITEM})\s+(?=and\s+(?!${LIST_ITEM}\b)\S)` +
    // or a comma before a comparison with another time: "上个月C线良率，跟再前一个月比呢"
    String.raw`|\s*[，,]\s*(?=${COMPARED.source})` +
    // or 还有 / 另外 straight after the words before, as a voice transcript has it: "c线上周不良率还有过期的设备有哪些"
    // (never 还有没有, 还有几张: "still")
    String.raw`|(?<=[\u4e00-\u9fff])(?=(?:还有|另外)(?!没|多少|几|吗|什么))` +
    // or a sentence's end: "A线昨天不良率多少。今天谁值班", "list open P1s. who's on call" (4.5 is a number)
    String.raw`|\s*。\s*|(?<=[a-zA-Z0-9)'"])\.\s+(?=\S)`,
  'g',
);
/**
 * the words that only join ("and", "还有", "顺便看下", 那 of "那B线呢") are dropped from the start of a part; 那 of a
 * reference back (那天, 那时, 那班 …) stays
 */
const JOINER =
  /^(?:and\s+also|and|also|plus|then|还有|另外|以及|并且|同时|顺便(?:看下|看一下|问下|问一下|查下|查一下)?|再问一下|再查一下|(?:然后|接着|再)(?:帮我)?(?:看下|看一下|查下|查一下|问下|问一下)?|那(?![天时会次周个一班条台批]))\s*/i;

/**
 * the part's own time said again in a piece that leans on it: "12月份A线不良率多少，同期B线呢" asks for B in
 * December, the part's period (the words are dropped; the part reads its period once)
 */
const SAME_TIME_AGAIN = /([，,]\s*)(?:同期|同一时期|同时期|同一时间|同一时段)(?=\S)/g;

/** a piece that only says yes to the agent ("… yes + the week before pls"): no question of its own */
const ACKNOWLEDGED = /^(?:yes|yeah|yep|yup|ok|okay|sure|好的?|是的?|对的?|嗯+|行)$/i;

/** the words before a piece end a question: "？", "。", ". ", "；", " + ", a list's "2)" (not a comma, nor "v.") */
const ENDED = /(?:[?？。；;+＋①②③④⑤⑥⑦⑧⑨⑩]|(?<=[^\s.])(?<!\bvs?)\.|\s\d{1,2}[)）.])\s*$/;

interface Piece {
  start: number;
  end: number;
}

/** the pieces of text[from, to) between the pattern's matches, as spans of text */
function cut(text: string, range: Piece, pattern: RegExp): Piece[] {
  const pieces: Piece[] = [];
  const inner = text.slice(range.start, range.end);
  let last = 0;
  pattern.lastIndex = 0;
  for (const match of inner.matchAll(pattern)) {
    pieces.push({ start: range.start + last, end: range.start + match.index });
    last = match.index + match[0].length;
  }
  pieces.push({ start: range.start + last, end: range.end });
  return pieces.filter((piece) => {
    const words = text.slice(piece.start, piece.end).replace(/[?？!！。.,，\s+＋]/g, '');
    return words !== '' && !ACKNOWLEDGED.test(words);
  });
}

/**
 * The parts of a message that asks several questions, each as the operator wrote it (joining words kept), or
 * undefined for one question. `asks` tells whether some words alone ask for a skill (the router's intents);
 * `follows` whether they are a follow-up naming only slots ("那夜班呢", "and last week?").
 */
export function splitQuestions(
  question: string,
  asks: (words: string) => boolean,
  follows: (words: string) => boolean = () => false,
): string[] | undefined {
  // "地脚螺栓扭矩 和 模具压板扭矩 分别多少": one question word for two things, each asked on its own (分别 = each)
  // and "超期工单和超期保养的设备都列一下": two lists asked with one verb after 都 (both), each a question of its own
  for (const shared of [EACH_ASKED, BOTH_ASKED]) {
    const match = shared.exec(question.trim());
    if (!match) continue;
    const [, left, right, asked] = match as unknown as [string, string, string, string];
    const parts = [`${left.trim()}${asked}`, `${right.trim()}${asked}`];
    if (parts.every((part) => asks(part))) return parts;
  }
  const words = (piece: Piece): string => question.slice(piece.start, piece.end).trim();
  const parts: string[] = [];
  let asking = 0;
  for (const strong of cut(question, { start: 0, end: question.length }, STRONG_BREAK)) {
    let current: Piece | undefined;
    let currentAsks = false;
    for (const weak of cut(question, strong, WEAK_BREAK)) {
      // a follow-up that names only another shift, line or period after a question's end ("？那夜班呢", ". and the
      // week before?") is a part of its own: it is asked again with the slots it names ("，同期B线呢" reads on)
      const ended = ENDED.test(question.slice(0, weak.start));
      const own: boolean =
        asks(words(weak).replace(JOINER, '')) ||
        ((asking > 0 || currentAsks) && (leansOnBefore(words(weak)) || (ended && follows(words(weak)))));
      if (current && own && currentAsks) {
        parts.push(words(current));
        asking += 1;
        current = weak;
        currentAsks = own;
      } else {
        // a piece that asks nothing of its own stays with the part it leans on, as the operator wrote them
        current = current ? { start: current.start, end: weak.end } : weak;
        currentAsks = currentAsks || own;
      }
    }
    if (current) {
      parts.push(words(current));
      if (currentAsks) asking += 1;
    }
  }
  // a strong-break piece that asks nothing of its own ("跟10月比呢") is still its own part: it leans on the one before
  if (parts.length < 2 || asking < 2) return undefined;
  // the count said before the questions ("领导问了三个事 一是…", "two things: …") is no part and no words of one
  const first = parts[0]!.replace(COUNT_SAID, '').trim();
  return (first === '' ? parts.slice(1) : [first, ...parts.slice(1)]).map((part) =>
    part.replace(SAME_TIME_AGAIN, '$1'),
  );
}

/** the number of questions said before them: "领导问了三个事", "有两个问题：", "two things:", "3 questions -" */
const COUNT_SAID =
  /^.*?(?:[两二三四五几\d]\s*(?:个|件)\s*(?:事儿?|事情|问题)|\b(?:two|three|four|five|a\s+few|a\s+couple\s+of|couple\s+of|\d)\s+(?:things|questions|qs)\b)\s*[:：,，\-–—]?\s*/i;

/**
 * questions counted out in words ("一是… 二是…", "第一，… 第二，…", "首先… 其次…", "first, … second, …"): a list of
 * separate questions, each asked on its own (index.ts: no part takes another's line or period unless it refers back)
 */
export const COUNTED_OUT =
  /(?<=^|[，,。；;:：\s])\s*(?:二是|第二(?:个|点|件事?)?(?:是|[，,:：])|其二|其次)|\bsecond(?:ly)?\s*[,:：]/i;

/** two things joined by 和/与/跟/及 and asked once with 分别 (each): 分别多少, 分别是多少, 分别是几 */
const EACH_ASKED =
  /^([^，,。？?；;和与跟及]{2,30}?)\s*(?:和|与|跟|及)\s*([^，,。？?；;和与跟及]{2,30}?)\s*分别\s*((?:是|为)?(?:多少|几|多大|多久)[^，,。？?；;]{0,6})[?？]?$/;

/** two things joined by 和/与/跟 and asked once with 都 (both): 都列一下, 都查一下, 都给我看看 */
const BOTH_ASKED =
  /^([^，,。？?；;和与跟及]{2,30}?)\s*(?:和|与|跟|以及|还有)\s*([^，,。？?；;和与跟及]{2,30}?)\s*(?:都|全都|一起|一并)\s*((?:给我|帮我)?(?:列一下|列出来|列|查一下|查查|查|看一下|看看|发我|拉一下|拉出来))[?？。!！]?$/;

/** the words of a part without the joining words before it */
export function partQuestion(part: string): string {
  return part.replace(JOINER, '').trim() || part;
}

/** an analysis asks nothing: no line, machine, period or person either (a bare "呢") */
export function asksNothing(analysis: Analysis): boolean {
  return analysis.normalized.lower.replace(/[\s?？!！。.,，呢吗吧]/g, '') === '';
}
