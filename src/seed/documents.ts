/**
 * The demo plant documents: SOPs, manuals and shift handover notes, in
 * Chinese and English. Night-shift handover notes and the legacy welder manual
 * are GBK-encoded, as the old plant systems write them; README.md lists them.
 * Handover notes are built from the seeded data, so they agree with plant.db.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { AppError } from '../errors.js';
import { addDays } from '../clock.js';
import { DEFECT_TYPES, ENGINEERS, EQUIPMENT, INSPECTORS, LINES } from './catalog.js';
import type { SlotTotals } from './quality.js';
import type { WorkOrderRow } from './work-orders.js';
import * as text from './documents-text.js';

export const HANDOVER_DAYS = 10;

export interface DocumentFile {
  /** path relative to the docs folder, '/'-separated */
  path: string;
  encoding: 'utf8' | 'gbk';
  content: string;
}

const defectName = new Map(DEFECT_TYPES.map((type) => [type.defect_type, type]));

function percent(defects: number, inspected: number): string {
  return inspected === 0 ? '-' : `${((defects / inspected) * 100).toFixed(2)}%`;
}

function topDefect(totals: SlotTotals | undefined): string | undefined {
  if (!totals) return undefined;
  let best: string | undefined;
  let count = 0;
  for (const [code, value] of totals.types) if (value > count) [best, count] = [code, value];
  return best;
}

function ordersInShift(orders: readonly WorkOrderRow[], from: string, to: string): WorkOrderRow[] {
  return orders.filter((order) => order.opened_at >= from && order.opened_at < to);
}

function engineerName(id: number): string {
  return ENGINEERS.find((engineer) => engineer.engineer_id === id)?.name ?? String(id);
}

function nightNote(
  date: string,
  plant: { totals: Map<string, SlotTotals>; orders: readonly WorkOrderRow[] },
  today: string,
): string {
  const { totals, orders } = plant;
  const from = `${date}T20:00:00`;
  const to = `${addDays(date, 1)}T08:00:00`;
  const lines = LINES.map((line) => {
    const slot = totals.get(`${date}|night|${line.line_id}`);
    const top = topDefect(slot);
    return (
      `  ${line.name} ${line.product}：检验 ${slot?.inspected ?? 0} 件，不良 ${slot?.defects ?? 0} 件，不良率 ` +
      `${percent(slot?.defects ?? 0, slot?.inspected ?? 0)}` +
      `${top ? `，主要缺陷：${defectName.get(top)?.name_zh}` : ''}`
    );
  });
  const shiftOrders = ordersInShift(orders, from, to).map((order) => {
    const state = order.closed_at !== null && order.closed_at < to ? '本班已关闭' : '处理中';
    return `  #${order.order_id} ${order.title}（${order.priority}，${state}，负责人：${engineerName(order.assignee_id)}）`;
  });
  const alerts = LINES.filter((line) => {
    const slot = totals.get(`${date}|night|${line.line_id}`);
    return slot !== undefined && slot.inspected > 0 && slot.defects / slot.inspected > line.baseRate * 2;
  }).map((line) => `  - ${line.name} 不良率偏高，接班后请加强首检并通知质量工程师。`);
  const overdue = EQUIPMENT.filter((item) => item.dueIn < 0).map((item) => `${item.equipment_id}（${item.name}）`);
  const [handing, taking] = [INSPECTORS.A.night[0], INSPECTORS.A.day[0]];
  return [
    '========================================',
    ' 交接班记录（夜班）    MES-HO 2.3 导出',
    '========================================',
    `日期：${date}    班次：夜班 20:00-次日08:00`,
    `交班人：${handing}    接班人：${taking}`,
    '----------------------------------------',
    '一、生产与质量',
    ...lines,
    '二、设备与工单',
    ...(shiftOrders.length > 0 ? shiftOrders : ['  本班无新开工单，设备运行正常。']),
    '三、注意事项',
    ...(alerts.length > 0 ? alerts : ['  - 各线质量稳定。']),
    `  - 保养逾期设备（截至 ${today}）：${overdue.join('、')}`,
    '',
  ].join('\r\n');
}

