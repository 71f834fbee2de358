/**
 * Chinese numerals as digits, in any position (issue 27): 四条线 → 4条线,
 * 前三天 → 前3天, 十一月二十号 → 11月20号, 第四天 → 第4天, 两个检验员 →
 * 2个检验员, 一百二十件 → 120件, 二〇二六年 → 2026年.
 *
 * What stays as typed: weekdays (周三, 星期三, 礼拜天), lunar days (初一),
 * idioms and function words that hold a numeral character (一下, 一共, 一些,
 * 一直, 统一, 万一 …), named days (十一长假, 五一, 双十一) and 一 as an
 * article before a plain measure word (一个, 一份, 一张: "a", not a count).
 */
import type { Edit } from './text-edits.js';

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/**
 * Value of a Chinese numeral (三, 十四, 二十五, 一百零五, 三千二百, 两万,
 * 二〇二六); undefined when it is not one number (三四: "three or four").
 */
export function zhNumber(said: string): number | undefined {
  // 廿 and 卅 are twenty and thirty in dates (廿六号, 卅一日): 二十, 三十
  const numeral = said.replace(/^廿/, '二十').replace(/^卅/, '三十');
  if (numeral.length === 0 || /[廿卅]/.test(numeral)) return undefined;
  if (/^[零〇一二两三四五六七八九]+$/.test(numeral)) {
    if (numeral.length === 1) return DIGITS[numeral];
    // a year said digit by digit: 二〇二六
    if (numeral.length === 4) return Number([...numeral].map((char) => DIGITS[char]).join(''));
    return undefined;
  }
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  let lastUnit = Infinity;
  let zero = false;
  for (const char of numeral) {
    if (char in DIGITS) {
      const value = DIGITS[char]!;
      if (value === 0) {
        if (digit !== undefined) return undefined;
        zero = true;
        continue;
      }
      if (digit !== undefined) return undefined; // 三四: three or four
      digit = value;
    } else if (char in UNITS) {
      const unit = UNITS[char]!;
      if (unit >= lastUnit) return undefined; // 十十, 十百
      section += (digit ?? 1) * unit;
      digit = undefined;
      lastUnit = unit;
      zero = false;
    } else if (char === '万') {
      if (total !== 0) return undefined;
      total = (section + (digit ?? (section === 0 ? 1 : 0))) * 10000;
      section = 0;
      digit = undefined;
      lastUnit = Infinity;
      zero = false;
    } else return undefined;
  }
  // 一百二 = 120, 三千五 = 3500 (a last digit right after 百/千 is the next place); 一百零五 = 105
  const tail =
    digit !== undefined && !zero && lastUnit >= 100 && lastUnit !== Infinity ? digit * (lastUnit / 10) : (digit ?? 0);
  return total + section + tail;
}

/** a measure word or unit after a count: 天 号 月 周 年 条 台 次 件 批 张 个 名 … */
const MEASURE = '天日号月周年季条台次件批张个位名人项种类倍成%#小点分秒星礼届期轮回遍套箱盒组部道片只';
/** plain measure words: after 一 they are the article "a" (一个, 一份), not a count */
const ARTICLE_MEASURE = /^[个份张件只位下些点]/;
/** what makes a single numeral a count whatever follows: 第四, 前三, 近七, 头两 */
const COUNT_LEAD = /(?:第|前|后|近|最近|过去|头|共|合计|总共|这|那|上|下)\s*$/;

/** words that hold a numeral character but are no number */
const PROTECTED = new RegExp(
  [
    // weekdays: 周三, 星期三, 礼拜天; not a count after a week ("这礼拜四条线": this week, four lines)
    String.raw`[周期拜][一二三四五六日天](?!\s*(?:条|个|台|批|件|号线|张|种|位|名|家))`,
    String.raw`初[一二三四五六七八九十]`, // lunar days
    String.raw`一(?:下|共|些|直|样|起|般|定|切|致|点|会|边|旦|向|律|览|线|并|体|句|看|声|眼|口气|模一样|次性|方面|部分)`,
    String.raw`统一|唯一|万一|一一|之一|划一|专一|不一|第一时间|同一|[上下这那]一(?=次|回|下|会)`,
    // named days: 双十一, 双十二, 十一长假/假期/黄金周, 五一假期, 六一, 三八, 六一八
    String.raw`双十[一二]|六一八|十一(?=\s*(?:长假|假期|黄金周|期间|放假|那几天|那周|前后|节|国庆))|(?<=过|国庆|国庆节)十一`,
    String.raw`五一(?=\s*(?:长假|假期|期间|放假|劳动节|那几天|那周|前后|节))|(?<=过)五一|五一劳动节`,
  ].join('|'),
  'g',
);

const NUMERAL_RUN = /[廿卅][零〇一二三四五六七八九]?|[零〇一二两三四五六七八九十百千万]+/g;

/** Edits that turn the Chinese numerals of `text` into digits. */
export function convertNumerals(text: string): Edit[] {
  const protectedSpans: Array<[number, number]> = [];
  PROTECTED.lastIndex = 0;
  for (const match of text.matchAll(PROTECTED)) protectedSpans.push([match.index, match.index + match[0].length]);
  const edits: Edit[] = [];
  NUMERAL_RUN.lastIndex = 0;
  for (const match of text.matchAll(NUMERAL_RUN)) {
    let start = match.index;
    let run = match[0];
    // a protected word inside the run ("一一", "周一"): keep what lies outside it
    const inside = protectedSpans.filter(([from, to]) => from < start + run.length && start < to);
    if (inside.length > 0) {
      const [from, to] = inside[0]!;
      if (from <= start && to >= start + run.length) continue;
      if (from <= start) {
        run = run.slice(to - start);
        start = to;
      } else run = run.slice(0, from - start);
      if (run === '') continue;
    }
    const value = zhNumber(run);
    if (value === undefined) continue;
    const after = text.slice(start + run.length);
    const before = text.slice(0, start);
    const measured =
      new RegExp(`^\\s*[${MEASURE}]`).test(after) || /^\s*(?:到|至|~|-)\s*[\d零〇一二两三四五六七八九十]/.test(after);
    if (run.length === 1) {
      const lead = COUNT_LEAD.test(before);
      if (!measured && !lead) continue;
      // 一个 / 一份 / 一张: the article, unless a period unit follows (一个月, 一个星期) or a count is meant (前一个)
      if (
        run === '一' &&
        !lead &&
        ARTICLE_MEASURE.test(after.trimStart()) &&
        !/^\s*个\s*(?:月|星期|礼拜|季度|小时|工作日)/.test(after)
      )
        continue;
      // 上一, 下一, 这一, 那一 before a period word only (上一周, 下一个月), not 上一次 → kept too
      if (/(?:这|那|上|下)\s*$/.test(before) && !measured) continue;
    }
    edits.push({ start, end: start + run.length, replacement: String(value) });
  }
  return edits;
}
