/**
 * Chat-app markup around a question (a sibling of frames.ts, run just before
 * it by the normaliser): what the messaging app or the operator's chat habits
 * put around a question, not about the plant.
 * - a mention of the bot or of anyone (@机器人, @agent, @小助手, @张伟): the
 *   addressee, never the question's subject (@机器人 is not the robots);
 * - a quoted reply as typed on one line ("回复 张伟：…", "引用 …：", "> …"):
 *   the quoted words are context when the operator's own question follows
 *   them; when the operator only says "look it up" (查一下), asks it as well
 *   (顺便…也, "also"), or the quote is all there is, the quote is asked and
 *   only its heading goes;
 * - chat fillers and tails: particles at a clause's end (哈, 呗, 啦), "lol",
 *   "by EOD", 忘了哈哈, "phone died lol", emoji (🙏, [捂脸]);
 * - how the answer should reach the operator: 导出一下, 发我, 发群里, 拉一下,
 *   整理一下, 列个表, "send it to me", "export", "drop it in the group" — the
 *   answer is the same. Only at a clause's start or end, in a verb's whole
 *   form (发 in 发生, 拉 in 拉伸 are not delivery).
 * Like a frame, each is taken whole where it stands; "rn" / "atm" are not
 * taken here: they mean "right now" (lexicon.ts). Tests: held-out-chat-w11.test.ts.
 */
import {
  EN_END,
  EN_START,
  type Edit,
  ZH_END,
  ZH_PUNCT,
  ZH_START,
  blankingEdits,
  leavesContent,
  mergedEdits,
} from './text-edits.js';

/** a clause boundary (text-edits.ts), or any space: chat shorthand stands after a word ("ok lol") */
const EN_AFTER_SPACE = String.raw`(?<=^|[,.;:!?()\-–—]\s*|\s[-–—]\s*|\s)`;

// ---- mentions ------------------------------------------------------------------------------

/** the bot's own names: taken even when the question follows without a space (@机器人A线…) */
const BOT_NAMES_ZH = String.raw`(?:智能助手|小助手|机器人|助手|小助理|助理)`;
const BOT_NAMES_EN = String.raw`(?:agent|bot|ai|assistant|copilot)`;
/**
 * @name: the bot's name, or a name after @ (up to 6 characters, or one Latin word) standing before a space or
 * punctuation. Not an hour ("@5pm"), not a name run into the question ("@张伟A线…" is not read), nor an e-mail address.
 */
const MENTIONS: RegExp[] = [
  new RegExp(String.raw`(?<![A-Za-z0-9._%+-])@\s?${BOT_NAMES_ZH}[:：,，]?`, 'g'),
  new RegExp(String.raw`(?<![A-Za-z0-9._%+-])@\s?${BOT_NAMES_EN}(?![A-Za-z0-9_])[:：,，]?`, 'gi'),
  // anyone's name, not an hour ("@5pm") nor a line ("@A线")
  new RegExp(
    String.raw`(?<=^|[${ZH_PUNCT}\s])@(?!${BOT_NAMES_ZH})(?:[\u4e00-\u9fff·]{1,6}|[A-Za-z][\w.-]{0,19})(?=[\s${ZH_PUNCT}]|$)`,
    'g',
  ),
];

// ---- fillers, tails, emoji -------------------------------------------------------------------

/** emoji, their modifiers and joiners (not arrows, which are words: A→B), and WeChat's bracketed ones */
const EMOJI = new RegExp(
  String.raw`(?:(?![\u2190-\u21ff])[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D\u20E3])+|` +
    String.raw`\[(?:捂脸|微笑|抱拳|笑哭|偷笑|憨笑|呲牙|强|赞|握手|拜托|合十|玫瑰|流汗|尴尬|奸笑|机智|皱眉|旺柴|苦涩|裂开|害羞|哭|大哭|流泪|发呆|` +
    String.raw`疑问|耶|加油|doge|破涕为笑|OK|ok|好的|嘿哈|让我看看|吃瓜|社会社会|叹气|无语|撇嘴|可怜|委屈|汗|晕|衰|抠鼻|坏笑|鼓掌|爱心|心碎|太阳|月亮|咖啡|蛋糕|礼物|红包|福|发|庆祝|烟花|爆竹)\]` +
    String.raw`|(?<=^|\s)(?::-?[)(DP]|\^_?\^|orz|QAQ|T_T|TAT|>_<)(?=\s|$)`,
  'gu',
);

