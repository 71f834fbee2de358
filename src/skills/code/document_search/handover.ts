/**
 * Shift handover notes found by date and shift ("昨天夜班的交接记录", "the
 * night shift of Nov 18", "what did the day shift hand over on Tuesday?"),
 * never by free text — a search for "night 18" can return another day's
 * note, a confident answer to a different question. The notes are the files
 * whose path says handover (交接, shift notes/logs); each is dated and given a
 * shift by its file name (2026-11-18-night.txt) or, when the name does not
 * say, by its heading / metadata lines (日期：2026-11-18 班次：夜班, "# 交接班记录
 * Shift handover: 2026-11-18 白班 day shift"). The note asked for is quoted
 * whole with its file named; when there is none, the reply says so and lists
 * the nearest dates that have one.
 */
import { daysBetween } from '../../../clock.js';
import type { Language, SkillContext, SkillResult } from '../../../skills/types.js';
import { callStructured } from '../shared/tools.js';
import type { ReadResult } from './read-result.js';
import { dayLabel, listJoin, t } from '../shared/text.js';
import type { DocumentSearchArgs } from './args.js';

export type Shift = 'day' | 'night' | 'middle';

interface Listing {
  documents: Array<{ path: string; readable: boolean }>;
  truncated: boolean;
}

export interface HandoverNote {
  path: string;
  date: string;
  shift: Shift | undefined;
  /** where the date and shift were read: the file name, or the note's own heading */
  from: 'name' | 'heading';
}

/** a handover note by its path: a handover/交接 folder or file name, or shift notes / logs */
const HANDOVER_PATH = /hand-?over|handoff|交接|shift[-_ ]?(?:notes?|logs?|reports?)|班次记录/i;
const DATE = /(20\d{2})[-_.年/]?(0[1-9]|1[0-2])[-_.月/]?(0[1-9]|[12]\d|3[01])/;
const SHIFT_WORDS: Array<{ shift: Shift; name: RegExp; heading: RegExp }> = [
  {
    shift: 'night',
    name: /(?:^|[^a-z])(?:night|nights|n)(?:[^a-z]|$)|夜班|晚班/i,
    heading: /夜班|晚班|大夜班|\bnight\s+shift\b/i,
  },
  {
    shift: 'middle',
    name: /(?:^|[^a-z])(?:middle|mid|swing|evening)(?:[^a-z]|$)|中班/i,
    heading: /中班|小夜班|\b(?:middle|swing|evening)\s+shift\b/i,
  },
  {
    shift: 'day',
    name: /(?:^|[^a-z])(?:day|days|d)(?:[^a-z]|$)|白班|日班|早班/i,
    heading: /白班|日班|早班|\bday\s+shift\b/i,
  },
];
/** a note whose name does not date it is read this far for its heading */
const HEAD_CHARS = 600;
const MAX_HEAD_READS = 60;
const NEAREST = 3;

