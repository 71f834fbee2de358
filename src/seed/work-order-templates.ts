/**
 * Work-order templates per equipment type: a symptom (Chinese and English)
 * with several possible causes and resolutions of different frequencies.
 * `recent` is the weight in the last 90 days, so the most frequent fix is not
 * always the most recent one (e.g. worn press bearings became common lately).
 */

/** [weight, recent weight, cause zh, resolution zh, cause en, resolution en] */
export type CauseRow = [number, number, string, string, string, string];

export interface SymptomTemplate {
  key: string;
  /** equipment type code, or 'LINE' for line-level orders without equipment */
  type: string;
  weight: number;
  zh: string;
  en: string;
  detailsZh: readonly string[];
  detailsEn: readonly string[];
  causes: readonly CauseRow[];
}

export const SYMPTOMS: readonly SymptomTemplate[] = [
  {
    key: 'press-vibration', type: 'PRESS', weight: 30, zh: '冲压机异常振动', en: 'Abnormal vibration on the press',
    detailsZh: ['运行时机身明显抖动，噪音增大', '振动值超过 7.1 mm/s', '滑块下行时有周期性冲击声', '操作工反映地脚附近振感强烈'],
    detailsEn: ['frame shakes during strokes, louder noise', 'vibration reading above 7.1 mm/s RMS', 'periodic knocking as the slide comes down', 'operator reports strong vibration near the base'],
    causes: [
      [40, 25, '地脚螺栓松动', '按 640 N·m 重新紧固地脚螺栓，复测振动值降至 2.8 mm/s', 'Loose anchor bolts', 'Re-torqued the anchor bolts to 640 N·m; vibration back to 2.8 mm/s'],
      [25, 45, '主轴轴承磨损', '更换主轴轴承（NSK 22320），加注润滑脂，空载试运行 2 小时', 'Worn main shaft bearing', 'Replaced the main shaft bearing (NSK 22320), greased it, 2 h no-load test run'],
      [15, 12, '飞轮动平衡失效', '对飞轮做现场动平衡校正，残余不平衡量合格', 'Imbalanced flywheel', 'Field-balanced the flywheel; residual imbalance within limits'],
      [12, 10, '导轨润滑不足，滑块干摩擦', '疏通润滑油路，调整导轨间隙至 0.05 mm', 'Insufficient lubrication on the slide gibs', 'Flushed the lubrication lines and set the gib clearance to 0.05 mm'],
      [8, 8, '模具安装不对中', '重新找正模具并按规定紧固压板', 'Die mounted off-centre', 'Re-aligned the die and clamped it to spec'],
    ],
  },
  {
    key: 'press-crack', type: 'PRESS', weight: 20, zh: '冲压件出现裂纹', en: 'Cracks on stamped parts',
    detailsZh: ['拉伸圆角处开裂', '连续多件在同一位置出现裂纹', '首检发现裂纹，已隔离本批次'],
    detailsEn: ['splits at the drawn radius', 'several parts in a row crack at the same spot', 'found at first-article inspection, batch quarantined'],
    causes: [
      [35, 35, '模具圆角磨损、拉毛', '抛光修复模具圆角，首件检验合格后恢复生产', 'Worn and galled die radius', 'Polished the die radius; resumed after a passing first article'],
      [30, 30, '卷料延伸率不足（来料批次问题）', '更换材料批次并通知采购向供应商索赔', 'Coil material with low elongation (supplier batch)', 'Switched coil batch; purchasing filed a claim with the supplier'],
      [20, 20, '压边力过大', '压边力由 80 kN 调整到 65 kN，复检合格', 'Blank holder force too high', 'Reduced blank holder force from 80 kN to 65 kN; parts pass'],
      [15, 15, '拉伸油喷涂不足', '清理喷嘴并调整拉伸油喷量', 'Not enough drawing oil', 'Cleaned the sprayers and increased the drawing oil flow'],
    ],
  },
  {
    key: 'press-burr', type: 'PRESS', weight: 20, zh: '冲压件毛刺超标', en: 'Excessive burrs on stamped parts',
    detailsZh: ['毛刺高度超过 0.1 mm', '冲孔边缘毛刺明显', '客户投诉毛刺划手'],
    detailsEn: ['burr height above 0.1 mm', 'heavy burrs on pierced holes', 'customer complaint about sharp burrs'],
    causes: [
      [45, 40, '冲头与凹模间隙过大', '调整冲裁间隙至料厚的 8%，毛刺合格', 'Punch-to-die clearance too large', 'Set the cutting clearance to 8% of sheet thickness; burrs within spec'],
      [30, 35, '刃口崩缺', '拆模修磨刃口，更换崩缺冲头', 'Chipped cutting edge', 'Pulled the die, reground the edge and replaced the chipped punch'],
      [25, 25, '模具超期未刃磨', '按 5 万次周期刃磨模具，加入保养计划', 'Die overdue for sharpening', 'Sharpened the die; added the 50k-stroke sharpening interval to the plan'],
    ],
  },
  {
    key: 'press-dent', type: 'PRESS', weight: 12, zh: '冲压件表面压痕', en: 'Dents on stamped parts',
    detailsZh: ['零件表面有点状压痕', '压痕位置固定'], detailsEn: ['spot dents on the part surface', 'dents always at the same position'],
    causes: [
      [50, 50, '模腔内有废料或异物', '清理模腔废料，加装吹气装置', 'Slugs or debris in the die cavity', 'Cleaned out the slugs and fitted an air blow-off'],
      [30, 30, '顶料杆卡滞', '拆检顶料杆，更换弹簧并润滑', 'Sticking ejector pin', 'Serviced the ejector pin, new spring, lubricated'],
      [20, 20, '送料机构定位不准', '校准送料器步距和导正销', 'Feeder misfeed', 'Calibrated the feeder pitch and pilot pins'],
    ],
  },
  {
    key: 'press-overload', type: 'PRESS', weight: 10, zh: '冲压机过载保护跳闸', en: 'Press overload protection tripped',
    detailsZh: ['滑块停在下死点附近', '液压过载装置泄压报警'], detailsEn: ['slide stuck near bottom dead centre', 'hydraulic overload relief alarm'],
    causes: [
      [40, 40, '装模高度设置错误', '按模具卡重新设定装模高度，复位过载装置', 'Wrong shut height setting', 'Reset the shut height from the die card and re-armed the overload'],
      [35, 35, '过载保护油压偏低', '补充液压油并排气，油压恢复', 'Low oil pressure in the overload system', 'Topped up and bled the hydraulic overload; pressure restored'],
      [25, 25, '双料进入模具', '取出双料，加装双料检测传感器', 'Double blank in the die', 'Removed the double blank; fitted a double-blank sensor'],
    ],
  },
  {
    key: 'cnc-dimension', type: 'CNC', weight: 30, zh: '加工尺寸超差', en: 'Machined dimensions out of tolerance',
    detailsZh: ['内孔尺寸偏大 0.02 mm', '批量尺寸逐渐漂移', '三坐标检测超差'],
    detailsEn: ['bore 0.02 mm oversize', 'dimensions drift over the batch', 'CMM report out of tolerance'],
    causes: [
      [40, 40, '刀具磨损未及时补偿', '更换刀片，更新刀具磨损补偿，首件合格', 'Tool wear not compensated', 'New insert, updated the wear offset; first article OK'],
      [25, 30, '主轴热伸长', '增加开机预热程序 15 分钟，启用热补偿', 'Spindle thermal growth', 'Added a 15-minute warm-up program and enabled thermal compensation'],
      [20, 15, '夹具定位销磨损', '更换定位销，重新校验夹具', 'Worn fixture locating pin', 'Replaced the locating pin and re-qualified the fixture'],
      [15, 15, '丝杠反向间隙增大', '测量并补偿反向间隙，计划更换丝杠', 'Ball screw backlash increased', 'Measured and compensated the backlash; ball screw replacement planned'],
    ],
  },
  {
    key: 'cnc-chatter', type: 'CNC', weight: 20, zh: '加工表面振纹', en: 'Chatter marks on the machined surface',
    detailsZh: ['表面粗糙度 Ra 超过 1.6', '精加工时有尖叫声'], detailsEn: ['surface roughness above Ra 1.6', 'squealing noise during finishing'],
    causes: [
      [40, 40, '刀具悬伸过长', '缩短刀具悬伸，改用减振刀杆', 'Tool overhang too long', 'Shortened the overhang and used an anti-vibration boring bar'],
      [35, 35, '切削参数不当', '转速降至 2800 rpm，调整进给，振纹消除', 'Wrong cutting parameters', 'Spindle speed down to 2800 rpm, feed adjusted; chatter gone'],
      [25, 25, '主轴轴承预紧力下降', '更换主轴轴承并重新预紧', 'Spindle bearing preload lost', 'Replaced the spindle bearings and restored the preload'],
    ],
  },
  {
    key: 'cnc-spindle-alarm', type: 'CNC', weight: 25, zh: '主轴报警停机', en: 'Spindle alarm, machine stopped',
    detailsZh: ['报警号 SP9031 主轴过热', '主轴无法启动', '加工中突然停机'],
    detailsEn: ['alarm SP9031 spindle overheat', 'spindle will not start', 'stopped suddenly mid-cycle'],
    causes: [
      [45, 45, '主轴冷却机滤网堵塞、冷却液不足', '清洗冷却机滤网，补充冷却液，温度恢复正常', 'Spindle chiller filter clogged, coolant low', 'Cleaned the chiller filter and topped up; temperature normal'],
      [30, 30, '主轴编码器故障', '更换主轴编码器并做原点校准', 'Spindle encoder fault', 'Replaced the spindle encoder and re-referenced'],
      [25, 25, '主轴驱动器过流', '检查动力电缆绝缘，更换驱动器功率模块', 'Spindle drive overcurrent', 'Checked the power cable insulation and replaced the drive power module'],
    ],
  },
  {
    key: 'cnc-coolant', type: 'CNC', weight: 15, zh: '冷却液泄漏', en: 'Coolant leaking',
    detailsZh: ['机床底部积液', '冷却液压力不足'], detailsEn: ['coolant pooling under the machine', 'low coolant pressure'],
    causes: [
      [50, 50, '管接头老化', '更换老化管接头和软管', 'Aged hose fittings', 'Replaced the aged fittings and hoses'],
      [30, 30, '冷却泵机械密封损坏', '更换冷却泵机械密封', 'Coolant pump seal failed', 'Replaced the pump mechanical seal'],
      [20, 20, '排屑器堵塞导致溢流', '清理排屑器和回液槽', 'Chip conveyor clogged, coolant overflowing', 'Cleared the chip conveyor and return trough'],
    ],
  },
  {
    key: 'weld-spatter', type: 'WELD', weight: 35, zh: '焊接飞溅大、焊缝成形差', en: 'Heavy spatter and poor weld beads',
    detailsZh: ['焊缝咬边', '飞溅粘在工件表面'], detailsEn: ['undercut along the bead', 'spatter stuck on the parts'],
    causes: [
      [40, 40, '导电嘴磨损', '更换导电嘴，规定每班检查', 'Worn contact tip', 'Replaced the contact tip; check added to every shift'],
      [25, 25, '保护气流量不足', '更换气瓶，流量调整到 18 L/min', 'Low shielding gas flow', 'New gas cylinder, flow set to 18 L/min'],
      [20, 20, '焊接参数漂移', '恢复工艺卡标准参数（电流 220 A，电压 24 V）', 'Welding parameters drifted', 'Restored the standard parameters from the process card (220 A, 24 V)'],
      [15, 15, '送丝不稳', '更换送丝轮和送丝软管', 'Unstable wire feed', 'Replaced the drive rolls and wire liner'],
    ],
  },
  {
    key: 'weld-porosity', type: 'WELD', weight: 30, zh: '焊缝气孔', en: 'Porosity in the welds',
    detailsZh: ['X 光检测发现密集气孔', '焊缝表面有针孔'], detailsEn: ['X-ray shows clustered pores', 'pinholes on the bead surface'],
    causes: [
      [35, 35, '保护气纯度不足', '更换合格气源，检测气体纯度', 'Contaminated shielding gas', 'Changed to a certified gas supply and tested the purity'],
      [30, 30, '工件表面油污', '加强焊前清洗，增加检查点', 'Oil on the parts before welding', 'Improved pre-weld cleaning and added a check'],
      [20, 20, '气管漏气', '更换破损气管，做保压试验', 'Leaking gas hose', 'Replaced the damaged hose; pressure test passed'],
      [15, 15, '喷嘴被飞溅堵塞', '清理喷嘴并涂防飞溅剂', 'Nozzle clogged with spatter', 'Cleaned the nozzle and applied anti-spatter'],
    ],
  },
  {
    key: 'weld-arc', type: 'WELD', weight: 15, zh: '焊接起弧困难', en: 'Arc fails to strike',
    detailsZh: ['起弧失败报警频繁'], detailsEn: ['frequent arc-start failure alarms'],
    causes: [
      [55, 55, '接地线接触不良', '清理并紧固接地夹', 'Poor ground clamp contact', 'Cleaned and tightened the ground clamp'],
      [45, 45, '焊丝受潮生锈', '更换焊丝，焊丝入干燥柜保存', 'Damp, rusty welding wire', 'Replaced the wire; wire now stored in the drying cabinet'],
    ],
  },
  {
    key: 'cam-false-reject', type: 'CAM', weight: 40, zh: '视觉检测误判率高', en: 'Vision camera false rejects',
    detailsZh: ['良品被判为不良', '误判率超过 3%'], detailsEn: ['good parts rejected', 'false reject rate above 3%'],
    causes: [
      [35, 35, '光源老化亮度下降', '更换环形光源并重新标定', 'Aging light source, brightness dropped', 'Replaced the ring light and recalibrated'],
      [30, 30, '镜头脏污', '清洁镜头和防护玻璃，规定每班擦拭', 'Dirty lens', 'Cleaned the lens and cover glass; wipe added to every shift'],
      [20, 20, '相机支架松动位置偏移', '紧固支架，重新标定视野', 'Camera bracket loose, view shifted', 'Tightened the bracket and recalibrated the field of view'],
      [15, 15, '检测阈值设置不当', '依据限度样件调整阈值并复核', 'Detection threshold set wrong', 'Adjusted the threshold against limit samples and verified'],
    ],
  },
  {
    key: 'cam-offline', type: 'CAM', weight: 20, zh: '视觉相机离线，通讯中断', en: 'Vision camera offline, communication lost',
    detailsZh: ['工控机提示相机断开'], detailsEn: ['the IPC reports the camera disconnected'],
    causes: [
      [45, 45, '网线接头松动', '更换工业网线接头并固定', 'Loose network connector', 'Replaced the industrial Ethernet connector and strain-relieved it'],
      [30, 30, '交换机端口故障', '更换交换机端口', 'Switch port failure', 'Moved to a new switch port'],
      [25, 25, '检测软件崩溃', '重启工控机并升级检测软件', 'Inspection software crashed', 'Restarted the IPC and updated the inspection software'],
    ],
  },
  {
    key: 'conv-jam', type: 'CONV', weight: 35, zh: '输送线卡料停线', en: 'Conveyor jam stopped the line',
    detailsZh: ['工件在转角处堆积'], detailsEn: ['parts pile up at the transfer corner'],
    causes: [
      [40, 40, '导向板变形', '校正导向板并加固', 'Bent guide rail', 'Straightened and braced the guide rail'],
      [35, 35, '光电传感器脏污误触发', '清洁光电传感器，调整灵敏度', 'Dirty photo-eye triggering falsely', 'Cleaned the photo-eye and adjusted its sensitivity'],
      [25, 25, '链条张紧不足', '调整链条张紧并润滑', 'Slack chain', 'Re-tensioned and lubricated the chain'],
    ],
  },
  {
    key: 'conv-belt', type: 'CONV', weight: 20, zh: '输送带跑偏', en: 'Conveyor belt drifting',
    detailsZh: ['皮带边缘磨损'], detailsEn: ['belt edge wearing'],
    causes: [
      [55, 55, '托辊不平行', '调整托辊平行度', 'Idlers out of parallel', 'Re-aligned the idlers'],
      [45, 45, '两侧张紧不均', '重新均匀张紧皮带', 'Uneven belt tension', 'Re-tensioned the belt evenly'],
    ],
  },
  {
    key: 'robot-position', type: 'ROBOT', weight: 30, zh: '机械臂定位偏差', en: 'Robot position deviation',
    detailsZh: ['抓取位置偏差约 2 mm'], detailsEn: ['pick position off by about 2 mm'],
    causes: [
      [40, 40, '零点丢失', '重新校零并校验示教点', 'Lost zero reference', 'Re-mastered the axes and checked the taught points'],
      [35, 35, '夹爪磨损', '更换夹爪指块', 'Worn gripper fingers', 'Replaced the gripper fingers'],
      [25, 25, '减速机背隙增大', '更换第 3 轴减速机', 'Gearbox backlash increased', 'Replaced the axis-3 reducer'],
    ],
  },
  {
    key: 'robot-collision', type: 'ROBOT', weight: 25, zh: '机械臂碰撞报警', en: 'Robot collision alarm',
    detailsZh: ['报警后机械臂急停'], detailsEn: ['robot emergency-stopped after the alarm'],
    causes: [
      [45, 45, '来料位置偏移', '调整上料定位挡块', 'Incoming part position off', 'Adjusted the infeed locating stops'],
      [30, 30, '碰撞检测灵敏度过高', '按厂家建议调整碰撞检测参数', 'Collision detection too sensitive', 'Set the collision sensitivity to the vendor value'],
      [25, 25, '示教点被误修改', '从备份恢复机器人程序', 'Taught point changed by mistake', 'Restored the robot program from backup'],
    ],
  },
  {
    key: 'robot-gripper', type: 'ROBOT', weight: 20, zh: '夹爪抓取失败掉件', en: 'Gripper drops parts',
    detailsZh: ['搬运中掉件'], detailsEn: ['parts dropped during transfer'],
    causes: [
      [45, 45, '气源压力不足', '排查漏气点，恢复气压 0.6 MPa', 'Low air pressure', 'Fixed the air leak; pressure back to 0.6 MPa'],
      [30, 30, '真空吸盘破损', '更换真空吸盘', 'Torn vacuum cup', 'Replaced the vacuum cups'],
      [25, 25, '电磁阀故障', '更换电磁阀', 'Faulty solenoid valve', 'Replaced the solenoid valve'],
    ],
  },
  {
    key: 'line-material', type: 'LINE', weight: 60, zh: '来料尺寸或材质异常', en: 'Incoming material out of specification',
    detailsZh: ['来料检验抽检不合格'], detailsEn: ['incoming inspection sample failed'],
    causes: [
      [60, 60, '供应商批次质量问题', '隔离该批次退货，启用备用批次', 'Supplier batch quality problem', 'Quarantined and returned the batch; switched to the backup batch'],
      [40, 40, '仓储受潮生锈', '挑选使用，改善仓库防潮', 'Material rusted in storage', 'Sorted the material; improved storage humidity control'],
    ],
  },
  {
    key: 'line-power', type: 'LINE', weight: 40, zh: '电压波动导致多台设备停机', en: 'Voltage dip stopped several machines',
    detailsZh: ['多台设备同时报警'], detailsEn: ['several machines alarmed at once'],
    causes: [
      [60, 60, '外部电网电压暂降', '逐台复位设备，确认无损坏后恢复生产', 'Utility voltage sag', 'Reset the machines one by one, checked for damage, resumed'],
      [40, 40, '配电柜接触器老化', '更换配电柜主接触器', 'Aged contactor in the distribution cabinet', 'Replaced the main contactor'],
    ],
  },
];

export function symptomByKey(key: string): SymptomTemplate {
  const found = SYMPTOMS.find((symptom) => symptom.key === key);
  if (!found) throw new Error(`unknown work-order template ${key}`);
  return found;
}
