/**
 * The fixed demo plant documents (SOPs and manuals). Handover notes are
 * generated from the seeded data in documents.ts. Text meant for GBK files
 * must stay inside GBK (checked when written).
 */
import { DEFECT_TYPES, LINES } from './catalog.js';

export const PRESS_VIBRATION_SOP_ZH = `# SOP-PR-007 冲压机异常振动处理规程

适用范围：一号冲焊车间全部冲压机（A-PRESS-01/02，B-PRESS-01~04）。
版本：C/2　　编制：设备部　　审核：生产部

## 1 判定标准
| 振动速度有效值 (mm/s) | 状态 | 处理 |
|---|---|---|
| < 4.5 | 正常 | 按日常点检 |
| 4.5 ~ 7.1 | 预警 | 当班内安排检查，开 P2 工单 |
| > 7.1 | 报警 | 立即停机，挂牌上锁，开 P1 工单 |

## 2 处理步骤
1. 停机：滑块停在上死点，关闭主电机，执行挂牌上锁（见 SOP-SF-001）。
2. 检查地脚螺栓：用扭矩扳手复紧，M24 地脚螺栓扭矩 640 N·m。历史工单中约四成振动由地脚螺栓松动引起。
3. 检查主轴轴承：测量轴承座温度，超过 70 ℃ 或有异响时更换轴承（型号 NSK 22320），更换后空载试运行 2 小时。近三个月轴承磨损导致的振动明显增多。
4. 检查飞轮：目视检查飞轮与皮带，必要时做现场动平衡。
5. 检查润滑：确认导轨润滑油路畅通，导轨间隙 0.03 ~ 0.05 mm。
6. 检查模具：确认模具中心与滑块中心对正，压板紧固。
7. 复测：恢复生产前振动值必须 < 4.5 mm/s，记录在设备点检表和工单中。

## 3 记录
工单须写明：振动测量值（处理前/后）、根本原因、处理措施、更换备件。
`;

export const PRESS_VIBRATION_SOP_EN =
  `# SOP-PR-007 Abnormal press vibration (English version)

Scope: every press in stamping & welding workshop 1 (A-PRESS-01/02, B-PRESS-01..04).
Revision C/2. Owner: maintenance department.

## 1 Limits (vibration velocity, RMS)
- below 4.5 mm/s: normal, daily check only;
- 4.5 to 7.1 mm/s: warning, inspect within the shift, open a P2 work order;
- above 7.1 mm/s: alarm, stop the press at once, lock out and tag out, open a P1 work order.

## 2 Steps
1. Stop with the slide at top dead centre, switch off the main motor, lock out (SOP-SF-001).
2. Anchor bolts: re-torque the M24 anchor bolts to 640 N·m. About 40% of past vibration orders were loose anchor bolts.
3. Main shaft bearing: measure the housing temperature; above 70 °C or with noise, replace the ` +
  `bearing (NSK 22320) and run 2 h without load. Worn bearings have become the most common cause ` +
  `in the last three months.
4. Flywheel: inspect the flywheel and belts; field-balance if needed.
5. Lubrication: make sure the gib lubrication lines are clear; gib clearance 0.03 to 0.05 mm.
6. Die: check that the die is centred under the slide and clamped.
7. Re-measure: vibration must be below 4.5 mm/s before production restarts; record it in the work order.
`;

export const FIRST_ARTICLE_SOP_ZH = `# SOP-QA-002 首件检验规程

1. 每班开班、换模、换料、设备维修后必须做首件检验。
2. 首件由操作工自检后交检验员专检，检验项目按控制计划（尺寸、外观、毛刺、裂纹）。
3. 首件合格并在首件记录表签字后方可批量生产；不合格须停机调整，重新首检。
4. 视觉检测相机（各线 CAM-01）不能代替首件检验。
5. 不良率超过该线月平均值 2 倍时，检验员须通知班长并开质量工单。
`;