const ZH_TAILS: RegExp[] = [
  // a particle said at a clause's end: 发一下哈, 对一下呗, 好了啦 (呀 嘛 哦 too), and laughter
  new RegExp(
    String.raw`(?<=[\u4e00-\u9fff0-9A-Za-z\s])(?:哈+|呗|嘛|哦|喔|呀|啦|咯|哟|哈哈+|嘿嘿+|呵呵+|嘻嘻+)+${ZH_END}`,
    'g',
  ),
  // a clause the operator says about themselves: 忘了哈哈, 我忘了, 记不清了, 手机没电了
  new RegExp(
    String.raw`${ZH_START}(?:我|俺)?(?:给|都|又|真)?(?:忘了|忘记了|记不清了|记不得了|想不起来了|手机(?:快)?没电了|刚开完会|刚下班)` +
      String.raw`(?:哈+|呵+|嘿+|啊|呀|哦|啦)*${ZH_END}`,
    'g',
  ),
  // laughter or a hurry standing alone: 哈哈哈, 嘿嘿, 急急, 急用哈
  new RegExp(String.raw`${ZH_START}(?:哈{2,}|嘿{2,}|呵{2,}|嘻{2,}|急急|急用)(?:哈+|啊|呀)?${ZH_END}`, 'g'),
];

const EN_TAILS: RegExp[] = [
  // laughter and chat shorthand at a clause's end (also in brackets): lol, lmao, haha, "by EOD", "I forgot"
  new RegExp(
    String.raw`${EN_AFTER_SPACE}(?:(?:lol|lmao|rofl|haha+|hehe+|xd|jk|tbh|fyi|btw|thx|ty|asap|` +
      String.raw`(?:by|before|till|until)\s+(?:the\s+)?(?:eod|cob|end\s+of\s+(?:the\s+)?day|close\s+of\s+business)|eod|cob|i\s+forgot)` +
      String.raw`\s*[!.]*\s*)+${EN_END}`,
    'gi',
  ),
  // a clause about the operator, standing apart: "phone died lol", "can't remember", "sorry for the typos"
  new RegExp(
    String.raw`${EN_START}(?:(?:(?:my\s+)?phone\s+(?:died|is\s+dying|about\s+to\s+die)|forgot|can'?t\s+remember|don'?t\s+remember|` +
      String.raw`(?:sorry\s+)?(?:for\s+)?(?:the\s+)?typos?|lol|lmao|haha+)\s*[!.]*\s*)+${EN_END}`,
    'gi',
  ),
];

// ---- delivery --------------------------------------------------------------------------------

/** how the answer should reach the operator: never a verb that stands in a word (发生, 拉伸, 整理箱) */
const ZH_DELIVERY_VERB =
  String.raw`(?:导出(?:来|一份|个表)?|导(?:一下|下)|` +
  // 发我, 发一下, 发过来 are the lexicon's (给我看看, a document shown)
  String.raw`发(?:到|在)?(?:群里|群上|群)|` +
  String.raw`拉(?:一下|下|个表|个清单|张表|出来)|列(?:个表|张表|个清单|成表)|做(?:个表|张表)|出(?:个表|张表)|` +
  String.raw`(?:给我)?整理(?:一下|下|出来|好)|帮我看看|截(?:个图|图)(?:发我)?)`;
const ZH_DELIVERY: RegExp[] = [
  // at a clause's end, with its object before it: 产量导出一下, 周报发群里, 把…都拉一下哈
  // 发我, 发一下 as a clause of their own (…，发我一下): run into the words before, the lexicon reads them
  new RegExp(
    String.raw`${ZH_START}(?:麻烦|请|再)?发(?:给我|我|一下|下|过来)(?:一下|下)?(?:哈+|呗|吧|啊|呀|哦|啦)?${ZH_END}`,
    'g',
  ),
  new RegExp(
    String.raw`(?:帮我|给我|麻烦|请|都|再)*${ZH_DELIVERY_VERB}(?:一下|下)?(?:给我|给大家|出来)?(?:哈+|呗|吧|啊|呀|哦|啦)?${ZH_END}`,
    'g',
  ),
  // at a clause's start, its object after it: 给我整理一下这周的周报, 导出上周周报, 帮我拉一下A线…
  new RegExp(String.raw`${ZH_START}(?:帮我|给我|麻烦|请)*${ZH_DELIVERY_VERB}(?:一下|下)?(?:给我)?(?=\s*\S)`, 'g'),
];

