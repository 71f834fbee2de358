import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeTools, LINES, rows, runSkill, sqlOf } from '../shared/testing.js';
import { resolveEquipment } from '../shared/equipment.js';
import type { EquipmentItem } from '../shared/plant.js';
import { equipmentStatus } from './skill.js';

const COLUMNS = [
  'equipment_id',
  'line_id',
  'name',
  'name_en',
  'type',
  'type_zh',
  'type_en',
  'status',
  'last_maintenance',
  'next_maintenance',
];
const EQUIPMENT: Array<Array<string | null>> = [
  ['A-PRESS-01', 'A', '1号冲压机', 'Press 1', 'PRESS', '冲压机', 'Press', 'running', '2026-11-01', '2026-12-01'],
  ['A-WELD-01', 'A', '1号焊接机', 'Welder 1', 'WELD', '焊接机', 'Welder', 'running', '2026-10-12', '2026-11-26'],
  ['A-ROBOT-01', 'A', '1号机械臂', 'Robot 1', 'ROBOT', '机械臂', 'Robot arm', 'fault', '2026-10-11', '2027-01-09'],
  ['B-PRESS-01', 'B', '1号冲压机', 'Press 1', 'PRESS', '冲压机', 'Press', 'maintenance', '2026-11-11', '2026-12-11'],
  ['B-PRESS-03', 'B', '3号冲压机', 'Press 3', 'PRESS', '冲压机', 'Press', 'running', '2026-10-24', '2026-11-23'],
  ['B-CONV-01', 'B', '1号输送线', 'Conveyor 1', 'CONV', '输送线', 'Conveyor', 'running', '2026-08-31', '2026-11-29'],
  [
    'D-CNC-01',
    'D',
    '1号数控加工中心',
    'CNC 1',
    'CNC',
    '数控加工中心',
    'CNC machining center',
    'fault',
    '2026-10-03',
    '2026-11-17',
  ],
];

function plant() {
  return fakeTools((request) => {
    const sql = sqlOf(request);
    if (sql.includes('FROM production_lines')) return LINES;
    if (sql.includes('FROM equipment e')) return rows(COLUMNS, EQUIPMENT);
    if (sql.includes('FROM work_orders')) {
      return sql.includes("'B-PRESS-03'")
        ? rows(
            ['order_id', 'priority', 'title', 'opened_at'],
            [[3001, 'P1', 'B-PRESS-03 冲压机异常振动', '2026-11-25T09:12:00']],
          )
        : rows(['order_id', 'priority', 'title', 'opened_at'], []);
    }
    throw new Error(`unexpected SQL: ${sql}`);
  });
}

test('one machine by its Chinese name on a line: status in both languages, overdue maintenance, open orders', async () => {
  const { result } = await runSkill({
    skill: equipmentStatus,
    args: { line: 'B', equipment: '3号冲压机' },
    tools: plant(),
    language: 'zh',
  });
  assert.equal(
    result.answer,
    '**B-PRESS-03** 3号冲压机（产线B，冲压机）：状态 **运行中（running）**。上次保养 2026-10-24；下次保养 2026-11-23——**已逾期 6 天**。' +
      '\n\n未关闭工单（1）：\n- #3001 [P1] B-PRESS-03 冲压机异常振动（2026-11-25 开立）',
  );
  const en = await runSkill({ skill: equipmentStatus, args: { equipment: 'press 3' }, tools: plant() });
  assert.equal(
    en.result.answer,
    '**B-PRESS-03** Press 3 (Line B, Press): status **running**. Last maintenance 2026-10-24; next ' +
      'maintenance 2026-11-23 — **overdue by 6 days**.\n\nOpen work orders (1):\n- #3001 [P1] ' +
      'B-PRESS-03 冲压机异常振动 (opened 2026-11-25)',
  );
  const byId = await runSkill({ skill: equipmentStatus, args: { equipment: 'd-cnc-01' }, tools: plant() });
  assert.match(
    byId.result.answer,
    /^\*\*D-CNC-01\*\* CNC 1 \(Line D, CNC machining center\): status \*\*fault\*\*\. .*overdue by 12 days.*\n\nNo open work orders on it\.$/s,
  );
});