export const LOCKOUT_SOP_EN = `# SOP-SF-001 Lockout / tagout

Every maintenance intervention on a press, CNC, welder, robot or conveyor starts with lockout/tagout:
1. Tell the line leader and the operators; stop the machine normally.
2. Switch off and lock the main isolator with your personal padlock; hang your tag (name, date, work order number).
3. Release stored energy: slide at bottom or blocked with safety blocks, air and hydraulic pressure vented, capacitors discharged.
4. Try to start the machine to verify zero energy.
5. After the work: remove tools, refit guards, remove your own lock only, and hand over to production with the work order closed.
`;

export const PRESS_MANUAL_ZH = `# JH21-250 开式固定台压力机 维护手册（摘要）

## 润滑
- 导轨、连杆球头：集中润滑，每 30 分钟自动供油一次，每班检查油位。
- 主轴轴承：锂基润滑脂，每 500 运行小时补脂 80 g。
- 飞轮轴承：每 2000 运行小时补脂。

## 紧固件扭矩
| 部位 | 规格 | 扭矩 |
|---|---|---|
| 地脚螺栓 | M24 | 640 N·m |
| 模具压板 | M20 | 380 N·m |
| 滑块调节锁紧 | M16 | 200 N·m |

## 定期保养周期
每 30 天一级保养：检查离合器制动器间隙、皮带张紧、过载保护油压（标准 22 MPa）、振动值。
`;

export const CNC_ALARMS_EN = `# VMC-850 machining centre: alarm reference (excerpt)

| Alarm | Meaning | First checks |
|---|---|---|
| SP9031 | Spindle overheat | Chiller running? Filter clean? Coolant level? |
| SP9012 | Spindle encoder signal lost | Encoder cable and connector; replace the encoder if the alarm returns |
| SV0436 | Servo overcurrent | Motor cable insulation, drive module |
| EX1021 | Coolant pressure low | Pump seal, hose fittings, chip conveyor |
| OT0500 | Over-travel | Reference return, limit switches |

Thermal growth: run the 15-minute warm-up program (O9001) after every stop longer than 2 hours;
bore dimensions drift up to 0.02 mm on a cold spindle.
`;

export const CAMERA_MANUAL_EN = `# VC-5000 vision inspection camera: operator manual (excerpt)

- Clean the lens cover glass at every shift start with a lint-free wipe.
- Recalibrate with the calibration plate after any bracket movement or light source change.
- The ring light loses brightness with age: replace it when the calibration image grey level falls below 140.
- False reject rate above 3% means: check the light, the lens, the bracket, then the detection threshold (against the limit samples).
- If the camera is offline: check the M12 Ethernet connector, the switch port, then restart the inspection PC.
`;

/** An old welder manual as the legacy document system stored it (GBK). */
export const WELDER_MANUAL_LEGACY_ZH = `NB-500 气体保护焊机 使用维护说明（旧版）
========================================
一、日常检查
  1. 导电嘴：每班检查磨损情况，孔径磨大后立即更换。
  2. 保护气：流量 15-20 升/分钟，气瓶压力低于 1 兆帕时更换。
  3. 送丝机构：检查送丝轮槽型与焊丝直径一致（1.2 毫米）。
二、常见故障
  飞溅大 —— 导电嘴磨损、气体流量不足、电流电压不匹配。
  气孔   —— 保护气不纯、工件油污、气管漏气、喷嘴堵塞。
  起弧难 —— 接地不良、焊丝受潮。
三、标准参数
  电流 220 安，电压 24 伏，焊接速度 45 厘米/分钟。
`;

export function defectClassificationDoc(): string {
  const rows = DEFECT_TYPES.map((type) => `| ${type.defect_type} | ${type.name_zh} | ${type.name_en} |`).join('\n');
  const lines = LINES.map((line) => {
    const top = Object.entries(line.defectMix)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([code]) => code)
      .join(', ');
    return `- ${line.name} ${line.product}（${line.name_en}, ${line.product_en}）: ${top}`;
  }).join('\n');
  return `# SOP-QA-010 缺陷分类 Defect classification

质量数据表 quality_data.defect_type 使用下列代码；defect_types 表保存中英文名称。
quality_data.defect_type uses these codes; the defect_types table holds both names.

| 代码 code | 中文 | English |
|---|---|---|
${rows}

各产线常见缺陷 Typical defects per line:
${lines}
`;
}