const EN_TARGET = String.raw`(?:me|us|the\s+group(?:\s+chat)?|the\s+chat|the\s+channel|the\s+team|a\s+table|a\s+spreadsheet|excel)`;
const EN_OBJECT = String.raw`(?:it|them|this|that|those|the\s+(?:numbers|list|table|data))`;
const EN_DELIVERY: RegExp[] = [
  // at the end: "…, export it", "and send it to me", "drop it in the group", "post it in the chat"
  new RegExp(
    String.raw`(?:${EN_START}|\s(?:and|then|&|\+)\s+)(?:(?:pls|plz|please|can\s+you|could\s+you)\s+)?` +
      String.raw`(?:(?:export|dump)(?:\s+${EN_OBJECT})?(?:\s+(?:to|in|into)\s+${EN_TARGET})?|` +
      String.raw`(?:send|drop|post|forward|email|e-mail|put)\s+` +
      String.raw`(?:${EN_OBJECT}\s+(?:(?:to|in|into|on|over|over\s+to)\s+)?|(?:to|in|into|on|over\s+to)\s+)${EN_TARGET}|` +
      String.raw`(?:send|drop|post|forward)\s+${EN_OBJECT}(?:\s+over)?)(?:\s+(?:pls|plz|please))?${EN_END}`,
    'gi',
  ),
  // at the start, its object after it: "export last week's report", "dump line A output", "send me …", "pull up …"
  new RegExp(
    String.raw`^\s*(?:(?:pls|plz|please|can\s+you|could\s+you)\s+)?(?:export|dump|send\s+us|pull\s+up|drop\s+me)\s+(?=\S)`,
    'gi',
  ),
];

// ---- quoted replies --------------------------------------------------------------------------

/** a reply's heading: 回复 张伟：, 引用张伟的消息：, "replying to Zhang Wei:", or a quote mark ">" / 「 */
const QUOTE_HEADING = new RegExp(
  String.raw`^\s*(?:(?:回复|引用|答复)\s*@?[^\s${ZH_PUNCT}]{1,12}?(?:的消息|的话|说)?\s*[：:]|` +
    String.raw`(?:replying\s+to|reply\s+to|quoting|in\s+reply\s+to)\s+@?[A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff.]*(?:\s+[A-Za-z][\w.]*)?\s*:|` +
    String.raw`>+\s+(?=[A-Za-z\u4e00-\u9fff]))\s*`,
  'i',
);
/** the quoted words: up to their question mark (or full stop) before the operator's own words, or to 」 */
const QUOTE_BODY = /^(?:[^?？!！。\n]*?(?:[?？!！。]+|\n)(?=\s|@|$)|[^\n]*?(?=\s@))/;
/** what only points back at the quote: look it up, check that */
const ONLY_POINTS_BACK = new RegExp(
  String.raw`^(?:[\s,，.。!！?？:：]|帮我|帮忙|麻烦|请|查一下|查查|查下|查|看一下|看看|看下|瞅瞅|回答一下|说一下|这个|这批|那个|呢|吧|啊|哈|` +
    String.raw`check(?:\s+(?:it|this|that))?|look\s+(?:it|this|that)\s+up|look\s+up|this|that|one|pls|plz|please|\?)*$`,
  'i',
);

/** what asks as well as the quote: 顺便, 也, 另外, "also", "too" */
const ADDS_TO_IT = /顺便|顺带|另外|[\u4e00-\u9fff]也|\b(?:also|too|as\s+well|and\s+also|plus)\b/i;

