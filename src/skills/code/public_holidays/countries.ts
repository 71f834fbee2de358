/**
 * Countries as operators name them: the calendar's own English names (date-holidays, every country it
 * knows), the demonyms and short forms said in a plant ("Italian", "US", "UK"), and the Chinese names of
 * the countries a plant's engineers and customers are most often in. The plant's own country, when a
 * question names none, is the one whose time zone is the plant's (Asia/Shanghai → CN).
 */
import { countryTimeZone, supportedCountries } from '../../../../mcp-servers/holidays/calendar.js';

/** Chinese names → code (longest first when matched) */
export const COUNTRY_ZH: Record<string, string> = {
  中国: 'CN',
  国内: 'CN',
  大陆: 'CN',
  美国: 'US',
  意大利: 'IT',
  日本: 'JP',
  德国: 'DE',
  印度: 'IN',
  英国: 'GB',
  法国: 'FR',
  韩国: 'KR',
  越南: 'VN',
  泰国: 'TH',
  墨西哥: 'MX',
  西班牙: 'ES',
  加拿大: 'CA',
  巴西: 'BR',
  新加坡: 'SG',
  马来西亚: 'MY',
  印度尼西亚: 'ID',
  印尼: 'ID',
  波兰: 'PL',
  捷克: 'CZ',
  匈牙利: 'HU',
  土耳其: 'TR',
  俄罗斯: 'RU',
  澳大利亚: 'AU',
  香港: 'HK',
  台湾: 'TW',
  菲律宾: 'PH',
};

/** English words that name a country without its calendar name: demonyms and short forms */
const COUNTRY_EN_EXTRA: Record<string, string> = {
  chinese: 'CN',
  china: 'CN',
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  america: 'US',
  american: 'US',
  'united states': 'US',
  'the states': 'US',
  stateside: 'US',
  uk: 'GB',
  'u.k.': 'GB',
  holland: 'NL',
  deutschland: 'DE',
  italy: 'IT',
  italian: 'IT',
  czechia: 'CZ',
  japanese: 'JP',
  german: 'DE',
  indian: 'IN',
  britain: 'GB',
  'great britain': 'GB',
  british: 'GB',
  english: 'GB',
  england: 'GB',
  french: 'FR',
  korea: 'KR',
  'south korea': 'KR',
  korean: 'KR',
  vietnamese: 'VN',
  thai: 'TH',
  mexican: 'MX',
  spanish: 'ES',
  canadian: 'CA',
  brazilian: 'BR',
  polish: 'PL',
  czech: 'CZ',
  turkish: 'TR',
  russian: 'RU',
  australian: 'AU',
};

let englishNames: Array<[string, string]> | undefined;

/** every English name → code, longest first (so "South Korea" wins over "Korea") */
function english(): Array<[string, string]> {
  if (englishNames) return englishNames;
  const names = new Map<string, string>();
  for (const [code, name] of Object.entries(supportedCountries())) names.set(name.toLowerCase(), code);
  for (const [name, code] of Object.entries(COUNTRY_EN_EXTRA)) names.set(name, code);
  englishNames = [...names.entries()].sort((a, b) => b[0].length - a[0].length);
  return englishNames;
}

export interface CountryMention {
  code: string;
  start: number;
  end: number;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** capitals that are words more often than countries: 9 AM, PM, a batch ID */
const NOT_CODES = new Set(['AM', 'PM', 'ID']);
/** two-letter codes, only as typed in capitals ("us" and "it" are words; "US" and "IT" are countries) */
const CODE = /(?<![\p{L}\p{N}])([A-Z]{2})(?![\p{L}\p{N}])/gu;

/**
 * The countries a question names, in order, each span once: `lower` is the lower-cased question, `text`
 * the same question as typed (the same offsets), where a capital two-letter code counts.
 */
export function findCountries(lower: string, text: string = lower): CountryMention[] {
  const found: CountryMention[] = [];
  const taken = (start: number, end: number) => found.some((entry) => start < entry.end && end > entry.start);
  const codes = supportedCountries();
  if (text.length === lower.length)
    for (const match of text.matchAll(CODE)) {
      const code = match[1] === 'UK' ? 'GB' : match[1]!;
      if (Object.hasOwn(codes, code) && !NOT_CODES.has(code))
        found.push({ code, start: match.index, end: match.index + 2 });
    }
  for (const [name, code] of Object.entries(COUNTRY_ZH).sort((a, b) => b[0].length - a[0].length)) {
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + name.length))
      if (!taken(at, at + name.length)) found.push({ code, start: at, end: at + name.length });
  }
  for (const [name, code] of english()) {
    // a two-letter code only in capitals as typed is a code ("IT" is also "it"): names here are whole words
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'gu');
    for (const match of lower.matchAll(pattern))
      if (!taken(match.index, match.index + name.length))
        found.push({ code, start: match.index, end: match.index + name.length });
  }
  return found.sort((a, b) => a.start - b.start);
}

const byZone = new Map<string, string | undefined>();

/** The country whose time zone is the plant's (the first the calendar lists for it), or undefined. */
export function plantCountry(timezone: string): string | undefined {
  if (byZone.has(timezone)) return byZone.get(timezone);
  // the plant's likely countries first: a full scan builds every country's calendar
  const likely = ['CN', 'US', 'IT', 'JP', 'DE', 'IN', 'GB', 'FR', 'KR', 'VN', 'TH', 'MX'];
  const codes = [...likely, ...Object.keys(supportedCountries()).filter((code) => !likely.includes(code))];
  const code = codes.find((candidate) => countryTimeZone(candidate) === timezone);
  byZone.set(timezone, code);
  return code;
}

/** the calendar's names that are not English ones */
const EN_LABEL: Record<string, string> = { IT: 'Italy' };

/** '意大利（IT）' / 'Italy (IT)' */
export function countryLabel(code: string, language: 'zh' | 'en'): string {
  if (language === 'zh') {
    const zh = Object.entries(COUNTRY_ZH).find(([name, value]) => value === code && name !== '国内' && name !== '大陆');
    if (zh) return `${zh[0]}（${code}）`;
  }
  return `${EN_LABEL[code] ?? supportedCountries()[code] ?? code} (${code})`;
}
