/**
 * The demo plant's fixed facts: lines, defect types, equipment, inspectors and
 * the on-call team. These do not depend on the seed, so regression cases can
 * rely on them ("B-PRESS-03 is overdue for maintenance", "line D has the
 * highest defect rate"). Only dates move with --today.
 */

export type LineId = 'A' | 'B' | 'C' | 'D';
export const LINE_IDS: readonly LineId[] = ['A', 'B', 'C', 'D'];

export interface LineSpec {
  line_id: LineId;
  name: string;
  name_en: string;
  product: string;
  product_en: string;
  workshop: string;
  /** mean pieces per inspected batch */
  batchSize: number;
  /** long-run defect rate at the middle of the window (0.012 = 1.2%) */
  baseRate: number;
  /** relative change of the rate from the start to the end of the 400 days */
  trend: number;
  /** amplitude and phase of a slow ~half-year wave */
  wave: number;
  phase: number;
  /** weights of the defect types (codes of DEFECT_TYPES) */
  defectMix: Record<string, number>;
}

export const LINES: readonly LineSpec[] = [
  {
    line_id: 'A',
    name: '产线A',
    name_en: 'Line A',
    product: '车门铰链 HG-220',
    product_en: 'Door hinge HG-220',
    workshop: '一号冲焊车间',
    batchSize: 480,
    baseRate: 0.012,
    trend: 0.2,
    wave: 0.12,
    phase: 0.3,
    defectMix: { burr: 30, scratch: 20, dent: 12, dimension: 15, misalignment: 10, weld_defect: 8, crack: 5 },
  },
  {
    line_id: 'B',
    name: '产线B',
    name_en: 'Line B',
    product: '冲压支架 BR-310',
    product_en: 'Stamped bracket BR-310',
    workshop: '一号冲焊车间',
    batchSize: 320,
    baseRate: 0.024,
    trend: 0.1,
    wave: 0.15,
    phase: 1.7,
    defectMix: { crack: 25, burr: 20, dent: 20, dimension: 15, scratch: 10, misalignment: 10 },
  },
  {
    line_id: 'C',
    name: '产线C',
    name_en: 'Line C',
    product: '精密轴套 SL-105',
    product_en: 'Precision bushing SL-105',
    workshop: '二号机加车间',
    batchSize: 900,
    baseRate: 0.008,
    trend: -0.1,
    wave: 0.1,
    phase: 3.1,
    defectMix: { dimension: 40, burr: 18, scratch: 17, roughness: 15, stain: 10 },
  },
  {
    line_id: 'D',
    name: '产线D',
    name_en: 'Line D',
    product: '电机壳体 MH-480',
    product_en: 'Motor housing MH-480',
    workshop: '三号压铸车间',
    batchSize: 150,
    baseRate: 0.035,
    trend: -0.25,
    wave: 0.1,
    phase: 4.4,
    defectMix: { porosity: 35, crack: 15, dimension: 15, stain: 10, scratch: 10, dent: 7, weld_defect: 8 },
  },
];

export const DEFECT_TYPES: ReadonlyArray<{ defect_type: string; name_zh: string; name_en: string }> = [
  { defect_type: 'scratch', name_zh: '划伤', name_en: 'Scratch' },
  { defect_type: 'dent', name_zh: '压痕凹陷', name_en: 'Dent' },
  { defect_type: 'burr', name_zh: '毛刺', name_en: 'Burr' },
  { defect_type: 'crack', name_zh: '裂纹', name_en: 'Crack' },
  { defect_type: 'dimension', name_zh: '尺寸超差', name_en: 'Out of tolerance' },
  { defect_type: 'porosity', name_zh: '气孔', name_en: 'Porosity' },
  { defect_type: 'stain', name_zh: '污渍', name_en: 'Stain' },
  { defect_type: 'misalignment', name_zh: '错位', name_en: 'Misalignment' },
  { defect_type: 'roughness', name_zh: '表面粗糙', name_en: 'Surface roughness' },
  { defect_type: 'weld_defect', name_zh: '焊接缺陷', name_en: 'Weld defect' },
];

export const EQUIPMENT_TYPES: ReadonlyArray<{ type: string; name_zh: string; name_en: string }> = [
  { type: 'PRESS', name_zh: '冲压机', name_en: 'Press' },
  { type: 'CNC', name_zh: '数控加工中心', name_en: 'CNC machining center' },
  { type: 'WELD', name_zh: '焊接机', name_en: 'Welder' },
  { type: 'CAM', name_zh: '视觉检测相机', name_en: 'Vision inspection camera' },
  { type: 'CONV', name_zh: '输送线', name_en: 'Conveyor' },
  { type: 'ROBOT', name_zh: '机械臂', name_en: 'Robot arm' },
];

const SHORT_EN: Record<string, string> = {
  PRESS: 'Press',
  CNC: 'CNC',
  WELD: 'Welder',
  CAM: 'Camera',
  CONV: 'Conveyor',
  ROBOT: 'Robot',
};

export type EquipmentStatus = 'running' | 'idle' | 'maintenance' | 'fault';

export interface EquipmentSpec {
  equipment_id: string;
  line_id: LineId;
  type: string;
  number: number;
  name: string;
  name_en: string;
  status: EquipmentStatus;
  /** maintenance interval in days */
  interval: number;
  /** next_maintenance = today + dueIn (negative: overdue) */
  dueIn: number;
  /** relative weight of failures (work orders) */
  failureWeight: number;
}

