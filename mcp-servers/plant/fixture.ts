/**
 * Test fixture (tests only): a small plant.db built from the contract DDL with
 * known engineers, rotations, equipment and work orders, so that every answer
 * of the plant server can be checked exactly.
 */
import { PLANT_SCHEMA_SQL } from '../../src/plant/schema.js';
import { openSqlite } from '../../src/store/sqlite.js';

export const ENGINEERS = [
  [1, '李伟', 'li.wei', 'li.wei@plant.example', 'CN', 'Asia/Shanghai'],
  [2, 'John Carter', 'jcarter', 'john.carter@plant.example', 'US', 'America/New_York'],
  [3, 'Giulia Rossi', 'grossi', 'giulia.rossi@plant.example', 'IT', 'Europe/Rome'],
  [4, 'Priya Sharma', 'psharma', 'priya.sharma@plant.example', 'IN', 'Asia/Kolkata'],
  [5, 'Jonas Weber', 'jweber', 'jonas.weber@plant.example', 'DE', 'Europe/Berlin'],
  [6, 'Sato Yuki', 'ysato', 'yuki.sato@plant.example', 'JP', 'Asia/Tokyo'],
] as const;

/** Weekly rotations, Monday 00:00 to the next Monday 00:00 (plant time). */
export const ROTATIONS = [
  [1, '2026-11-09T00:00:00', '2026-11-16T00:00:00'],
  [3, '2026-11-16T00:00:00', '2026-11-23T00:00:00'],
  [2, '2026-11-23T00:00:00', '2026-11-30T00:00:00'],
  [5, '2026-11-30T00:00:00', '2026-12-07T00:00:00'],
] as const;

export const EQUIPMENT = [
  ['A-PRESS-01', 'A', '1号冲压机', 'PRESS', 'running', '2026-08-01', '2026-11-20'],
  ['A-CNC-01', 'A', '1号加工中心', 'CNC', 'idle', '2026-10-01', '2026-11-25'],
  ['B-PRESS-03', 'B', '3号冲压机', 'PRESS', 'fault', '2026-09-01', '2026-12-05'],
  ['B-OVEN-01', 'B', '固化炉', 'OVEN', 'maintenance', null, null],
] as const;

export interface FixtureOrder {
  order_id: number;
  equipment_id: string | null;
  line_id: string;
  priority: string;
  status: 'open' | 'closed';
  title: string;
  symptom: string;
  root_cause?: string | null;
  resolution?: string | null;
  assignee_id: number | null;
  opened_at: string;
  closed_at?: string | null;
}

/**
 * Closed orders about press vibration: "紧固地脚螺栓" worked 3 times but over a
 * year ago; "更换主轴轴承" worked twice (two wordings) in the last month — it
 * must rank first. English orders and unrelated ones around them.
 */
