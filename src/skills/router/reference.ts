/**
 * References back and what a question leaves unsaid (issue 27, items 3 and
 * 5). "who was on call then?", "那天谁值班", "B's defect rate on that shift":
 * a reference back names the period, shift, line, machine or batch of what
 * was asked before — the previous question of the conversation, or an
 * earlier part of the same message. Resolved here, it is honoured (the
 * accounting stops naming it); unresolved, it is named in the honest reply,
 * never answered for today.
 *
 * The earlier question's slots become an `Anchor`; `withAnchor` lays them
 * into the analysis as if the question had said them (a period mention, a
 * line, a machine, a shift), so each skill's own slot rules read them.
 * Inside one message the later parts also take the anchor's slots they
 * leave unsaid and their skill takes ("A线和C线这个月次品率 哪个检验员最差":
 * the inspectors of lines A and C this month) — `fill`.
 */
import type { Period } from '../args.js';
import type { Analysis } from './analysis.js';

export interface Anchor {
  period?: Period | undefined;
  lines?: string[] | undefined;
  shift?: 'day' | 'night' | 'middle' | undefined;
  /** the machine: its equipment id as the earlier question resolved it */
  equipment?: string | undefined;
  symptom?: string | undefined;
  batches?: string[] | undefined;
}

const isPeriod = (value: unknown): value is Period =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Period).from === 'string' &&
  typeof (value as Period).to === 'string';

const SHIFTS = ['day', 'night', 'middle'] as const;

/** what an analysed question pins down itself, when no rule answered it (its line, machine, period, symptom) */
export function anchorOfAnalysis(analysis: Analysis): Anchor {
  const anchor: Anchor = {};
  const periods = analysis.periods.filter((mention) => mention.period);
  if (periods.length === 1) anchor.period = periods[0]!.period;
  if (analysis.lines.lines.length > 0) anchor.lines = [...analysis.lines.lines];
  if (analysis.equipment?.resolved) anchor.equipment = analysis.equipment.value;
  if (analysis.symptoms.symptom) anchor.symptom = analysis.symptoms.symptom;
  if (analysis.shifts.length === 1) anchor.shift = analysis.shifts[0]!.shift;
  return anchor;
}

