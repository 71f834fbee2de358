/**
 * quality_data: one inspected batch per row, spread evenly over every
 * (day, line, shift) slot of the 400 days ending at today (today: day shift
 * only). Defect rates differ by line, drift slowly, are a little worse at
 * night, and spike 3-5x on a handful of incident days.
 */
import { addDays, weekdayOf } from '../clock.js';
import { DEFECT_TYPES, INSPECTORS, LINES, type LineId } from './catalog.js';
import { createRandom } from './random.js';

export const WINDOW_DAYS = 400;
export type Shift = 'day' | 'night';

export interface Incident {
  incident_date: string;
  line_id: LineId;
  defect_type: string;
  factor: number;
  equipment_id: string;
  /** key of the work-order template describing it */
  template: string;
}

/** Each line's kinds of bad day: which defect explodes, on which machine, and why. */
const INCIDENT_KINDS: Record<LineId, ReadonlyArray<{ defect_type: string; equipment_id: string; template: string }>> = {
  A: [
    { defect_type: 'burr', equipment_id: 'A-PRESS-01', template: 'press-burr' },
    { defect_type: 'weld_defect', equipment_id: 'A-WELD-01', template: 'weld-spatter' },
  ],
  B: [
    { defect_type: 'crack', equipment_id: 'B-PRESS-03', template: 'press-crack' },
    { defect_type: 'dent', equipment_id: 'B-PRESS-02', template: 'press-dent' },
  ],
  C: [
    { defect_type: 'dimension', equipment_id: 'C-CNC-02', template: 'cnc-dimension' },
    { defect_type: 'roughness', equipment_id: 'C-CNC-01', template: 'cnc-chatter' },
  ],
  D: [
    { defect_type: 'porosity', equipment_id: 'D-WELD-01', template: 'weld-porosity' },
    { defect_type: 'dimension', equipment_id: 'D-CNC-01', template: 'cnc-dimension' },
  ],
};

export function windowStart(today: string): string {
  return addDays(today, -(WINDOW_DAYS - 1));
}

/**
 * The bad days: three per line scattered over the window plus one on line B
 * last week (Tuesday to Thursday), so "last week" questions find a spike.
 */
export function planIncidents(seed: number, today: string): Incident[] {
  const random = createRandom(seed, 'incidents');
  const start = windowStart(today);
  const lastWeekMonday = addDays(today, -(weekdayOf(today) - 1) - 7);
  const taken = new Set<string>();
  const incidents: Incident[] = [];
  const add = (date: string, line_id: LineId, kindIndex: number): void => {
    const kinds = INCIDENT_KINDS[line_id];
    const kind = kinds[kindIndex % kinds.length]!;
    taken.add(date);
    incidents.push({ incident_date: date, line_id, factor: Math.round((3 + random.next() * 2) * 100) / 100, ...kind });
  };
  add(addDays(lastWeekMonday, random.int(1, 3)), 'B', 0);
  for (const line of LINES) {
    for (let count = 0; count < 3; count++) {
      let date: string;
      do date = addDays(start, random.int(10, WINDOW_DAYS - 20));
      while (taken.has(date));
      add(date, line.line_id, random.int(0, 1));
    }
  }
  return incidents.sort((a, b) => a.incident_date.localeCompare(b.incident_date) || a.line_id.localeCompare(b.line_id));
}

export interface SlotTotals {
  inspected: number;
  defects: number;
  batches: number;
  types: Map<string, number>;
}

export type QualityRow = [
  line_id: string,
  record_date: string,
  shift: Shift,
  batch_no: string,
  product: string,
  inspected_qty: number,
  defect_qty: number,
  defect_type: string | null,
  inspector: string,
  recorded_at: string,
];

export interface GenerateQualityOptions {
  seed: number;
  today: string;
  rows: number;
  incidents: readonly Incident[];
  /** called once per row, in record_id order */
  emit: (row: QualityRow) => void;
  /** keep per-slot totals for the last N days (handover notes); key `${date}|${shift}|${line}` */
  totalsDays?: number;
}

const PAD2 = Array.from({ length: 100 }, (_, index) => String(index).padStart(2, '0'));

function clockText(seconds: number): string {
  const hour = Math.floor(seconds / 3600);
  const minute = Math.floor((seconds % 3600) / 60);
  return `${PAD2[hour]}:${PAD2[minute]}:${PAD2[seconds % 60]}`;
}

export function slotCount(): number {
  return (WINDOW_DAYS - 1) * LINES.length * 2 + LINES.length;
}

