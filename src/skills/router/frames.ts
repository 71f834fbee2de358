/**
 * The conversational frame around a question (issue 27): what the operator
 * says about their own situation, not about the plant — an opening ("ok so",
 * "quick one", 在吗, 打扰一下), who is asking and why ("the boss is asking
 * again", 老板又在问了, "before the 9 o'clock meeting", 开早会要用), and a
 * closing ("thx", "nothing else", 谢谢, 急用, 在线等). The normaliser blanks a
 * frame before any other rule reads the question, so its words are neither a
 * qualifier ("9 o'clock" is not an hour asked; "tomorrow's meeting" is not a
 * forecast; "morning" is not a shift) nor words the rules could not read.
 *
 * A frame is only ever taken whole, where it stands apart: at the start of
 * the question, at its end, or as a clause between punctuation. Words that
 * can carry a question's meaning are never a frame on their own ("urgent work
 * orders" asks for P0s; "the morning shift" is a shift; 紧急 is a priority):
 * they are one only inside a frame's grammar ("…, urgent!" at the end).
 * Tests generate questions inside frames and check the answer is the bare
 * question's (frames.test.ts).
 */
import {
  EN_END,
  EN_START,
  type Edit,
  ZH_END,
  ZH_START,
  blankingEdits,
  leavesContent,
  mergedEdits,
} from './text-edits.js';

/** someone who asks the operator for figures */
const ASKER =
  String.raw`(?:the\s+|my\s+|our\s+)?(?:big\s+)?(?:boss(?:es)?|manager|mgr|supervisor|plant\s+manager|production\s+manager|` +
  String.raw`gm|general\s+manager|` +
  String.raw`director|vp|head\s+of\s+(?:quality|production|ops)|qa\s+lead|quality\s+lead|shift\s+lead|team\s+lead|line\s+lead|` +
  String.raw`lead|foreman|customer|client|auditor|` +
  String.raw`higher[- ]ups?|management|upstairs|corporate|hq)`;
const ASKS =
  String.raw`(?:is|was|has\s+been|keeps|kept|just)?\s*(?:asking|asked|ask|wants|wanted|needs|needed|requested|is\s+on\s+my\s+(?:back|case)|` +
  String.raw`is\s+chasing|chasing)(?:\s+(?:me|us))?(?:\s+(?:again|already|now|today))*(?:\s+(?:to\s+know|for|about|on))?`;
const MEETING =
  String.raw`(?:meeting|mtg|standup|stand-up|stand\s+up|huddle|review|call|briefing|presentation|catch-?up|sync|` +
  String.raw`gemba(?:\s+walk)?|tier\s*\d\s*(?:meeting)?)`;
const MEETING_KIND =
  String.raw`(?:morning|daily|weekly|monthly|production|quality|shift|team|management|ops|operations|plant|tier\s*\d|leadership` +
  String.raw`|start[- ]of[- ]shift)`;
const WHEN_TIME = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:o'?clock|am|pm|a\.m\.|p\.m\.|h)?)`;
const MEETING_OWNER = String.raw`(?:the|my|our|a|this|that|today'?s|tomorrow'?s|this\s+morning'?s|this\s+afternoon'?s|monday'?s|the\s+next)`;
/** "before the 9 o'clock meeting", "for tomorrow's standup", "ahead of our weekly quality review" */
const PURPOSE =
  String.raw`(?:(?:i\s+need\s+(?:it|this|them|the\s+numbers?)\s+)?(?:for|before|ahead\s+of|prior\s+to|by)\s+)` +
  String.raw`${MEETING_OWNER}?\s*(?:${WHEN_TIME}\s+)?(?:${MEETING_KIND}\s+)*${MEETING}`;