function dateIn(text: string): string | undefined {
  const match = DATE.exec(text);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/** the shift a file name gives (its last part: handover/2026-11-18-night.txt → night) */
export function shiftOfName(path: string): Shift | undefined {
  const name = (path.split('/').pop() ?? path).replace(/\.[a-z0-9]+$/i, '').replace(DATE, ' ');
  return SHIFT_WORDS.find((entry) => entry.name.test(name))?.shift;
}

/** the date and shift a note's heading or metadata lines state (the first lines only) */
export function headingFacts(content: string): { date?: string; shift?: Shift } {
  const head = content.split(/\r?\n/).slice(0, 12).join('\n');
  const date = dateIn(head);
  const shift = SHIFT_WORDS.find((entry) => entry.heading.test(head))?.shift;
  return { ...(date ? { date } : {}), ...(shift ? { shift } : {}) };
}

export async function findNotes(ctx: SkillContext): Promise<{ notes: HandoverNote[]; truncated: boolean }> {
  const { structured } = await callStructured<Listing>(ctx, 'list_documents', {});
  const candidates = structured.documents.filter((entry) => entry.readable && HANDOVER_PATH.test(entry.path));
  const notes: HandoverNote[] = [];
  const unnamed: string[] = [];
  for (const entry of candidates) {
    const date = dateIn(entry.path.split('/').pop() ?? entry.path);
    const shift = shiftOfName(entry.path);
    if (date && shift) notes.push({ path: entry.path, date, shift, from: 'name' });
    else unnamed.push(entry.path);
  }
  // names that do not say the date and shift: the note's own heading does
  const heads = await Promise.all(
    unnamed.slice(0, MAX_HEAD_READS).map(async (path) => {
      const { structured: read } = await callStructured<ReadResult>(ctx, 'read_document', {
        path,
        max_chars: HEAD_CHARS,
      });
      return { path, ...headingFacts(read.content) };
    }),
  );
  for (const head of heads) {
    const date = head.date ?? dateIn(head.path);
    if (date) notes.push({ path: head.path, date, shift: head.shift ?? shiftOfName(head.path), from: 'heading' });
  }
  notes.sort((a, b) => a.date.localeCompare(b.date) || shiftRank(a.shift) - shiftRank(b.shift));
  return { notes, truncated: structured.truncated || unnamed.length > MAX_HEAD_READS };
}

function shiftRank(shift: Shift | undefined): number {
  return shift === 'day' ? 0 : shift === 'middle' ? 1 : shift === 'night' ? 2 : 3;
}

export function shiftName(shift: Shift | undefined, language: Language): string {
  if (language === 'zh')
    return shift === 'day' ? '白班' : shift === 'night' ? '夜班' : shift === 'middle' ? '中班' : '';
  return shift === 'day' ? 'day shift' : shift === 'night' ? 'night shift' : shift === 'middle' ? 'middle shift' : '';
}

/** the dates nearest `date` that have a note (of `shift` when given), nearest first, earlier on a tie */
export function nearestDates(notes: HandoverNote[], date: string, shift: Shift | undefined): HandoverNote[] {
  const matching = notes.filter((note) => note.date !== date && (shift === undefined || note.shift === shift));
  const byDate = new Map<string, HandoverNote>();
  for (const note of matching) if (!byDate.has(note.date)) byDate.set(note.date, note);
  return [...byDate.values()]
    .sort(
      (a, b) =>
        Math.abs(daysBetween(date, a.date)) - Math.abs(daysBetween(date, b.date)) || a.date.localeCompare(b.date),
    )
    .slice(0, NEAREST);
}

function lineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** who handed over and who took over, as the note writes them (交班人：王芳, "Handed over by: …") */
export interface HandoverPeople {
  handing?: string | undefined;
  taking?: string | undefined;
}

const HANDING =
  /(?:交班人|交班者|交班|\bhanded\s+over\s+by|\boutgoing(?:\s+(?:shift\s+)?lead)?|\bhanding\s+over)\s*[:：]\s*([^\s,，;；|]+(?:\s[A-Z][a-z]+)?)/i;
const TAKING =
  /(?:接班人|接班者|接班|\btaken\s+over\s+by|\bincoming(?:\s+(?:shift\s+)?lead)?|\btaking\s+over|\breceived\s+by)\s*[:：]\s*([^\s,，;；|]+(?:\s[A-Z][a-z]+)?)/i;

export function handoverPeople(content: string): HandoverPeople {
  const handing = HANDING.exec(content)?.[1];
  const taking = TAKING.exec(content)?.[1];
  return { ...(handing ? { handing } : {}), ...(taking ? { taking } : {}) };
}

function peopleText(people: HandoverPeople, path: string, language: Language): string {
  if (!people.handing && !people.taking)
    return t(
      language,
      `${path} 没有写交班人和接班人（这份记录不记人名），所以无法回答是谁。`,
      `${path} does not name who handed over or took over (this note records no names), so who it was cannot be told.`,
    );
  const parts = [
    people.handing ? t(language, `交班人 **${people.handing}**`, `handed over by **${people.handing}**`) : '',
    people.taking ? t(language, `接班人 **${people.taking}**`, `taken over by **${people.taking}**`) : '',
  ].filter(Boolean);
  const english = parts.join(', ');
  return t(
    language,
    `${parts.join('，')}（${path}）。`,
    `${english.charAt(0).toUpperCase()}${english.slice(1)} (${path}).`,
  );
}

async function quote(
  ctx: SkillContext,
  note: HandoverNote,
  language: Language,
): Promise<{ text: string; people: HandoverPeople; path: string }> {
  const { structured: read } = await callStructured<ReadResult>(ctx, 'read_document', { path: note.path });
  const end = read.offset + read.returned_chars;
  const what = `${dayLabel(note.date, language)}${note.shift ? t(language, ` ${shiftName(note.shift, 'zh')}`, `, ${shiftName(note.shift, 'en')}`) : ''}`;
  const size = read.truncated
    ? t(
        language,
        `${read.encoding}，共 ${read.total_chars} 字符，以下只显示前 ${end} 个；要继续读，请让我从第 ${end} 个字符接着读`,
        `${read.encoding}, ${read.total_chars} characters — TRUNCATED: showing the first ${end}; ask me to read on from character ${end}`,
      )
    : t(
        language,
        `${read.encoding}，共 ${read.total_chars} 字符，全文`,
        `${read.encoding}, ${read.total_chars} characters, complete`,
      );
  const head = t(language, `**${read.path}**（${what}；${size}）：`, `**${read.path}** (${what}; ${size}):`);
  // quoted as the read mode shows a document: Markdown as it is, plain text (old GBK exports) in a code block
  const content = lineEnds(read.content).trimEnd();
  const body = /\.md$/i.test(read.path) ? content : `\`\`\`\n${content.replace(/```/g, '``\u200b`')}\n\`\`\``;
  return { text: `${head}\n\n${body}`, people: handoverPeople(content), path: read.path };
}

