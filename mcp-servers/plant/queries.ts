/**
 * The plant server's reads over plant.db (engineers, rotations, work_orders,
 * equipment). Plant timestamps are plant-local 'YYYY-MM-DDTHH:MM:SS' text.
 * Each function returns a tool result; bad input throws an AppError with a hint.
 */
import { AppError } from '../../src/errors.js';
import {
  daysBetween,
  localDate,
  localDateTime,
  localParts,
  now,
  offsetMinutes,
  parseInstant,
} from '../../src/clock.js';
import { toolOk, type ToolResult } from '../shared/server.js';
import type { PlantDb } from './plant-db.js';

const WEEKDAYS_EN = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface Engineer {
  engineer_id: number;
  name: string;
  login: string;
  email: string;
  country_code: string;
  timezone: string;
}

function formatOffset(minutes: number): string {
  const absolute = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** The engineer's wall clock at an instant (falls back to UTC for an unknown zone, and says so). */
function engineerClock(instant: Date, timeZone: string): Record<string, unknown> {
  try {
    const parts = localParts(instant, timeZone);
    return {
      local_date: localDate(instant, timeZone),
      local_time: localDateTime(instant, timeZone).slice(11),
      local_weekday: WEEKDAYS_EN[parts.weekday - 1],
      utc_offset: formatOffset(offsetMinutes(instant, timeZone)),
    };
  } catch {
    return {
      local_date: null,
      local_time: null,
      clock_error: `unknown time zone "${timeZone}" in the engineers table`,
    };
  }
}

const ENGINEER_COLUMNS = 'engineer_id, name, login, email, country_code, timezone';

export function getCurrentOncall(plant: PlantDb, timeZone: string, at?: string): ToolResult {
  let instant: Date;
  try {
    instant = at === undefined || at.trim() === '' ? now() : parseInstant(at, timeZone);
  } catch (error) {
    throw new AppError('TOOL_ARGUMENTS_INVALID', `"${at}" is not a date-time: ${(error as Error).message}`, {
      hint: 'leave "at" out for now, or write it like 2026-11-25T09:30:00 (plant time) or 2026-11-25T09:30:00+08:00',
    });
  }
  const plantTime = localDateTime(instant, timeZone);
  return plant.read((db) => {
    // REPLACE tolerates 'YYYY-MM-DD HH:MM:SS'; starts_at inclusive, ends_at exclusive
    const rows = db
      .prepare(
        `SELECT r.engineer_id, r.starts_at, r.ends_at, ${ENGINEER_COLUMNS.split(', ')
          .map((column) => `e.${column}`)
          .join(', ')}
           FROM rotations r LEFT JOIN engineers e ON e.engineer_id = r.engineer_id
          WHERE REPLACE(r.starts_at, ' ', 'T') <= @t AND REPLACE(r.ends_at, ' ', 'T') > @t
          ORDER BY r.starts_at DESC, r.engineer_id`,
      )
      .all({ t: plantTime }) as Array<Engineer & { starts_at: string; ends_at: string }>;
    if (rows.length === 0) {
      const range = db
        .prepare('SELECT MIN(starts_at) AS first, MAX(ends_at) AS last, COUNT(*) AS n FROM rotations')
        .get() as { first: string | null; last: string | null; n: number };
      throw new AppError('NOT_FOUND', `no on-call rotation covers ${plantTime} (plant time, ${timeZone})`, {
        hint:
          range.n === 0
            ? 'the rotations table is empty; tell the operator that no on-call schedule is recorded'
            : `rotations run from ${range.first} to ${range.last}; tell the operator nobody is scheduled then, or ask about a time inside that range`,
      });
    }
    const [current, ...others] = rows;
    if (current!.name === null || current!.name === undefined) {
      throw new AppError(
        'NOT_FOUND',
        `the rotation covering ${plantTime} names engineer ${current!.engineer_id}, who is not in the engineers table`,
        {
          hint: 'tell the operator the on-call schedule is inconsistent; list_engineers shows the known engineers',
        },
      );
    }
    const engineer: Engineer = {
      engineer_id: current!.engineer_id,
      name: current!.name,
      login: current!.login,
      email: current!.email,
      country_code: current!.country_code,
      timezone: current!.timezone,
    };
    const clock = engineerClock(instant, engineer.timezone);
    const structured = {
      at: plantTime,
      plant_timezone: timeZone,
      engineer,
      rotation: { starts_at: current!.starts_at, ends_at: current!.ends_at },
      engineer_local: clock,
      also_on_call: others.map((row) => ({
        engineer_id: row.engineer_id,
        name: row.name,
        login: row.login,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
      })),
    };
    const text =
      `On call at ${plantTime} (plant time): ${engineer.name} (login ${engineer.login}, engineer_id ${engineer.engineer_id}), ` +
      `country ${engineer.country_code}, time zone ${engineer.timezone}; rotation ${current!.starts_at} to ${current!.ends_at}. ` +
      `Engineer's local date/time now: ${String(clock.local_date)} ${String(clock.local_time ?? '')} (${String(clock.local_weekday ?? '')}).` +
      (others.length > 0 ? ` Overlapping rotations: ${others.map((row) => row.login).join(', ')}.` : '');
    return toolOk(structured, text);
  });
}

const PRIORITIES = ['P0', 'P1', 'P2', 'P3'];

export function listOpenIssues(
  plant: PlantDb,
  options: { priority?: string | undefined; assignee_id?: number | undefined },
): ToolResult {
  return plant.read((db) => {
    if (options.assignee_id !== undefined) {
      const known = db.prepare('SELECT 1 FROM engineers WHERE engineer_id = ?').get(options.assignee_id);
      if (!known) {
        throw new AppError('NOT_FOUND', `no engineer with engineer_id ${options.assignee_id}`, {
          hint: 'take engineer_id from get_current_oncall, get_engineer or list_engineers',
        });
      }
    }
    const rows = db
      .prepare(
        `SELECT w.order_id, w.title, w.priority, w.equipment_id, w.line_id, w.opened_at, w.assignee_id,
                e.name AS assignee_name, e.login AS assignee_login
           FROM work_orders w LEFT JOIN engineers e ON e.engineer_id = w.assignee_id
          WHERE w.status = 'open'
            AND (@priority IS NULL OR w.priority = @priority)
            AND (@assignee IS NULL OR w.assignee_id = @assignee)
          ORDER BY CASE w.priority WHEN 'P0' THEN 0 WHEN 'P1' THEN 1 WHEN 'P2' THEN 2 WHEN 'P3' THEN 3 ELSE 4 END, w.opened_at, w.order_id`,
      )
      .all({ priority: options.priority ?? null, assignee: options.assignee_id ?? null }) as Array<{
      order_id: number;
      title: string;
      priority: string;
      equipment_id: string | null;
      line_id: string;
      opened_at: string;
      assignee_id: number | null;
      assignee_name: string | null;
      assignee_login: string | null;
    }>;
    const issues = rows.map((row) => ({
      order_id: row.order_id,
      title: row.title,
      priority: row.priority,
      equipment_id: row.equipment_id,
      line_id: row.line_id,
      opened_at: row.opened_at,
      assignee:
        row.assignee_id === null
          ? null
          : { engineer_id: row.assignee_id, name: row.assignee_name, login: row.assignee_login },
    }));
    const filters = { priority: options.priority ?? null, assignee_id: options.assignee_id ?? null };
    const described = [
      options.priority ? `priority ${options.priority}` : '',
      options.assignee_id !== undefined ? `assigned to engineer ${options.assignee_id}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const head = `${issues.length} open work orders${described ? ` (${described})` : ''}${issues.length > 0 ? ':' : '.'}`;
    const lines = issues.map(
      (issue) =>
        `#${issue.order_id} ${issue.title} [${issue.priority}, line ` +
        `${issue.line_id}${issue.equipment_id ? `, ${issue.equipment_id}` : ''}, opened ` +
        `${issue.opened_at}, ${issue.assignee ? issue.assignee.login : 'unassigned'}]`,
    );
    return toolOk({ filters, count: issues.length, issues }, [head, ...lines].join('\n'));
  });
}

export function getEngineer(plant: PlantDb, login: string): ToolResult {
  return plant.read((db) => {
    const wanted = login.trim().replace(/^@/, '');
    const engineer = db
      .prepare(`SELECT ${ENGINEER_COLUMNS} FROM engineers WHERE login = ? COLLATE NOCASE`)
      .get(wanted) as Engineer | undefined;
    if (!engineer) {
      const logins = (db.prepare('SELECT login FROM engineers ORDER BY login').all() as Array<{ login: string }>).map(
        (row) => row.login,
      );
      throw new AppError('NOT_FOUND', `no engineer with login "${login}"`, {
        hint: logins.length > 0 ? `known logins: ${logins.join(', ')}` : 'the engineers table is empty',
      });
    }
    const open = db
      .prepare("SELECT COUNT(*) AS n FROM work_orders WHERE status = 'open' AND assignee_id = ?")
      .get(engineer.engineer_id) as { n: number };
    const clock = engineerClock(now(), engineer.timezone);
    return toolOk(
      { engineer, open_work_orders: open.n, engineer_local: clock },
      `${engineer.name} (login ${engineer.login}, engineer_id ${engineer.engineer_id}), ` +
        `${engineer.email}, country ${engineer.country_code}, time zone ${engineer.timezone}; ` +
        `${open.n} open work orders; local date/time now ${String(clock.local_date)} ${String(clock.local_time ?? '')}.`,
    );
  });
}

export function listEngineers(plant: PlantDb): ToolResult {
  return plant.read((db) => {
    const engineers = db.prepare(`SELECT ${ENGINEER_COLUMNS} FROM engineers ORDER BY engineer_id`).all() as Engineer[];
    const lines = engineers.map(
      (engineer) =>
        `- ${engineer.engineer_id} ${engineer.name} (${engineer.login}) ${engineer.country_code} ${engineer.timezone}`,
    );
    return toolOk({ count: engineers.length, engineers }, [`${engineers.length} engineers:`, ...lines].join('\n'));
  });
}

interface EquipmentRow {
  equipment_id: string;
  line_id: string;
  name: string;
  type: string;
  status: string;
  last_maintenance: string | null;
  next_maintenance: string | null;
}

export function getEquipment(
  plant: PlantDb,
  timeZone: string,
  options: {
    equipment_id?: string | undefined;
    line_id?: string | undefined;
    status?: string | undefined;
    overdue_only?: boolean | undefined;
  },
): ToolResult {
  const today = localDate(now(), timeZone);
  return plant.read((db) => {
    const equipmentId = options.equipment_id?.trim();
    const lineId = options.line_id?.trim();
    const status = options.status?.trim().toLowerCase();
    if (equipmentId) {
      const found = db.prepare('SELECT 1 FROM equipment WHERE equipment_id = ? COLLATE NOCASE').get(equipmentId);
      if (!found) {
        const like = db
          .prepare(
            'SELECT equipment_id FROM equipment WHERE equipment_id LIKE ? OR name LIKE ? ORDER BY equipment_id LIMIT 10',
          )
          .all(`%${equipmentId.replace(/[^A-Za-z0-9]+/g, '%')}%`, `%${equipmentId}%`) as Array<{
          equipment_id: string;
        }>;
        throw new AppError('NOT_FOUND', `no equipment with id "${equipmentId}"`, {
          hint:
            like.length > 0
              ? `did you mean: ${like.map((row) => row.equipment_id).join(', ')}?`
              : 'call get_equipment without equipment_id (or with line_id) to see the ids',
        });
      }
    }
    if (lineId) {
      const lines = (
        db.prepare('SELECT DISTINCT line_id FROM equipment ORDER BY line_id').all() as Array<{ line_id: string }>
      ).map((row) => row.line_id);
      if (!lines.some((line) => line.toUpperCase() === lineId.toUpperCase())) {
        throw new AppError('NOT_FOUND', `no equipment on line "${lineId}"`, {
          hint: `lines with equipment: ${lines.join(', ')}`,
        });
      }
    }
    if (status) {
      const statuses = (
        db.prepare('SELECT DISTINCT status FROM equipment ORDER BY status').all() as Array<{ status: string }>
      ).map((row) => row.status);
      const allowed = new Set(['running', 'idle', 'maintenance', 'fault', ...statuses]);
      if (!allowed.has(status)) {
        throw new AppError('TOOL_ARGUMENTS_INVALID', `unknown equipment status "${options.status}"`, {
          hint: `use one of: ${[...allowed].join(', ')}`,
        });
      }
    }
    const rows = db
      .prepare(
        `SELECT equipment_id, line_id, name, type, status, last_maintenance, next_maintenance FROM equipment
          WHERE (@equipment IS NULL OR equipment_id = @equipment COLLATE NOCASE)
            AND (@line IS NULL OR line_id = @line COLLATE NOCASE)
            AND (@status IS NULL OR status = @status)
          ORDER BY line_id, equipment_id`,
      )
      .all({ equipment: equipmentId || null, line: lineId || null, status: status || null }) as EquipmentRow[];
    const equipment = rows
      .map((row) => {
        const due = row.next_maintenance?.slice(0, 10);
        const days = due && /^\d{4}-\d{2}-\d{2}$/.test(due) ? daysBetween(today, due) : null;
        return { ...row, days_until_due: days, maintenance_overdue: days !== null && days < 0 };
      })
      .filter((row) => !options.overdue_only || row.maintenance_overdue);
    const overdue = equipment.filter((row) => row.maintenance_overdue).length;
    const filters = {
      equipment_id: equipmentId || null,
      line_id: lineId || null,
      status: status || null,
      overdue_only: options.overdue_only ?? false,
    };
    const lines = equipment.map((row) => {
      const due =
        row.days_until_due === null
          ? 'no maintenance date'
          : row.maintenance_overdue
            ? `maintenance OVERDUE by ${-row.days_until_due} days (due ${row.next_maintenance})`
            : `maintenance due in ${row.days_until_due} days (${row.next_maintenance})`;
      return `- ${row.equipment_id} ${row.name} [line ${row.line_id}, ${row.type}] status ${row.status}; ${due}`;
    });
    return toolOk(
      { today, filters, count: equipment.length, overdue_count: overdue, equipment },
      [
        `${equipment.length} equipment items (today ${today}; ${overdue} overdue for maintenance)${equipment.length > 0 ? ':' : '.'}`,
        ...lines,
      ].join('\n'),
    );
  });
}

export { PRIORITIES };