const EN_FRAMES: RegExp[] = [
  // who is asking: "the boss is asking again", "my manager wants to know", "customer asked"
  new RegExp(String.raw`${EN_START}(?:ok(?:ay)?\s+|so\s+|and\s+)*${ASKER}\s+${ASKS}${EN_END}`, 'gi'),
  new RegExp(String.raw`${EN_START}(?:ok(?:ay)?\s+|so\s+)*${ASKER}\s+${ASKS}(?=\s)`, 'gi'),
  // why: "before the 9 o'clock meeting", "for tomorrow's standup"
  new RegExp(String.raw`(?<=^|[\s,.;:!?(])${PURPOSE}${EN_END}`, 'gi'),
  // the operator's own shift: "I just took over the shift", "just clocked in" (not "who took over")
  new RegExp(
    String.raw`${EN_START}(?:(?:ok(?:ay)?|so)\s+)*(?:i\s+|i've\s+|i\s+have\s+)?(?:just|only\s+just)\s+(?:took\s+over|taken\s+over|started|began|came\s+on|` +
      String.raw`clocked\s+in|got\s+in|arrived)(?:\s+(?:the|my|this))?(?:\s+(?:shift|line|station))?(?:\s+(?:from\s+\w+))?${EN_END}`,
    'gi',
  ),
  // an opening: words that only open ("ok so", "quick one"), or a greeting word with its punctuation ("morning!", "q:")
  new RegExp(
    String.raw`^\s*(?:(?:ok(?:ay)?|so|alright|all\s+right|um+|uh+|erm|hmm+|yo|hiya|hey\s+there|hi\s+there|` +
      String.raw`quick\s+(?:one|q|question|check)|one\s+more(?:\s+(?:thing|question|q))?|another\s+one|` +
      String.raw`sorry(?:\s+to\s+(?:bother|bug)(?:\s+(?:you|u))?(?:\s+again)?)?|` +
      String.raw`excuse\s+me|hello\s+again|me\s+again|got\s+a\s+(?:sec|minute|min)|random\s+(?:one|q|question)|dumb\s+question|stupid\s+question|` +
      String.raw`not\s+sure\s+if\s+you\s+can\s+help(?:\s+(?:but|with\s+this))?|hope\s+you(?:'re|\s+are)\s+(?:well|good))` +
      String.raw`\s*[,.:;!?\-–—]*\s+|(?:right|well|morning|good\s+morning|evening|afternoon|question|q)\s*[,.:;!?\-–—]+\s*)+`,
    'gi',
  ),
  // a closing
  new RegExp(
    String.raw`${EN_START}(?:(?:thx|thanks|thank\s+(?:you|u)|ty|tia|cheers|much\s+appreciated|appreciate\s+it|many\s+thanks|ta|` +
      String.raw`asap|urgent(?:ly)?|no\s+rush|no\s+hurry|when\s+you\s+(?:can|get\s+a\s+(?:chance|sec))|if\s+(?:you\s+can|possible)|nothing\s+else|` +
      String.raw`that'?s\s+(?:all|it)|that\s+is\s+all|that'?s\s+all\s+i\s+need|just\s+curious|out\s+of\s+curiosity|just\s+wondering|` +
      String.raw`(?:need|needed)\s+(?:it|this)\s+(?:asap|now|quickly|fast|soon)|(?:need|needed)\s+(?:it|this)\s+for\s+(?:a|my|the)\s+(?:report|slide|deck)` +
      String.raw`|for\s+(?:my|a|the)\s+(?:slide|slides|deck)|in\s+advance)\s*[!.]*\s*)+$`,
    'gi',
  ),
];

/** someone who asks: the boss, a leader, a customer */
const ZH_ASKER = String.raw`(?:老板|大老板|领导|上级|上面|上头|老大|经理|主管|厂长|车间主任|主任|班长|组长|科长|部长|总监|客户|品质部|品管部|质量部|审核员)`;
const ZH_ASKS = String.raw`(?:又|又在|一直|一直在|刚才|刚刚|刚|在|正在|今天|早上|又来)*(?:问|催|要|想要|要看|想看|想知道|让我查|让我问|叫我查|叫我看|找我要)(?:了|呢|着|过)?(?:一下|下)?(?:数据|数字|这个)?`;
const ZH_MEETING = String.raw`(?:开会|早会|晨会|周会|例会|夕会|班前会|班后会|碰头会|调度会|生产会|质量会|月会|晨会上|会上|开早会|开周会|开例会)`;
const ZH_FRAMES: RegExp[] = [
  // who is asking: 老板又在问了, 领导要数据
  new RegExp(String.raw`${ZH_START}${ZH_ASKER}${ZH_ASKS}${ZH_END}`, 'g'),
  // why: 开早会要用, 周会上要汇报, 早会前要
  new RegExp(
    String.raw`${ZH_START}(?:明天|今天|等下|等会|一会|待会|马上|下午|上午|[0-9]{1,2}点(?:半|钟)?)*(?:的)?${ZH_MEETING}(?:前|上|时|的时候)?` +
      String.raw`(?:要用|用|要|要汇报|汇报用|汇报|要报|要讲|要看)?(?:的)?${ZH_END}`,
    'g',
  ),
  // the operator's own shift: 刚接班, 我才上班 (not a handover note asked: 谁接的班, 接班记录)
  new RegExp(
    String.raw`${ZH_START}(?:我)?(?:刚刚|刚才|刚|才|已经)(?:接(?:的)?班|上班|上岗|到岗|交(?:完)?班|来)(?:了)?(?:没多久|不久)?${ZH_END}`,
    'g',
  ),
  // an opening
  new RegExp(
    String.raw`^\s*(?:(?:在吗|在不在|在么|在不|请问一下|问一下|问下|问个事|问个问题|打扰一下|打扰了|麻烦问一下|` +
      String.raw`不好意思|小助手|hello(?![a-z])|hi(?![a-z])|您好|你好)\s*[，,。.!！?？:：~～…\s]*` +
      // an interjection only with its pause: 诶线 is line A said by voice, 那个工单 a work order
      String.raw`|(?:那个|就是|嗯+|呃+|额|诶|哎|喂)\s*[，,。.!！?？:：~～…\s]+)+`,
    'g',
  ),
  // a closing
  new RegExp(
    String.raw`${ZH_START}(?:(?:谢谢|谢了|谢啦|多谢|感谢|辛苦了|辛苦|麻烦了|麻烦你了|拜托了|拜托|3q|thx|在线等|急急急|急用|挺急的|很急|比较急|着急|急|` +
      String.raw`(?:麻烦|请|帮忙)?(?:尽快|快点儿?|快一点|赶紧|抓紧)|就这些|就这个|没别的了)\s*[!！。.~～]*\s*)+$`,
    'g',
  ),
];

/** The frames of a (folded) question, as edits that blank them. */
export function frameEdits(text: string): Edit[] {
  // the earliest, then the longest; overlaps dropped
  const kept = mergedEdits(blankingEdits([...EN_FRAMES, ...ZH_FRAMES], text));
  // never the whole question: a message that is only a frame ("thanks!") is the frame, and nothing is blanked
  return leavesContent(text, kept) ? kept : [];
}