/** what an earlier question's arguments pin down */
export function anchorOf(args: Record<string, unknown> | undefined): Anchor {
  if (!args) return {};
  const anchor: Anchor = {};
  const day = (value: unknown): Period | undefined =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { from: value, to: value } : undefined;
  anchor.period = isPeriod(args.period)
    ? { from: args.period.from, to: args.period.to, label: args.period.label }
    : (day(args.date) ?? day(args.handover_date));
  if (!anchor.period && typeof args.week_start === 'string' && day(args.week_start)) {
    const start = new Date(`${args.week_start}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 6);
    anchor.period = { from: args.week_start, to: start.toISOString().slice(0, 10) };
  }
  if (Array.isArray(args.lines) && args.lines.length > 0) anchor.lines = args.lines.map(String);
  else if (typeof args.line === 'string') anchor.lines = [args.line];
  const shift = args.shift ?? args.handover_shift;
  if (typeof shift === 'string' && (SHIFTS as readonly string[]).includes(shift))
    anchor.shift = shift as Anchor['shift'];
  if (typeof args.equipment === 'string' && /^[A-Z]+-[A-Z]+-\d+$/i.test(args.equipment))
    anchor.equipment = args.equipment.toUpperCase();
  if (typeof args.symptom === 'string') anchor.symptom = args.symptom;
  if (Array.isArray(args.batches) && args.batches.length > 0) anchor.batches = args.batches.map(String);
  return anchor;
}

/** an earlier part's anchor under a later one's: what the later one pins down wins */
export function mergeAnchors(earlier: Anchor, later: Anchor): Anchor {
  const merged: Anchor = { ...earlier };
  for (const [key, value] of Object.entries(later))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  return merged;
}

/** the reference words, by what they point back at */
const REFERENCES: Array<{ to: 'time' | 'shift' | 'line' | 'machine' | 'batch'; pattern: RegExp }> = [
  { to: 'shift', pattern: /那班|那个班|那一班|当班的?那个|\bthat\s+shift\b|\bthe\s+same\s+shift\b/ },
  { to: 'line', pattern: /那条线|那条产线|\bthat\s+line\b|\bthe\s+same\s+line\b/ },
  // 它 of "3号冲床什么状态？顺便看下它没关的工单": the machine asked before
  {
    to: 'machine',
    pattern: /那台|那个设备|那台机器|它(?!们)|\bthat\s+(?:machine|press|cnc|robot|camera|welder|conveyor)\b/,
  },
  { to: 'batch', pattern: /那批(?!次)|那个批次|\bthat\s+(?:batch|lot)\b/ },
  {
    to: 'time',
    pattern: new RegExp(
      [
        String.raw`那时候?|当时|那天|那1天|那一天|那会儿?|那个时候|那次|那周(?![报末])|那个星期|那个礼拜|那1周|那一周|同一天|那个月`,
        String.raw`同1天|同一周|同1周|同一个?(?:星期|礼拜|月)|同1个?(?:星期|礼拜|月)`,
        String.raw`\bthen\b|\bback\s+then\b|\bat\s+that\s+time\b|\bthat\s+(?:day|week|month|time|night|period)\b`,
        String.raw`\bthose\s+(?:days|weeks|two\s+weeks)\b|\bthe\s+same\s+(?:day|week|period)\b`,
      ].join('|'),
    ),
  },
];

export interface ReferenceWords {
  to: 'time' | 'shift' | 'line' | 'machine' | 'batch';
  start: number;
  end: number;
}

/** every reference back in the lower-cased question */
export function findReferences(lower: string): ReferenceWords[] {
  const found: ReferenceWords[] = [];
  for (const { to, pattern } of REFERENCES) {
    const match = pattern.exec(lower);
    if (match && !found.some((other) => match.index < other.end && other.start < match.index + match[0].length))
      found.push({ to, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

export type Fill = 'period' | 'lines' | 'equipment' | 'shift' | 'symptom';

/**
 * The analysis with the anchor laid in: what the references point at, and the slots `fill` names that the
 * question leaves unsaid. `resolved`: whether every reference back found what it points at.
 */
export function withAnchor(
  analysis: Analysis,
  anchor: Anchor,
  fill: Fill[] = [],
): { analysis: Analysis; resolved: boolean; used: Fill[] } {
  const references = findReferences(analysis.normalized.lower);
  const out: Analysis = { ...analysis };
  const used: Fill[] = [];
  let resolved = true;
  const at = (to: ReferenceWords['to']) => references.find((reference) => reference.to === to);
  // a period: the time referred to ("then", 那天), or one the question leaves unsaid
  const time = at('time');
  const timeNamed = analysis.periods.some((mention) => mention.start !== time?.start);
  if (time && !anchor.period && !timeNamed) resolved = false;
  if (anchor.period && !timeNamed && (time || (fill.includes('period') && analysis.periods.length === 0))) {
    const span = time ?? { start: 0, end: 0 };
    // said as a reference ("then"), the period is labelled by the reference's words, never read as "yesterday" again
    const label = time ? analysis.normalized.lower.slice(time.start, time.end) : anchor.period.label;
    out.periods = [
      { start: span.start, end: span.end, period: { from: anchor.period.from, to: anchor.period.to, label } },
    ];
    used.push('period');
  }
  const shift = at('shift');
  if (shift && !anchor.shift && analysis.shifts.length === 0) resolved = false;
  if (anchor.shift && analysis.shifts.length === 0 && (shift || fill.includes('shift'))) {
    const span = shift ?? { start: 0, end: 0 };
    const words = analysis.normalized.lower.slice(span.start, span.end);
    out.shifts = [{ shift: anchor.shift, words, ...span }];
    // "on that shift" names one shift, the earlier part's: not a breakdown by shift
    if (shift)
      out.qualifiers = analysis.qualifiers.filter(
        (qualifier) => !(qualifier.dimension === 'shift' && words.includes(qualifier.words.trim())),
      );
    used.push('shift');
  }
  const line = at('line');
  const linesNamed = analysis.lines.lines.length > 0 || analysis.lines.all;
  if (line && !anchor.lines && !linesNamed) resolved = false;
  if (anchor.lines && !linesNamed && (line || fill.includes('lines'))) {
    out.lines = { ...analysis.lines, lines: [...anchor.lines] };
    used.push('lines');
  }
  const machine = at('machine');
  if (machine && !anchor.equipment && !analysis.equipment) resolved = false;
  if (anchor.equipment && !analysis.equipment && (machine || (fill.includes('equipment') && !linesNamed))) {
    const span = machine ?? { start: 0, end: 0 };
    out.equipment = { ...span, value: anchor.equipment, resolved: true };
    used.push('equipment');
  }
  const batch = at('batch');
  if (batch && !anchor.batches && analysis.batches.length === 0) resolved = false;
  if (batch && anchor.batches && analysis.batches.length === 0)
    out.batches = anchor.batches.map((value) => ({ start: batch.start, end: batch.end, value }));
  if (anchor.symptom && !analysis.symptoms.symptom && fill.includes('symptom')) {
    out.symptoms = { ...analysis.symptoms, symptom: anchor.symptom };
    used.push('symptom');
  }
  return { analysis: out, resolved, used };
}
