/**
 * Reference data of the plant read through query_database: production lines,
 * defect type names, equipment (with type names). The demo seeder adds
 * English names (production_lines.name_en, equipment.name_en, defect_types,
 * equipment_types); a plant database without them still works, with the
 * stored names and codes.
 */
import type { SkillContext } from '../../../skills/types.js';
import { isMissingSchema, num, queryAll, sqlId, str, type Row } from './sql.js';
import type { LineInfo } from './text.js';

async function withFallback(ctx: SkillContext, attempts: Array<{ sql: string; purpose: string }>): Promise<Row[]> {
  let lastError: unknown;
  for (const attempt of attempts) {
    try {
      return (await queryAll(ctx, { sql: attempt.sql, purpose: attempt.purpose })).rows;
    } catch (error) {
      if (!isMissingSchema(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export async function loadLines(ctx: SkillContext): Promise<LineInfo[]> {
  const rows = await withFallback(ctx, [
    {
      sql: 'SELECT line_id, name, name_en FROM production_lines ORDER BY line_id',
      purpose: 'list the production lines and their names',
    },
    {
      sql: 'SELECT line_id, name FROM production_lines ORDER BY line_id',
      purpose: 'list the production lines and their names',
    },
  ]);
  return rows.map((row) => ({
    line_id: str(row.line_id),
    name: str(row.name),
    name_en: row.name_en === undefined ? undefined : str(row.name_en) || undefined,
  }));
}

export interface LineSelection {
  /** the lines asked for, as stored (case matched), in the table's order */
  selected: LineInfo[];
  /** ids asked for that production_lines does not know */
  unknown: string[];
}

/** Match requested ids against production_lines, case-insensitively; [] = every line. */
export function selectLines(requested: string[], known: LineInfo[]): LineSelection {
  if (requested.length === 0) return { selected: known, unknown: [] };
  const unknown: string[] = [];
  const chosen = new Set<string>();
  for (const id of requested) {
    const match = known.find((line) => line.line_id.toUpperCase() === id.trim().toUpperCase());
    if (match) chosen.add(match.line_id);
    else if (!unknown.includes(id)) unknown.push(id);
  }
  return { selected: known.filter((line) => chosen.has(line.line_id)), unknown };
}

export interface DefectTypeName {
  defect_type: string;
  name_zh: string;
  name_en: string;
}

/** defect_types (code → zh/en names); an empty map when the table does not exist */
export async function loadDefectTypes(ctx: SkillContext): Promise<Map<string, DefectTypeName>> {
  try {
    const { rows } = await queryAll(ctx, {
      sql: 'SELECT defect_type, name_zh, name_en FROM defect_types ORDER BY defect_type',
      purpose: 'names of the defect types',
    });
    return new Map(
      rows.map((row) => [
        str(row.defect_type),
        { defect_type: str(row.defect_type), name_zh: str(row.name_zh), name_en: str(row.name_en) },
      ]),
    );
  } catch (error) {
    if (isMissingSchema(error)) return new Map();
    throw error;
  }
}

/** '毛刺' / 'Burr' — the code itself when the table has no name for it */
export function defectName(code: string, names: Map<string, DefectTypeName>, language: 'zh' | 'en'): string {
  const entry = names.get(code);
  if (!entry) return code;
  return (language === 'zh' ? entry.name_zh : entry.name_en) || code;
}

export interface EquipmentItem {
  equipment_id: string;
  line_id: string;
  name: string;
  name_en: string | undefined;
  type: string;
  type_zh: string | undefined;
  type_en: string | undefined;
  status: string;
  last_maintenance: string | null;
  next_maintenance: string | null;
}

export async function loadEquipment(ctx: SkillContext): Promise<EquipmentItem[]> {
  const purpose = 'equipment list: resolve the machine the operator named, status and maintenance dates';
  const rows = await withFallback(ctx, [
    {
      sql:
        'SELECT e.equipment_id, e.line_id, e.name, e.name_en, e.type, t.name_zh AS type_zh, t.name_en AS ' +
        'type_en, e.status, e.last_maintenance, e.next_maintenance FROM equipment e LEFT JOIN ' +
        'equipment_types t ON t.type = e.type ORDER BY e.line_id, e.equipment_id',
      purpose,
    },
    {
      sql: 'SELECT equipment_id, line_id, name, type, status, last_maintenance, next_maintenance FROM equipment ORDER BY line_id, equipment_id',
      purpose,
    },
  ]);
  return rows.map((row) => ({
    equipment_id: str(row.equipment_id),
    line_id: str(row.line_id),
    name: str(row.name),
    name_en: str(row.name_en) || undefined,
    type: str(row.type),
    type_zh: str(row.type_zh) || undefined,
    type_en: str(row.type_en) || undefined,
    status: str(row.status),
    last_maintenance:
      row.last_maintenance === null || row.last_maintenance === undefined ? null : str(row.last_maintenance),
    next_maintenance:
      row.next_maintenance === null || row.next_maintenance === undefined ? null : str(row.next_maintenance),
  }));
}

/** The open work orders on one machine, most urgent first ([] on a plant without work orders). */
export async function openWorkOrders(
  ctx: SkillContext,
  query: { equipmentId: string; purpose: string },
): Promise<Array<{ order_id: number; priority: string; title: string; opened_at: string }>> {
  try {
    const { rows } = await queryAll(ctx, {
      sql:
        `SELECT order_id, priority, title, opened_at FROM work_orders WHERE status = 'open' AND ` +
        `equipment_id = ${sqlId(query.equipmentId)} ORDER BY priority, opened_at`,
      purpose: query.purpose,
      maxRows: 200,
    });
    return rows.map((row) => ({
      order_id: num(row.order_id),
      priority: str(row.priority),
      title: str(row.title),
      opened_at: str(row.opened_at),
    }));
  } catch (error) {
    if (isMissingSchema(error)) return [];
    throw error;
  }
}