// [type, number, status, interval, dueIn, failureWeight]
type Row = [string, number, EquipmentStatus, number, number, number];
const EQUIPMENT_ROWS: Record<LineId, Row[]> = {
  A: [
    ['PRESS', 1, 'running', 30, 2, 1.2],
    ['PRESS', 2, 'idle', 30, 19, 1],
    ['WELD', 1, 'running', 45, -3, 1.2],
    ['ROBOT', 1, 'fault', 90, 41, 0.8],
    ['CAM', 1, 'running', 60, 27, 0.7],
    ['CONV', 1, 'running', 90, 55, 0.5],
  ],
  B: [
    ['PRESS', 1, 'maintenance', 30, 12, 1],
    ['PRESS', 2, 'running', 30, 16, 1],
    ['PRESS', 3, 'running', 30, -6, 2.5],
    ['PRESS', 4, 'running', 30, 23, 1],
    ['CAM', 1, 'running', 60, 5, 0.7],
    ['CONV', 1, 'running', 90, 0, 0.5],
    ['ROBOT', 1, 'running', 90, 64, 0.8],
  ],
  C: [
    ['CNC', 1, 'running', 45, 30, 1],
    ['CNC', 2, 'running', 45, 7, 1.3],
    ['CNC', 3, 'maintenance', 45, 38, 1],
    ['CAM', 1, 'running', 60, -20, 0.9],
    ['ROBOT', 1, 'running', 90, 71, 0.6],
    ['CONV', 1, 'idle', 90, 33, 0.4],
  ],
  D: [
    ['CNC', 1, 'fault', 45, -12, 1.5],
    ['WELD', 1, 'running', 45, 14, 1],
    ['WELD', 2, 'running', 45, 1, 1.1],
    ['CAM', 1, 'running', 60, 48, 0.8],
    ['CONV', 1, 'running', 90, 80, 0.5],
    ['ROBOT', 1, 'idle', 90, 25, 0.7],
  ],
};

export const EQUIPMENT: readonly EquipmentSpec[] = LINE_IDS.flatMap((line_id) =>
  EQUIPMENT_ROWS[line_id].map(([type, number, status, interval, dueIn, failureWeight]) => {
    const typeInfo = EQUIPMENT_TYPES.find((item) => item.type === type)!;
    return {
      equipment_id: `${line_id}-${type}-${String(number).padStart(2, '0')}`,
      line_id,
      type,
      number,
      name: `${number}号${typeInfo.name_zh}`,
      name_en: `${SHORT_EN[type] ?? typeInfo.name_en} ${number}`,
      status,
      interval,
      dueIn,
      failureWeight,
    };
  }),
);

/** Inspectors: two per line and shift. */
export const INSPECTORS: Record<LineId, { day: readonly string[]; night: readonly string[] }> = {
  A: { day: ['张伟', '李娜'], night: ['王芳', '刘洋'] },
  B: { day: ['陈晨', '杨静'], night: ['赵磊', '黄敏'] },
  C: { day: ['周杰', '吴婷'], night: ['徐强', '孙丽'] },
  D: { day: ['马超', '朱琳'], night: ['胡军', '郭燕'] },
};

export interface EngineerSpec {
  engineer_id: number;
  name: string;
  login: string;
  email: string;
  country_code: string;
  timezone: string;
  /** writes work orders in Chinese (otherwise mostly English) */
  chinese: boolean;
}

export const ENGINEERS: readonly EngineerSpec[] = [
  {
    engineer_id: 1,
    name: '王磊',
    login: 'wanglei',
    email: 'wanglei@plant.example',
    country_code: 'CN',
    timezone: 'Asia/Shanghai',
    chinese: true,
  },
  {
    engineer_id: 2,
    name: 'Michael Johnson',
    login: 'mjohnson',
    email: 'michael.johnson@plant.example',
    country_code: 'US',
    timezone: 'America/Chicago',
    chinese: false,
  },
  {
    engineer_id: 3,
    name: 'Giulia Rossi',
    login: 'grossi',
    email: 'giulia.rossi@plant.example',
    country_code: 'IT',
    timezone: 'Europe/Rome',
    chinese: false,
  },
  {
    engineer_id: 4,
    name: 'Priya Sharma',
    login: 'psharma',
    email: 'priya.sharma@plant.example',
    country_code: 'IN',
    timezone: 'Asia/Kolkata',
    chinese: false,
  },
  {
    engineer_id: 5,
    name: 'Lukas Müller',
    login: 'lmueller',
    email: 'lukas.mueller@plant.example',
    country_code: 'DE',
    timezone: 'Europe/Berlin',
    chinese: false,
  },
  {
    engineer_id: 6,
    name: '佐藤健 (Ken Sato)',
    login: 'ksato',
    email: 'ken.sato@plant.example',
    country_code: 'JP',
    timezone: 'Asia/Tokyo',
    chinese: false,
  },
  {
    engineer_id: 7,
    name: '陈静',
    login: 'chenjing',
    email: 'chenjing@plant.example',
    country_code: 'CN',
    timezone: 'Asia/Shanghai',
    chinese: true,
  },
];
