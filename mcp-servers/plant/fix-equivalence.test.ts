import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fingerprint, fixFigures, sameFix } from './fix-equivalence.js';
import { rankResolutions, type SimilarOrder } from './similar.js';

const same = (a: string, b: string): boolean => sameFix(fingerprint(a), fingerprint(b));

test('figures are read with their units, in both languages', () => {
  assert.deepEqual(fixFigures('Re-torqued the anchor bolts to 640 N·m; vibration back to 2.8 mm/s'), [
    '2.8 mm/s',
    '640 N·m',
  ]);
  assert.deepEqual(fixFigures('按 640 N·m 重新紧固地脚螺栓，复测振动值降至 2.8 mm/s'), ['2.8 mm/s', '640 N·m']);
  assert.deepEqual(fixFigures('Replaced the main shaft bearing (NSK 22320), greased it, 2 h no-load test run'), [
    '2 h',
    'part:NSK22320',
  ]);
  assert.deepEqual(fixFigures('更换主轴轴承（NSK 22320），加注润滑脂，空载试运行 2 小时'), ['2 h', 'part:NSK22320']);
  assert.deepEqual(fixFigures('Sharpened the die; added the 50k-stroke sharpening interval'), ['50 k']);
  assert.deepEqual(fixFigures('按 5 万次周期刃磨模具，加入保养计划'), ['50 k']);
  assert.deepEqual(fixFigures('更换轴承 6205-2RS'), ['part:6205']);
});

test('the same fix in Chinese and English, with figures or without, is one fix', () => {
  // wordings of the kind maintenance staff write (not the demo seeder's templates)
  const pairs: Array<[string, string]> = [
    [
      'Re-torqued the anchor bolts to 640 N·m; vibration back to 2.8 mm/s',
      '按 640 N·m 重新紧固地脚螺栓，复测振动值降至 2.8 mm/s',
    ],
    ['Replaced bearing NSK 22320 and greased it, 2 h test run', '更换轴承 NSK 22320 并加注润滑脂，试运行 2 小时'],
    ['Set the die clearance to 8%, burrs OK', '模具间隙调整到 8%，毛刺合格'],
    ['Gas flow set to 18 L/min after changing the cylinder', '更换气瓶，流量调整到 18 L/min'],
    ['Spindle speed reduced to 2800 rpm and feed adjusted', '主轴转速降到 2800 rpm，调整进给'],
    ['Re-tensioned the belt evenly', '重新均匀张紧皮带'],
    ['Cleaned the photo-eye and adjusted its sensitivity', '清洁光电传感器，调整灵敏度'],
    ['Restarted the IPC and updated the inspection software', '重启工控机并升级检测软件'],
  ];
  for (const [en, zh] of pairs) assert.ok(same(en, zh), `${en} ≡ ${zh}`);
});

test('different fixes stay apart: other figures, other parts, one wording with figures and one without', () => {
  const pairs: Array<[string, string]> = [
    ['Reduced blank holder force from 80 kN to 65 kN', '压边力从 80 kN 降到 70 kN'],
    ['Replaced the main contactor', '更换电磁阀'],
    ['Replaced the main shaft bearing (NSK 22320), 2 h test run', '更换主轴轴承并重新预紧'],
    ['Replaced the gripper fingers', 'Replaced the ring light and recalibrated'],
    ['Cleaned the nozzle and applied anti-spatter', 'Cleaned the lens and cover glass'],
    ['Tightened the bracket and recalibrated the field of view', 'Tightened and cleaned the ground clamp'],
    ['Cleaned the nozzle and applied anti-spatter', '清理喷嘴并调整拉伸油喷量'],
    ['Set the collision sensitivity to the vendor value', '依据限度样件调整阈值并复核'],
    ['Improved pre-weld cleaning and added a check', '清理模腔废料，加装吹气装置'],
    ['Replaced the aged fittings and hoses', '更换送丝轮和送丝软管'],
    ['Reset the machines one by one, checked for damage, resumed', '按厂家建议调整碰撞检测参数'],
  ];
  for (const [a, b] of pairs) assert.ok(!same(a, b), `${a} ≢ ${b}`);
});

function order(id: number, resolution: string, closedAt: string): SimilarOrder {
  return { order_id: id, resolution, closed_at: closedAt, similarity: 1, root_cause: null } as unknown as SimilarOrder;
}

test('ranking: one fix split 23 + 13 over two languages ranks above another that worked 21 times', () => {
  const orders: SimilarOrder[] = [];
  let id = 1;
  for (let k = 0; k < 23; k++)
    orders.push(
      order(
        id++,
        'Re-torqued the anchor bolts to 640 N·m; vibration back to 2.8 mm/s',
        `2026-10-${String(1 + (k % 28)).padStart(2, '0')}T10:00:00`,
      ),
    );
  for (let k = 0; k < 13; k++)
    orders.push(
      order(
        id++,
        '按 640 N·m 重新紧固地脚螺栓，复测振动值降至 2.8 mm/s',
        `2026-11-${String(1 + (k % 28)).padStart(2, '0')}T10:00:00`,
      ),
    );
  for (let k = 0; k < 21; k++)
    orders.push(
      order(
        id++,
        'Replaced the main shaft bearing (NSK 22320), greased it, 2 h no-load test run',
        `2026-10-${String(1 + (k % 28)).padStart(2, '0')}T10:00:00`,
      ),
    );
  const ranked = rankResolutions(orders, '2026-11-29');
  assert.equal(ranked.length, 2);
  assert.equal(ranked[0]!.count, 36);
  assert.equal(ranked[0]!.order_ids.length, 36);
  assert.deepEqual(Object.keys(ranked[0]!.wordings ?? {}).sort(), ['en', 'zh']);
  assert.equal(ranked[0]!.wordings?.en, 'Re-torqued the anchor bolts to 640 N·m; vibration back to 2.8 mm/s');
  assert.equal(ranked[1]!.count, 21);
  assert.equal(ranked[1]!.wordings, undefined);
});
