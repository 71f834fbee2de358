/**
 * A question as voice input writes it (issue 27, W12): the words a speaker fills pauses with and the words they
 * take back are no words of the question. Blanked before the frames and the rules read it (normalize.ts):
 *  - fillers: um, uh, erm, hmm; 嗯, 呃 ("uh weekly report um for line B", "嗯嗯就是去年12月份C线的产量");
 *  - a self-correction: the words taken back and the marker ("A线 不对 是B线 前天的不良率", "上周 不对 上上周",
 *    "line A no wait line D output", "line A sorry I mean line B"): what is taken back is the words before the
 *    marker from the nearest one the correction repeats ("line" of "line D") — else the one word or Chinese run
 *    before it;
 *  - a hedge on a time: "around mid-Nov", 11月中旬左右 (the answer says the dates it read);
 *  - a whole request taken back: "… actually scratch that, just compare last week to the week before", "… 算了，
 *    就看上周的": everything before the marker.
 * Each is taken only where it stands apart (spaces or punctuation around it): 额定, "erase", 算了一下 stay.
 * Tests: held-out-classes-w12.test.ts.
 */
import { type Edit, ZH_PUNCT, blankingEdits, leavesContent, mergedEdits } from './text-edits.js';

// ---- fillers ---------------------------------------------------------------------------------------------------

const FILLERS: RegExp[] = [
  new RegExp(String.raw`(?<![a-z'])(?:u+m+|u+h+m*|e+r+m+|h+m+|a+h+)(?![a-z'])\s*,?`, 'gi'),
  // 嗯 / 呃 anywhere (no word of the plant's has them); 额 only standing apart (额定, 金额 stay)
  new RegExp(String.raw`(?:嗯+|呃+)[，,]?|(?<=^|[${ZH_PUNCT}\s])额+(?=[${ZH_PUNCT}\s])`, 'g'),
];

// ---- hedges on a time: "around mid-Nov", "roughly the end of last month", 11月中旬左右 -------------------------------

const HEDGES: RegExp[] = [
  new RegExp(
    String.raw`\b(?:around|roughly|approximately|approx\.?|circa|sometime(?:\s+(?:in|around))?)\s+(?=(?:mid|early|late|` +
      String.raw`the\s+(?:start|end|middle|beginning|first|last|\d)|last|this|` +
      String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}[/.-]\d))`,
    'gi',
  ),
  new RegExp(String.raw`(?<=[旬初底号日周月天])\s*左右`, 'g'),
];

// ---- self-corrections ---------------------------------------------------------------------------------------------

/** the words that take back what came just before, standing apart: "A线 不对 是B线", "line A no wait line D" */
const ZH_TAKEN_BACK = new RegExp(
  String.raw`(?<=\S)(?:\s*[，,]\s*|\s+)(?:不对不对|不对|哦不|噢不|不不|说错了|我说错了|更正一下|更正)(?![吗吧啊呀])` +
    String.raw`(?:[，,]?\s*(?:应该)?是)?[，,]?\s*(?=\S)`,
  'g',
);
const EN_MARKER = String.raw`(?:(?:no\s*,?\s*wait|wait\s*,?\s*no|no\s+sorry|sorry|oops)(?:\s*,?\s*i\s+mean(?:t)?)?|i\s+mean(?:t)?|or\s+rather|correction:?)`;
const EN_TAKEN_BACK = new RegExp(String.raw`(?<=[a-z0-9])\s*,?\s+${EN_MARKER}\s*[,:]?\s+(?=\S)`, 'gi');

/** the Chinese run or the word before `at`: from the last space or punctuation */
function wordBefore(text: string, at: number): number {
  const before = text.slice(0, at);
  const boundary = Math.max(...[...` ${ZH_PUNCT}`].map((mark) => before.lastIndexOf(mark)));
  const start = boundary + 1;
  // a long Chinese run takes back only its end ("看下A线 不对"): at most 6 characters
  return /^[\u4e00-\u9fff]+$/.test(before.slice(start)) && at - start > 6 ? at - 6 : start;
}

function correctionEdits(text: string): Edit[] {
  const edits: Edit[] = [];
  for (const match of text.matchAll(ZH_TAKEN_BACK)) {
    const start = wordBefore(text, match.index);
    if (start >= match.index) continue;
    edits.push({ start, end: match.index + match[0].length, replacement: ' ' });
  }
  for (const match of text.matchAll(EN_TAKEN_BACK)) {
    const end = match.index + match[0].length;
    const after = /^[a-z0-9-]+/i.exec(text.slice(end))?.[0]?.toLowerCase();
    const words = [...text.slice(0, match.index).matchAll(/[a-z0-9-]+/gi)];
    if (words.length === 0) continue;
    // the nearest word the correction repeats, within the last four ("line A no wait line D"), else the last word
    const repeated = words
      .slice(-4)
      .reverse()
      .find((word) => word[0].toLowerCase() === after);
    const start = (repeated ?? words.at(-1)!).index;
    edits.push({ start, end, replacement: ' ' });
  }
  return edits;
}

/** a whole request taken back: everything before "scratch that", 算了 */
const STARTED_OVER: RegExp[] = [
  new RegExp(
    String.raw`^[\s\S]*?(?:\.{2,}|[,.;!?])?\s*(?:actually\s*,?\s*)?(?:scratch|forget|ignore|never\s*mind)\s+` +
      String.raw`(?:that|it|all\s+that)\b[\s,.;:!-]*(?:(?:just|instead|only)\s*,?\s*)?`,
    'i',
  ),
  new RegExp(String.raw`^[\s\S]*?(?<=[${ZH_PUNCT}\s])(?:算了|不用了|不要了)[${ZH_PUNCT}\s]*(?:就|只)?(?=\S)`),
];

/** The spoken fillers, corrections and requests taken back in a (folded) question, as edits that blank them. */
export function spokenEdits(text: string): Edit[] {
  const restart = STARTED_OVER.map((pattern) => pattern.exec(text)).find((match) => match !== null);
  const started: Edit[] = restart ? [{ start: 0, end: restart[0].length, replacement: ' ' }] : [];
  const edits = mergedEdits([...started, ...blankingEdits([...FILLERS, ...HEDGES], text), ...correctionEdits(text)]);
  // never the whole question: "um" alone stays what it is; two blanks keep the word before its own end in the map
  // ("11月中旬左右": the period's label is 11月中旬, text-edits.ts maps a lone blank to the blanked span's end)
  if (!leavesContent(text, edits)) return [];
  return edits.map((edit) => (edit.end - edit.start >= 2 ? { ...edit, replacement: '  ' } : edit));
}