function notFound(
  args: { date: string | undefined; shift: Shift | undefined },
  notes: HandoverNote[],
  language: Language,
): string {
  const { date, shift } = args;
  const asked = date
    ? t(
        language,
        `${dayLabel(date, 'zh')}${shift ? shiftName(shift, 'zh') : ''}`,
        `${shift ? `the ${shiftName(shift, 'en')} of ` : ''}${dayLabel(date, 'en')}`,
      )
    : t(language, shiftName(shift, 'zh'), `the ${shiftName(shift, 'en')}`);
  if (notes.length === 0)
    return t(
      language,
      `文档目录中没有${asked}的交接班记录，也没有任何交接班记录（文件路径含 handover 或“交接”的文档）。`,
      `There is no handover note for ${asked}: the documents folder holds no shift handover notes at all ` +
        '(documents whose path says handover or 交接).',
    );
  const first = notes[0]!.date;
  const last = notes[notes.length - 1]!.date;
  const parts = [
    t(
      language,
      `文档目录中没有${asked}的交接班记录（共有 ${notes.length} 份交接班记录，${first} – ${last}）。`,
      `There is no handover note for ${asked} in the documents folder (${notes.length} handover notes, ${first} – ${last}).`,
    ),
  ];
  if (date) {
    const nearest = nearestDates(notes, date, shift);
    if (nearest.length > 0)
      parts.push(
        t(
          language,
          `最近有${shift ? shiftName(shift, 'zh') : ''}交接班记录的日期：\n`,
          `The nearest dates with a${shift ? ` ${shiftName(shift, 'en')}` : ''} note:\n`,
        ) +
          nearest.map((note) => `- ${dayLabel(note.date, language)}${t(language, '：', ': ')}${note.path}`).join('\n'),
      );
    const sameDay = notes.filter((note) => note.date === date);
    if (sameDay.length > 0)
      parts.push(
        t(
          language,
          `当天另有：${sameDay.map((note) => `${shiftName(note.shift, 'zh') || '交接班记录'} ${note.path}`).join('、')}。`,
          `That day has: ${listJoin(
            sameDay.map((note) => `${shiftName(note.shift, 'en') || 'a note'} ${note.path}`),
            'en',
          )}.`,
        ),
      );
  }
  return parts.join('\n\n');
}

export async function runHandover(ctx: SkillContext, args: DocumentSearchArgs): Promise<SkillResult> {
  const { language } = ctx;
  const date = args.handover_date;
  const shift = args.handover_shift;
  ctx.progress(t(language, '正在查找交接班记录…', 'looking for the shift handover notes…'));
  const { notes, truncated } = await findNotes(ctx);
  const found = notes.filter(
    (note) => (date === undefined || note.date === date) && (shift === undefined || note.shift === shift),
  );
  // a shift without a date: the latest note of that shift, the others listed
  const shown = date === undefined ? found.slice(-1) : found;
  const data = {
    arguments: args,
    handover: { date: date ?? null, shift: shift ?? null },
    notes_found: notes.length,
    listing_truncated: truncated,
    matches: found.map((note) => ({ path: note.path, date: note.date, shift: note.shift ?? null, from: note.from })),
  };
  if (shown.length === 0) {
    ctx.progress(t(language, '没有找到', 'none found'));
    return { answer: notFound({ date, shift }, notes, language), data };
  }
  const read = [];
  for (const note of shown) read.push(await quote(ctx, note, language));
  const quotes = read.map((entry) => entry.text);
  // who handed over / took over: the names the note gives lead the answer
  const who = args.handover_who ? read.map((entry) => peopleText(entry.people, entry.path, language)) : [];
  Object.assign(data, { people: read.map((entry) => ({ path: entry.path, ...entry.people })) });
  const intro = date
    ? t(
        language,
        `${dayLabel(date, 'zh')}${shift ? shiftName(shift, 'zh') : ''}的交接班记录（${shown.length} 份）：`,
        `Handover note${shown.length === 1 ? '' : 's'} for ${shift ? `the ${shiftName(shift, 'en')} of ` : ''}${dayLabel(date, 'en')}:`,
      )
    : t(
        language,
        `最新的${shiftName(shift, 'zh')}交接班记录是 ${shown[0]!.path}：`,
        `The latest ${shiftName(shift, 'en')} handover note is ${shown[0]!.path}:`,
      );
  const others =
    date === undefined && found.length > 1
      ? t(
          language,
          `其他${shiftName(shift, 'zh')}交接班记录（${found.length - 1}）：${found
            .slice(0, -1)
            .reverse()
            .map((note) => note.date)
            .join(
              '、',
            )}。要看某一天的，请说日期，例如“${found[found.length - 2]!.date}${shiftName(shift, 'zh')}交接班记录”。`,
          `Other ${shiftName(shift, 'en')} notes (${found.length - 1}): ${found
            .slice(0, -1)
            .reverse()
            .map((note) => note.date)
            .join(', ')}. For another day, name it, e.g. "handover note for the ${shiftName(shift, 'en')} of ${
            found[found.length - 2]!.date
          }".`,
        )
      : '';
  ctx.progress(t(language, '完成', 'done'));
  return { answer: [...who, intro, ...quotes, others].filter(Boolean).join('\n\n'), data };
}