export function generateQuality(options: GenerateQualityOptions): { totals: Map<string, SlotTotals> } {
  const { today, rows, emit } = options;
  const dayRandom = createRandom(options.seed, 'quality-days');
  const rowRandom = createRandom(options.seed, 'quality-rows');
  const start = windowStart(today);
  const slots = slotCount();
  const perSlot = Math.floor(rows / slots);
  const remainder = rows % slots;
  const incidentsByKey = new Map(
    options.incidents.map((incident) => [`${incident.incident_date}|${incident.line_id}`, incident]),
  );
  const mixes = LINES.map((line) => {
    const codes = Object.keys(line.defectMix);
    return { codes, weights: codes.map((code) => line.defectMix[code] ?? 0) };
  });
  const knownTypes = new Set(DEFECT_TYPES.map((type) => type.defect_type));
  for (const mix of mixes)
    for (const code of mix.codes) if (!knownTypes.has(code)) throw new Error(`unknown defect type ${code}`);
  const totals = new Map<string, SlotTotals>();
  const totalsFrom = WINDOW_DAYS - (options.totalsDays ?? 0);
  let slot = 0;
  for (let dayIndex = 0; dayIndex < WINDOW_DAYS; dayIndex++) {
    const date = addDays(start, dayIndex);
    const nextDate = addDays(date, 1);
    const compact = date.replaceAll('-', '');
    const position = dayIndex / (WINDOW_DAYS - 1);
    // day-level noise per line, drawn whatever the row count, so the curves keep their shape
    const dayNoise = LINES.map(() => Math.exp(0.12 * dayRandom.normal()));
    const shifts: Shift[] = dayIndex === WINDOW_DAYS - 1 ? ['day'] : ['day', 'night'];
    for (const shift of shifts) {
      for (let lineIndex = 0; lineIndex < LINES.length; lineIndex++) {
        const line = LINES[lineIndex]!;
        const mix = mixes[lineIndex]!;
        const incident = incidentsByKey.get(`${date}|${line.line_id}`);
        const rate =
          line.baseRate *
          (1 + line.trend * (position - 0.5)) *
          (1 + line.wave * Math.sin(2 * Math.PI * (dayIndex / 182) + line.phase)) *
          (shift === 'night' ? 1.06 : 0.95) *
          dayNoise[lineIndex]! *
          (incident ? incident.factor : 1);
        const extra = Math.floor(((slot + 1) * remainder) / slots) - Math.floor((slot * remainder) / slots);
        const batches = perSlot + extra;
        slot++;
        const inspectors = INSPECTORS[line.line_id][shift];
        const shiftLetter = shift === 'day' ? 'D' : 'N';
        const shiftStart = shift === 'day' ? 8 * 3600 : 20 * 3600;
        const keep = dayIndex >= totalsFrom;
        const slotTotals: SlotTotals | undefined = keep
          ? { inspected: 0, defects: 0, batches, types: new Map() }
          : undefined;
        for (let batch = 0; batch < batches; batch++) {
          const inspected = Math.max(1, Math.round(line.batchSize * (0.85 + 0.3 * rowRandom.next())));
          const defects = Math.min(inspected, rowRandom.poisson(inspected * rate));
          let defectType: string | null = null;
          if (defects > 0) {
            defectType =
              incident && rowRandom.chance(0.75) ? incident.defect_type : mix.codes[rowRandom.weighted(mix.weights)]!;
          }
          const offset = Math.min(43199, Math.floor(((batch + 0.1 + 0.8 * rowRandom.next()) * 43200) / batches));
          const seconds = shiftStart + offset;
          const recordedAt =
            seconds >= 86400 ? `${nextDate}T${clockText(seconds - 86400)}` : `${date}T${clockText(seconds)}`;
          const batchNo = `${line.line_id}${compact}${shiftLetter}${String(batch + 1).padStart(3, '0')}`;
          const inspector = inspectors[(batch + dayIndex) % inspectors.length]!;
          emit([
            line.line_id,
            date,
            shift,
            batchNo,
            line.product,
            inspected,
            defects,
            defectType,
            inspector,
            recordedAt,
          ]);
          if (slotTotals) {
            slotTotals.inspected += inspected;
            slotTotals.defects += defects;
            if (defectType) slotTotals.types.set(defectType, (slotTotals.types.get(defectType) ?? 0) + defects);
          }
        }
        if (slotTotals) totals.set(`${date}|${shift}|${line.line_id}`, slotTotals);
      }
    }
  }
  return { totals };
}