export const ORDERS: FixtureOrder[] = [
  {
    order_id: 101,
    equipment_id: 'B-PRESS-03',
    line_id: 'B',
    priority: 'P1',
    status: 'closed',
    title: 'B-PRESS-03 冲压机异常振动',
    symptom: '运行时机身明显振动，噪音增大',
    root_cause: '地脚螺栓松动',
    resolution: '重新紧固地脚螺栓',
    assignee_id: 1,
    opened_at: '2025-06-01T08:00:00',
    closed_at: '2025-06-01T12:00:00',
  },
  {
    order_id: 102,
    equipment_id: 'A-PRESS-01',
    line_id: 'A',
    priority: 'P2',
    status: 'closed',
    title: 'A-PRESS-01 冲压机异常振动',
    symptom: '振动值超过 7.1 mm/s',
    root_cause: '地脚螺栓松动',
    resolution: '重新紧固地脚螺栓。',
    assignee_id: 1,
    opened_at: '2025-07-01T08:00:00',
    closed_at: '2025-07-02T09:00:00',
  },
  {
    order_id: 103,
    equipment_id: 'B-PRESS-03',
    line_id: 'B',
    priority: 'P2',
    status: 'closed',
    title: 'B-PRESS-03 冲压机振动异常',
    symptom: '滑块下行时有周期性冲击声，振动大',
    root_cause: '地脚螺栓松动',
    resolution: '重新紧固地脚螺栓',
    assignee_id: 3,
    opened_at: '2025-08-01T08:00:00',
    closed_at: '2025-08-01T15:00:00',
  },
  {
    order_id: 104,
    equipment_id: 'B-PRESS-03',
    line_id: 'B',
    priority: 'P1',
    status: 'closed',
    title: 'B-PRESS-03 冲压机异常振动',
    symptom: '操作工反映地脚附近振感强烈，振动异常',
    root_cause: '主轴轴承磨损',
    resolution: '更换主轴轴承，加注润滑脂',
    assignee_id: 2,
    opened_at: '2026-11-01T08:00:00',
    closed_at: '2026-11-02T10:00:00',
  },
  {
    order_id: 105,
    equipment_id: 'A-PRESS-01',
    line_id: 'A',
    priority: 'P1',
    status: 'closed',
    title: 'A-PRESS-01 冲压机异常振动',
    symptom: '运行时振动明显',
    root_cause: '主轴轴承磨损',
    resolution: '  更换主轴轴承，加注润滑脂。 ',
    assignee_id: 5,
    opened_at: '2026-11-18T08:00:00',
    closed_at: '2026-11-19T10:00:00',
  },
  {
    order_id: 106,
    equipment_id: 'A-PRESS-01',
    line_id: 'A',
    priority: 'P2',
    status: 'closed',
    title: 'A-PRESS-01: Abnormal vibration on the press',
    symptom: 'Frame shakes during strokes, the press is vibrating',
    root_cause: 'Worn main shaft bearing',
    resolution: 'Replaced the main shaft bearing',
    assignee_id: 2,
    opened_at: '2026-10-01T08:00:00',
    closed_at: '2026-10-01T18:00:00',
  },
  {
    order_id: 107,
    equipment_id: 'A-CNC-01',
    line_id: 'A',
    priority: 'P3',
    status: 'closed',
    title: 'A-CNC-01 加工尺寸超差',
    symptom: '内孔尺寸偏大 0.02 mm',
    root_cause: '刀具磨损',
    resolution: '更换刀片并更新磨损补偿',
    assignee_id: 4,
    opened_at: '2026-09-01T08:00:00',
    closed_at: '2026-09-01T11:00:00',
  },
  {
    order_id: 108,
    equipment_id: 'B-OVEN-01',
    line_id: 'B',
    priority: 'P2',
    status: 'closed',
    title: 'B-OVEN-01 oven temperature too high',
    symptom: 'Oven overheating, temperature alarm',
    root_cause: 'Thermocouple drift',
    resolution: 'Replaced the thermocouple and recalibrated',
    assignee_id: 6,
    opened_at: '2026-10-10T08:00:00',
    closed_at: '2026-10-10T12:00:00',
  },
  {
    order_id: 109,
    equipment_id: null,
    line_id: 'C',
    priority: 'P3',
    status: 'closed',
    title: 'C线 传送带跑偏',
    symptom: '传送带跑偏，热',
    root_cause: '张紧不均',
    resolution: '调整张紧轮',
    assignee_id: 4,
    opened_at: '2026-10-12T08:00:00',
    closed_at: '2026-10-12T12:00:00',
  },
  // open orders
  {
    order_id: 201,
    equipment_id: 'B-PRESS-03',
    line_id: 'B',
    priority: 'P1',
    status: 'open',
    title: 'B-PRESS-03 冲压机异常振动',
    symptom: '振动偏大',
    assignee_id: 2,
    opened_at: '2026-11-24T22:00:00',
  },
  {
    order_id: 202,
    equipment_id: 'A-CNC-01',
    line_id: 'A',
    priority: 'P0',
    status: 'open',
    title: 'A-CNC-01 spindle alarm, line stopped',
    symptom: 'spindle alarm',
    assignee_id: 2,
    opened_at: '2026-11-25T06:00:00',
  },
  {
    order_id: 203,
    equipment_id: null,
    line_id: 'C',
    priority: 'P1',
    status: 'open',
    title: 'C线 光电传感器误报',
    symptom: '误报',
    assignee_id: 4,
    opened_at: '2026-11-20T09:00:00',
  },
  {
    order_id: 204,
    equipment_id: 'B-OVEN-01',
    line_id: 'B',
    priority: 'P3',
    status: 'open',
    title: 'B-OVEN-01 door seal worn',
    symptom: 'door seal',
    assignee_id: null,
    opened_at: '2026-11-10T09:00:00',
  },
  {
    order_id: 205,
    equipment_id: 'A-PRESS-01',
    line_id: 'A',
    priority: 'P1',
    status: 'open',
    title: 'A-PRESS-01 润滑报警',
    symptom: '润滑报警',
    assignee_id: 2,
    opened_at: '2026-11-23T09:00:00',
  },
];

export function createPlantDb(file: string, extraOrders: FixtureOrder[] = []): void {
  const db = openSqlite(file);
  try {
    db.exec(PLANT_SCHEMA_SQL);
    db.exec(
      "INSERT INTO production_lines VALUES ('A','产线A','Line A','bracket','W1'),('B','产线B','Line B','housing','W1'),('C','产线C','Line C','cover','W2')",
    );
    const engineer = db.prepare('INSERT INTO engineers VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of ENGINEERS) engineer.run(...row);
    const rotation = db.prepare('INSERT INTO rotations VALUES (?, ?, ?)');
    for (const row of ROTATIONS) rotation.run(...row);
    const equipment = db.prepare('INSERT INTO equipment VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const row of EQUIPMENT) equipment.run(...row);
    const order = db.prepare(
      `INSERT INTO work_orders VALUES (@order_id, @equipment_id, @line_id, @priority, @status, @title, ` +
        `@symptom, @root_cause, @resolution, @assignee_id, @opened_at, @closed_at)`,
    );
    for (const row of [...ORDERS, ...extraOrders])
      order.run({ root_cause: null, resolution: null, closed_at: null, ...row });
  } finally {
    db.close();
  }
}