function quoteEdits(text: string, others: Edit[]): Edit[] {
  const brace = /^\s*「[^」]*」\s*(?:-\s*)*/.exec(text);
  const heading = brace ? null : QUOTE_HEADING.exec(text);
  if (!brace && !heading) return [];
  const headEnd = brace ? brace[0].length : heading![0].length;
  let quoteEnd = headEnd;
  if (!brace) {
    const body = QUOTE_BODY.exec(text.slice(headEnd));
    if (body) quoteEnd = headEnd + body[0].length;
  }
  // the operator's own words after the quote, the mentions, fillers and delivery verbs left out
  let rest = text.slice(quoteEnd);
  for (const edit of [...others].filter((e) => e.start >= quoteEnd).reverse())
    rest = rest.slice(0, edit.start - quoteEnd) + ' ' + rest.slice(edit.end - quoteEnd);
  // "顺便把交接记录也发我", "that too": the quote is asked as well, the operator's words add a question to it
  const ownQuestion = quoteEnd > headEnd && !ONLY_POINTS_BACK.test(rest) && !ADDS_TO_IT.test(rest);
  if (brace) return ownQuestion || /[\p{L}\p{N}]/u.test(rest) ? [{ start: 0, end: headEnd, replacement: ' ' }] : [];
  return [{ start: 0, end: ownQuestion ? quoteEnd : headEnd, replacement: ' ' }];
}

// ---- all together ----------------------------------------------------------------------------

/**
 * An edit without the spaces at its ends: the blank stands where the markup stood, so the word before keeps its own
 * end in the map ("today and drop it in the group": the period's label is "today").
 */
function trimmed(text: string, edit: Edit): Edit {
  let { start, end } = edit;
  while (end - start > 1 && /\s/.test(text[start]!)) start += 1;
  while (end - start > 1 && /\s/.test(text[end - 1]!)) end -= 1;
  return { ...edit, start, end };
}

/** `text` with the edits' spans blanked (same length: indices stay) */
const blanked = (text: string, edits: Edit[]): string =>
  edits.reduce((out, edit) => out.slice(0, edit.start) + ' '.repeat(edit.end - edit.start) + out.slice(edit.end), text);

/** The chat markup of a (folded) question, as edits that blank it. */
export function chatEdits(text: string): Edit[] {
  // first what stands anywhere (mentions, emoji), so a tail before them stands at the end: 发一下哈 @机器人 🙏
  const mentions = mergedEdits(blankingEdits(MENTIONS, text));
  const marks = mergedEdits([...mentions, ...blankingEdits([EMOJI], text)]);
  const open = blanked(text, marks);
  // then fillers and delivery verbs, in turn (导出一下呗: the particle, then the verb before it)
  // tails in turn from the end: 发一下哈哈 忘了哈哈
  let tails = blankingEdits([...ZH_TAILS, ...EN_TAILS], open);
  for (let pass = 0; pass < 3; pass++) {
    const more = blankingEdits([...ZH_TAILS, ...EN_TAILS], blanked(open, tails));
    if (more.length === 0) break;
    tails = mergedEdits([...tails, ...more]);
  }
  const delivery = blankingEdits([...ZH_DELIVERY, ...EN_DELIVERY], blanked(open, tails));
  let rest = mergedEdits([...marks, ...tails, ...delivery]);
  // fillers and delivery verbs are never the whole question ("哈哈" alone, "export" alone stay what they are)
  if (!leavesContent(text, rest)) rest = mentions;
  const quote = quoteEdits(text, rest);
  const all = mergedEdits([...quote, ...rest]);
  // a mention is always the addressee: "@机器人" alone asks nothing (and never the robots)
  const edits = (leavesContent(text, all) ? all : mergedEdits([...mentions])).map((edit) => trimmed(text, edit));
  // a tail at the question's end takes its comma with it ("what's the date today, i forgot"); two blanks keep the
  // word before it its own end in the map
  const after = blanked(text, edits);
  return edits.map((edit, index) => {
    if (!/^[\s?？!！。.]*$/.test(after.slice(edit.end))) return edit;
    let start = edit.start;
    const floor = index > 0 ? edits[index - 1]!.end : 0;
    while (start > floor && /[,，;；、\s]/.test(text[start - 1]!)) start -= 1;
    return start < edit.start ? { start, end: edit.end, replacement: '  ' } : edit;
  });
}

/**
 * The question without the mentions and the quote it drops (as asked, not folded), for cutting a message into its
 * questions (index.ts): "> how are the numbers? @agent weekly report" is one question, the operator's own.
 */
export function withoutQuoteAndMentions(question: string): string {
  const mentions = mergedEdits(blankingEdits(MENTIONS, question));
  const quote = quoteEdits(question, chatEdits(question));
  return blanked(question, mergedEdits([...quote, ...mentions])).trim();
}
