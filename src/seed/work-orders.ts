/**
 * work_orders: a fixed-size history of closed orders (independent of --rows)
 * drawn from the per-type templates, one closed order per quality incident,
 * and a handful of open orders of every priority held by the engineers on
 * call around today. Each order is written in Chinese or English, mostly by
 * the language its engineer writes.
 */
import { addDays } from '../clock.js';
import { ENGINEERS, EQUIPMENT, type EngineerSpec, type LineId } from './catalog.js';
import { onCallFor } from './people.js';
import type { Incident } from './quality.js';
import { createRandom, type Random } from './random.js';
import { SYMPTOMS, symptomByKey, type SymptomTemplate } from './work-order-templates.js';
import { windowStart } from './quality.js';

export const CLOSED_ORDERS = 3000;

export interface WorkOrderRow {
  order_id: number;
  equipment_id: string | null;
  line_id: LineId;
  priority: 'P0' | 'P1' | 'P2' | 'P3';
  status: 'open' | 'closed';
  title: string;
  symptom: string;
  root_cause: string | null;
  resolution: string | null;
  assignee_id: number;
  opened_at: string;
  closed_at: string | null;
  /** template key (not stored; documents use it) */
  template: string;
  language: 'zh' | 'en';
}

type Priority = WorkOrderRow['priority'];
type Draft = Omit<WorkOrderRow, 'order_id'>;

function toMs(date: string, minutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) + minutes * 60000;
}
function fromMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

// [priority, equipment_id, template, days ago, minute of day, assignee: 'now' | 'prev' | engineer id]
type OpenRow = [Priority, string, string, number, number, 'now' | 'prev' | number];
const OPEN_ORDERS: readonly OpenRow[] = [
  ['P0', 'D-CNC-01', 'cnc-spindle-alarm', 1, 7 * 60 + 40, 'now'],
  ['P0', 'A-ROBOT-01', 'robot-collision', 2, 22 * 60 + 15, 'prev'],
  ['P1', 'B-PRESS-03', 'press-vibration', 1, 21 * 60 + 5, 'now'],
  ['P1', 'D-WELD-02', 'weld-porosity', 2, 9 * 60 + 30, 'now'],
  ['P1', 'C-CAM-01', 'cam-false-reject', 3, 14 * 60 + 20, 'prev'],
  ['P1', 'A-WELD-01', 'weld-spatter', 4, 16 * 60 + 45, 'now'],
  ['P2', 'B-PRESS-01', 'press-burr', 2, 10 * 60 + 10, 3],
  ['P2', 'C-CNC-02', 'cnc-dimension', 3, 11 * 60, 1],
  ['P2', 'D-CONV-01', 'conv-jam', 5, 3 * 60 + 50, 'prev'],
  ['P2', 'A-CAM-01', 'cam-offline', 6, 15 * 60 + 30, 4],
  ['P3', 'C-CNC-03', 'cnc-coolant', 4, 13 * 60, 7],
  ['P3', 'B-CONV-01', 'conv-belt', 7, 8 * 60 + 45, 5],
  ['P3', 'C-ROBOT-01', 'robot-gripper', 9, 19 * 60 + 20, 6],
  ['P3', 'D-ROBOT-01', 'robot-position', 11, 10 * 60 + 35, 2],
];

function chooseLanguage(random: Random, engineer: EngineerSpec): 'zh' | 'en' {
  return engineer.chinese ? (random.chance(0.9) ? 'zh' : 'en') : random.chance(0.2) ? 'zh' : 'en';
}

function describe(options: {
  random: Random;
  template: SymptomTemplate;
  equipmentId: string | null;
  lineId: LineId;
  language: 'zh' | 'en';
  recent: boolean;
  closed: boolean;
}): Pick<Draft, 'title' | 'symptom' | 'root_cause' | 'resolution'> {
  const { random, template, equipmentId, lineId, language } = options;
  const where = equipmentId ?? (language === 'zh' ? `产线${lineId}` : `Line ${lineId}`);
  const details = language === 'zh' ? template.detailsZh : template.detailsEn;
  const detail = random.pick(details);
  const title = language === 'zh' ? `${where} ${template.zh}` : `${where}: ${template.en}`;
  const symptom = language === 'zh' ? `${template.zh}：${detail}` : `${template.en}: ${detail}`;
  if (!options.closed) return { title, symptom, root_cause: null, resolution: null };
  const cause = template.causes[random.weighted(template.causes.map((row) => (options.recent ? row[1] : row[0])))]!;
  return language === 'zh'
    ? { title, symptom, root_cause: cause[2], resolution: cause[3] }
    : { title, symptom, root_cause: cause[4], resolution: cause[5] };
}

const DURATION_MINUTES: Record<Priority, [number, number]> = {
  P0: [45, 480],
  P1: [120, 1440],
  P2: [240, 4320],
  P3: [1440, 14400],
};