function dayNote(date: string, totals: Map<string, SlotTotals>, orders: readonly WorkOrderRow[]): string {
  const from = `${date}T08:00:00`;
  const to = `${date}T20:00:00`;
  const rows = LINES.map((line) => {
    const slot = totals.get(`${date}|day|${line.line_id}`);
    const top = topDefect(slot);
    const name = top ? `${defectName.get(top)?.name_zh} ${defectName.get(top)?.name_en}` : '-';
    return (
      `| ${line.name} ${line.name_en} | ${slot?.inspected ?? 0} | ${slot?.defects ?? 0} | ` +
      `${percent(slot?.defects ?? 0, slot?.inspected ?? 0)} | ${name} |`
    );
  });
  const shiftOrders = ordersInShift(orders, from, to).map((order) => {
    const state = order.closed_at !== null && order.closed_at < to ? 'closed 已关闭' : 'open 处理中';
    return `- #${order.order_id} ${order.title} (${order.priority}, ${state}, ${engineerName(order.assignee_id)})`;
  });
  return [
    `# 交接班记录 Shift handover: ${date} 白班 day shift (08:00-20:00)`,
    '',
    '## 生产与质量 Production and quality',
    '',
    '| 产线 Line | 检验数 Inspected | 不良数 Defects | 不良率 Defect rate | 主要缺陷 Top defect |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## 设备与工单 Equipment and work orders',
    '',
    ...(shiftOrders.length > 0 ? shiftOrders : ['- 本班无新开工单 No new work orders this shift.']),
    '',
  ].join('\n');
}

export function planDocuments(options: {
  today: string;
  totals: Map<string, SlotTotals>;
  orders: readonly WorkOrderRow[];
}): DocumentFile[] {
  const { today, totals, orders } = options;
  const files: DocumentFile[] = [
    { path: 'sop/SOP-PR-007-press-vibration.md', encoding: 'utf8', content: text.PRESS_VIBRATION_SOP_ZH },
    { path: 'sop/SOP-PR-007-press-vibration.en.md', encoding: 'utf8', content: text.PRESS_VIBRATION_SOP_EN },
    { path: 'sop/SOP-QA-002-first-article.md', encoding: 'utf8', content: text.FIRST_ARTICLE_SOP_ZH },
    { path: 'sop/SOP-QA-010-defect-classification.md', encoding: 'utf8', content: text.defectClassificationDoc() },
    { path: 'sop/SOP-SF-001-lockout-tagout.en.md', encoding: 'utf8', content: text.LOCKOUT_SOP_EN },
    { path: 'manuals/press-JH21-250-maintenance.md', encoding: 'utf8', content: text.PRESS_MANUAL_ZH },
    { path: 'manuals/cnc-VMC-850-alarms.en.md', encoding: 'utf8', content: text.CNC_ALARMS_EN },
    { path: 'manuals/camera-VC-5000.en.md', encoding: 'utf8', content: text.CAMERA_MANUAL_EN },
    {
      path: 'manuals/legacy/welder-NB-500.txt',
      encoding: 'gbk',
      content: text.WELDER_MANUAL_LEGACY_ZH.replaceAll('\n', '\r\n'),
    },
  ];
  for (let back = HANDOVER_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    files.push({
      path: `handover/${date}-night.txt`,
      encoding: 'gbk',
      content: nightNote(date, { totals, orders }, today),
    });
  }
  for (let back = HANDOVER_DAYS - 1; back >= 0; back--) {
    const date = addDays(today, -back);
    files.push({ path: `handover/${date}-day.md`, encoding: 'utf8', content: dayNote(date, totals, orders) });
  }
  const gbk = files.filter((file) => file.encoding === 'gbk').map((file) => `- ${file.path}`);
  files.unshift({
    path: 'README.md',
    encoding: 'utf8',
    content: [
      '# 演示工厂文档 Demo plant documents',
      '',
      `Generated by \`airgap-agent seed\` for ${today}. Folders: sop/ (standard operating procedures),`,
      'manuals/ (equipment manuals), handover/ (shift handover notes, one per shift, last 10 days).',
      '',
      '## GBK-encoded files',
      'These files come from the old MES and document systems and are encoded in GBK, not UTF-8:',
      '',
      ...gbk,
      '',
      'Every other file is UTF-8.',
      '',
    ].join('\n'),
  });
  return files;
}

function encode(file: DocumentFile): Buffer {
  if (file.encoding === 'utf8') return Buffer.from(file.content, 'utf8');
  const bytes = iconv.encode(file.content, 'gbk');
  if (iconv.decode(bytes, 'gbk') !== file.content) throw new Error(`${file.path}: text does not fit in GBK`);
  return bytes;
}

/** Refuse (without force) when any demo document already exists. Call before writing anything. */
export function checkDocumentTargets(docsDir: string, files: readonly DocumentFile[], force: boolean): void {
  if (force) return;
  const existing = files.filter((file) => existsSync(path.join(docsDir, file.path)));
  if (existing.length > 0) {
    throw new AppError('ALREADY_EXISTS', `demo documents already exist in ${docsDir} (e.g. ${existing[0]!.path})`, {
      hint: 'add --force to overwrite them, or choose another folder with --docs DIR',
    });
  }
}

/** Write every file (each through a temp file and a rename). */
export function writeDocuments(docsDir: string, files: readonly DocumentFile[]): void {
  const encoded = files.map((file) => ({ file, bytes: encode(file) }));
  for (const { file, bytes } of encoded) {
    const target = path.join(docsDir, ...file.path.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${process.pid}`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  }
}