test('an ambiguous name lists the candidates and asks which', async () => {
  const { result } = await runSkill({ skill: equipmentStatus, args: { equipment: 'press 1' }, tools: plant() });
  assert.match(
    result.answer,
    /^"press 1" matches 2 machines: A-PRESS-01 \(Line A\), B-PRESS-01 \(Line B\)\. Which one do you mean\?/,
  );
  assert.deepEqual((result.data as { candidates: string[] }).candidates, ['A-PRESS-01', 'B-PRESS-01']);
  const zh = await runSkill({
    skill: equipmentStatus,
    args: { equipment: '1号冲压机' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(zh.result.answer, /^“1号冲压机”对应 2 台设备：A-PRESS-01（产线A）、B-PRESS-01（产线B）。请说明是哪一台/);
});

test('overdue maintenance across the plant, most overdue first; a line, a group, nothing found, an unknown line', async () => {
  const { result } = await runSkill({ skill: equipmentStatus, args: { overdue_only: true }, tools: plant() });
  assert.match(
    result.answer,
    /^3 machines in the plant overdue for maintenance \(today 2026-11-29\): D-CNC-01 \(12 d\), B-PRESS-03 \(6 d\), A-WELD-01 \(3 d\)\./,
  );
  const zh = await runSkill({ skill: equipmentStatus, args: { line: 'B' }, tools: plant(), language: 'zh' });
  assert.match(
    zh.result.answer,
    /^产线B共 3 台设备：保养中（maintenance） 1 台，运行中（running） 2 台。保养逾期 1 台：B-PRESS-03（逾期 6 天）。（今天 2026-11-29）/,
  );
  assert.match(
    zh.result.answer,
    /\| B-CONV-01 \| 1号输送线 \| 产线B \| 运行中（running） \| 2026-08-31 \| 2026-11-29 \| 今天到期 \|/,
  );
  const group = await runSkill({ skill: equipmentStatus, args: { line: 'B', equipment: 'presses' }, tools: plant() });
  assert.match(
    group.result.answer,
    /^2 machines in Line B \(type Press\): 1 maintenance, 1 running\. Maintenance overdue on 1: B-PRESS-03 \(6 d\)\./,
  );
  const none = await runSkill({ skill: equipmentStatus, args: { equipment: 'boiler 9' }, tools: plant() });
  assert.match(none.result.answer, /^No equipment matches "boiler 9"\. The equipment is: A-PRESS-01, /);
  const unknown = await runSkill({ skill: equipmentStatus, args: { line: 'Q' }, tools: plant() });
  assert.match(unknown.result.answer, /There is no line "Q" in this plant/);
});

test('the resolver reads ids, names and type words with numbers in both languages', () => {
  const items: EquipmentItem[] = EQUIPMENT.map((row) => ({
    equipment_id: row[0]!,
    line_id: row[1]!,
    name: row[2]!,
    name_en: row[3] ?? undefined,
    type: row[4]!,
    type_zh: row[5] ?? undefined,
    type_en: row[6] ?? undefined,
    status: row[7]!,
    last_maintenance: row[8] ?? null,
    next_maintenance: row[9] ?? null,
  }));
  const one = (text: string, line?: string) => {
    const resolution = resolveEquipment({ text, items, line });
    return resolution.kind === 'one' ? resolution.item.equipment_id : resolution.kind;
  };
  assert.equal(one('B-PRESS-03'), 'B-PRESS-03');
  assert.equal(one('b-press-3'), 'B-PRESS-03');
  assert.equal(one('BPRESS03'), 'B-PRESS-03');
  assert.equal(one('冲压机3号'), 'B-PRESS-03');
  assert.equal(one('3#冲压机'), 'B-PRESS-03');
  assert.equal(one('press #3'), 'B-PRESS-03');
  assert.equal(one('Press 1', 'A'), 'A-PRESS-01');
  assert.equal(one('line b press 1'), 'B-PRESS-01');
  assert.equal(one('B线1号冲压机'), 'B-PRESS-01');
  assert.equal(one('press 1'), 'ambiguous');
  assert.equal(one('数控加工中心'), 'D-CNC-01');
  assert.equal(one('冲压机'), 'group');
  assert.equal(one('press 7'), 'none');
  // an id names its line: A-PRESS-09 / C-PRESS-01 / a-robot-02 are no machine, never another line's of that number
  for (const id of ['A-PRESS-09', 'C-PRESS-01', 'c-press-03', 'D_PRESS_1']) assert.equal(one(id), 'none', id);
  assert.equal(one('A-PRESS-01'), 'A-PRESS-01');
});

test('a state filter lists only the machines in that state; a due date lists what falls due by then apart from what is overdue', async () => {
  const fault = await runSkill({ skill: equipmentStatus, args: { status: 'fault' }, tools: plant() });
  assert.match(
    fault.result.answer,
    /^2 machines in the plant are in fault: A-ROBOT-01, D-CNC-01 \(of 7, today 2026-11-29\)\./,
  );
  assert.deepEqual(
    (fault.result.data as { equipment: Array<{ equipment_id: string }> }).equipment.map((item) => item.equipment_id),
    ['A-ROBOT-01', 'D-CNC-01'],
  );
  const idle = await runSkill({
    skill: equipmentStatus,
    args: { status: 'idle', line: 'B' },
    tools: plant(),
    language: 'zh',
  });
  assert.match(idle.result.answer, /^产线B没有处于“空闲”状态的设备（共 3 台，今天 2026-11-29）。$/);
  const due = await runSkill({ skill: equipmentStatus, args: { due_by: '2026-12-06' }, tools: plant() });
  assert.match(
    due.result.answer,
    new RegExp(
      [
        String.raw`^Maintenance falling due in the plant from 2026-11-29 to 2026-12-06: 2 `,
        String.raw`machines: B-CONV-01 \(2026-11-29\), A-PRESS-01 \(2026-12-01\)\.\nAlready `,
        String.raw`overdue \(due before today\), listed apart: 3 machines: D-CNC-01 \(overdue `,
        String.raw`12 d\), B-PRESS-03 \(overdue 6 d\), A-WELD-01 \(overdue 3 d\)\.`,
      ].join(''),
    ),
  );
  assert.match(due.result.answer, /\*\*Due by 2026-12-06\*\*[\s\S]*\*\*Already overdue\*\*/);
  assert.deepEqual((due.result.data as { due: string[]; overdue: string[] }).due, ['B-CONV-01', 'A-PRESS-01']);
  const zh = await runSkill({ skill: equipmentStatus, args: { due_by: '2026-11-30' }, tools: plant(), language: 'zh' });
  assert.match(
    zh.result.answer,
    /^全厂在 2026-11-29 至 2026-11-30 期间到期的保养：1 台：B-CONV-01（2026-11-29）。\n另外已逾期（今天之前到期）：3 台：D-CNC-01（逾期 12 天）、B-PRESS-03（逾期 6 天）、A-WELD-01（逾期 3 天）。/,
  );
});