export function generateWorkOrders(options: { seed: number; today: string; incidents: readonly Incident[] }): {
  orders: WorkOrderRow[];
  incidentOrders: Map<Incident, number>;
} {
  const { today } = options;
  const random = createRandom(options.seed, 'work-orders');
  const start = windowStart(today);
  const recentFrom = addDays(today, -90);
  const closeLimit = toMs(today, 8 * 60);
  const drafts: Array<{ draft: Draft; incident?: Incident }> = [];
  const byType = new Map<string, SymptomTemplate[]>();
  for (const template of SYMPTOMS) byType.set(template.type, [...(byType.get(template.type) ?? []), template]);
  const targets = [
    ...EQUIPMENT.map((item) => ({
      equipmentId: item.equipment_id as string | null,
      lineId: item.line_id,
      type: item.type,
      weight: item.failureWeight,
    })),
  ];
  const equipmentWeight = targets.reduce((sum, target) => sum + target.weight, 0);
  for (const lineId of ['A', 'B', 'C', 'D'] as const)
    targets.push({ equipmentId: null, lineId, type: 'LINE', weight: equipmentWeight * 0.012 });
  const targetWeights = targets.map((target) => target.weight);

  const closedDraft = (input: {
    template: SymptomTemplate;
    equipmentId: string | null;
    lineId: LineId;
    priority: Priority;
    openedMs: number;
    date: string;
  }): Draft => {
    const engineer = random.chance(0.75) ? onCallFor(input.date) : random.pick(ENGINEERS);
    const language = chooseLanguage(random, engineer);
    const [low, high] = DURATION_MINUTES[input.priority];
    let duration = random.int(low, high);
    const room = Math.floor((closeLimit - input.openedMs) / 60000);
    if (duration > room) duration = random.int(Math.min(30, room), Math.max(30, room));
    return {
      equipment_id: input.equipmentId,
      line_id: input.lineId,
      priority: input.priority,
      status: 'closed',
      ...describe({
        random,
        template: input.template,
        equipmentId: input.equipmentId,
        lineId: input.lineId,
        language,
        recent: input.date >= recentFrom,
        closed: true,
      }),
      assignee_id: engineer.engineer_id,
      opened_at: fromMs(input.openedMs),
      closed_at: fromMs(input.openedMs + duration * 60000),
      template: input.template.key,
      language,
    };
  };

  for (const incident of options.incidents) {
    const template = symptomByKey(incident.template);
    const equipment = EQUIPMENT.find((item) => item.equipment_id === incident.equipment_id)!;
    const openedMs = toMs(incident.incident_date, random.int(9 * 60, 15 * 60));
    drafts.push({
      draft: closedDraft({
        template,
        equipmentId: equipment.equipment_id,
        lineId: equipment.line_id,
        priority: 'P1',
        openedMs,
        date: incident.incident_date,
      }),
      incident,
    });
  }
  const days = 399;
  while (drafts.length < CLOSED_ORDERS) {
    const target = targets[random.weighted(targetWeights)]!;
    const templates = byType.get(target.type) ?? [];
    const template = templates[random.weighted(templates.map((item) => item.weight))]!;
    const date = addDays(start, random.int(0, days - 1));
    const openedMs = toMs(date, random.int(0, 24 * 60 - 1));
    const priority = (['P0', 'P1', 'P2', 'P3'] as const)[random.weighted([3, 17, 45, 35])]!;
    drafts.push({
      draft: closedDraft({
        template,
        equipmentId: target.equipmentId,
        lineId: target.lineId,
        priority,
        openedMs,
        date,
      }),
    });
  }
  const onCallNow = onCallFor(today);
  const onCallPrevious = onCallFor(addDays(today, -7));
  for (const [priority, equipmentId, key, daysAgo, minute, who] of OPEN_ORDERS) {
    const equipment = EQUIPMENT.find((item) => item.equipment_id === equipmentId)!;
    const engineer =
      who === 'now' ? onCallNow : who === 'prev' ? onCallPrevious : ENGINEERS.find((item) => item.engineer_id === who)!;
    const language = chooseLanguage(random, engineer);
    const date = addDays(today, -daysAgo);
    drafts.push({
      draft: {
        equipment_id: equipmentId,
        line_id: equipment.line_id,
        priority,
        status: 'open',
        ...describe({
          random,
          template: symptomByKey(key),
          equipmentId,
          lineId: equipment.line_id,
          language,
          recent: true,
          closed: false,
        }),
        assignee_id: engineer.engineer_id,
        opened_at: fromMs(toMs(date, minute)),
        closed_at: null,
        template: key,
        language,
      },
    });
  }
  drafts.sort((a, b) => a.draft.opened_at.localeCompare(b.draft.opened_at));
  const incidentOrders = new Map<Incident, number>();
  const orders = drafts.map(({ draft, incident }, index) => {
    if (incident) incidentOrders.set(incident, index + 1);
    return { order_id: index + 1, ...draft };
  });
  return { orders, incidentOrders };
}
