/**
 * A small bilingual symptom vocabulary for search_work_orders, so that an
 * English symptom finds the Chinese work orders of the same fault and vice
 * versa ("conveyor jammed" ↔ 输送线卡料停线, "porosity" ↔ 焊缝气孔).
 * Built from the demo seeder's work-order templates (src/seed/
 * work-order-templates.ts: 21 symptoms per equipment type, their details)
 * and the words operators use for them.
 *
 * An entry is one concept: `en` / `zh` recognise it in the operator's
 * symptom (NFKC, lower-case), `searchEn` / `searchZh` are the strings looked
 * up in the orders (substrings: English stems such as "vibrat", Chinese
 * words). The strings of the symptom's own language count fully, those of
 * the other language at TRANSLATION_WEIGHT (see similar.ts).
 */
export interface SynonymEntry {
  /** a short name, reported in the tool result */
  concept: string;
  en: RegExp;
  zh: RegExp;
  searchEn: readonly string[];
  searchZh: readonly string[];
}

/** what was observed: the symptom itself ("vibration", 漏油, "arc won't strike") */
export const OBSERVED_SYNONYMS: readonly SynonymEntry[] = [
  {
    concept: 'vibration',
    en: /\bvibrat\w*|\bshak(?:e|es|ing|y)\b/g,
    zh: /振动|震动|抖动|振感/g,
    searchEn: ['vibrat', 'shak'],
    searchZh: ['振动', '抖动', '振感'],
  },
  {
    concept: 'jam',
    en: /\bjam(?:s|med|ming)?\b|\bpil(?:e|es|ing)\s+up\b/g,
    zh: /卡料|卡住|卡死|堵料|堆积/g,
    searchEn: ['jam', 'pile up'],
    searchZh: ['卡料', '堆积'],
  },
  {
    concept: 'overheating',
    en: /\bover-?heat\w*|\btoo\s+hot\b|\brunning\s+hot\b/g,
    zh: /过热|发热|(?:温度|油温|水温)(?:过高|偏高|高)/g,
    searchEn: ['overheat'],
    searchZh: ['过热'],
  },
  {
    concept: 'leak',
    en: /\bleak\w*/g,
    zh: /漏油|泄漏|漏液|渗油|渗漏|积液/g,
    searchEn: ['leak'],
    searchZh: ['泄漏', '漏油', '积液'],
  },
  {
    concept: 'noise',
    en: /\bnois(?:e|es|y)\b|\bknock\w*|\bsqueal\w*|\brattl\w*/g,
    zh: /异响|噪音|噪声|冲击声|尖叫声|响声/g,
    searchEn: ['nois', 'knocking', 'squealing'],
    searchZh: ['噪音', '冲击声', '尖叫声', '异响'],
  },
  { concept: 'burr', en: /\bburrs?\b/g, zh: /毛刺/g, searchEn: ['burr'], searchZh: ['毛刺'] },
  { concept: 'alarm', en: /\balarm\w*/g, zh: /报警/g, searchEn: ['alarm'], searchZh: ['报警'] },
  {
    concept: 'crack',
    en: /\bcrack\w*|\bsplit(?:s|ting)?\b/g,
    zh: /裂纹|开裂|裂缝/g,
    searchEn: ['crack', 'splits'],
    searchZh: ['裂纹', '开裂'],
  },
  {
    concept: 'out of tolerance',
    en: /\bout[- ]of[- ]tolerance\b|\btolerance\b|\bover-?size\b|\bunder-?size\b|\bdimension(?:s|al)?\b/g,
    zh: /尺寸超差|超差|尺寸偏大|尺寸偏小|尺寸漂移/g,
    searchEn: ['tolerance', 'oversize'],
    searchZh: ['超差', '尺寸偏大'],
  },
  {
    concept: 'porosity',
    en: /\bporosity\b|\bporous\b|\bpores?\b|\bpin-?holes?\b|\bblow-?holes?\b/g,
    zh: /气孔|针孔/g,
    searchEn: ['porosity', 'pores', 'pinhole'],
    searchZh: ['气孔', '针孔'],
  },
  { concept: 'spatter', en: /\bspatter\w*/g, zh: /飞溅/g, searchEn: ['spatter'], searchZh: ['飞溅'] },
  { concept: 'dent', en: /\bdent(?:s|ed)?\b/g, zh: /压痕|凹陷|凹坑/g, searchEn: ['dents'], searchZh: ['压痕'] },
  { concept: 'chatter', en: /\bchatter\w*/g, zh: /振纹/g, searchEn: ['chatter'], searchZh: ['振纹'] },
  {
    concept: 'false reject',
    en: /\bfalse\s+(?:rejects?|rejections?|alarms?|ng|calls?)\b|\bmisjudg\w*/g,
    zh: /误判|误检|误报/g,
    searchEn: ['false reject'],
    searchZh: ['误判'],
  },
  {
    concept: 'offline',
    en: /\boffline\b|\bdisconnect\w*|\bcommunication\s+(?:lost|loss|error|failure)\b/g,
    zh: /离线|掉线|断开|通讯中断|通信中断/g,
    searchEn: ['offline', 'disconnect'],
    searchZh: ['离线', '断开', '通讯中断'],
  },
  {
    concept: 'collision',
    en: /\bcollision\w*|\bcollid\w*|\bcrash\w*/g,
    zh: /碰撞|撞机/g,
    searchEn: ['collision'],
    searchZh: ['碰撞'],
  },
  {
    concept: 'belt drift',
    en: /\b(?:belt\s+)?(?:drift\w*|mis-?track\w*|off[- ]track)\b|\bbelt\s+wander\w*/g,
    zh: /跑偏/g,
    searchEn: ['belt drift'],
    searchZh: ['跑偏'],
  },
  {
    concept: 'position deviation',
    en: /\bposition(?:ing)?\s+(?:deviation|error|offset)s?\b|\boff\s+position\b/g,
    zh: /定位偏差|位置偏差|偏位/g,
    searchEn: ['position deviation'],
    searchZh: ['定位偏差'],
  },
  {
    concept: 'dropped parts',
    en: /\bdrop(?:s|ped|ping)?\s+(?:the\s+)?(?:parts?|workpieces?)\b|\bdropped\b/g,
    zh: /掉件|掉料|抓取失败/g,
    searchEn: ['drops parts', 'dropped'],
    searchZh: ['掉件', '抓取失败'],
  },
  {
    concept: 'arc start',
    en: /\barc\s+(?:fails?|failure|won'?t\s+strike|start\w*)|\barc-start\w*/g,
    zh: /起弧/g,
    searchEn: ['arc fails', 'arc-start'],
    searchZh: ['起弧'],
  },
  {
    concept: 'overload',
    en: /\boverload\w*|\btripp(?:ed|ing)\b|\btrips\b/g,
    zh: /过载|跳闸/g,
    searchEn: ['overload', 'tripped'],
    searchZh: ['过载', '跳闸'],
  },
  {
    concept: 'voltage',
    en: /\bvoltage\b|\bpower\s+(?:dip|drop|loss|failure|outage)s?\b|\bbrown-?outs?\b/g,
    zh: /电压|停电|断电/g,
    searchEn: ['voltage'],
    searchZh: ['电压'],
  },
  {
    concept: 'incoming material',
    en: /\bincoming\s+material\b|\bmaterial\s+(?:out\s+of\s+spec\w*|defects?|problems?)\b/g,
    zh: /来料/g,
    searchEn: ['incoming material'],
    searchZh: ['来料'],
  },
];

/**
 * where: the parts and machines (ids such as C-CONV-01 are in every title, in both languages); they say which kind
 * of machine a symptom is about
 */
export const PART_SYNONYMS: readonly SynonymEntry[] = [
  { concept: 'coolant', en: /\bcoolant\b/g, zh: /冷却液/g, searchEn: ['coolant'], searchZh: ['冷却液'] },
  { concept: 'spindle', en: /\bspindle\b/g, zh: /主轴/g, searchEn: ['spindle'], searchZh: ['主轴'] },
  { concept: 'weld', en: /\bweld\w*/g, zh: /焊缝|焊接|焊机/g, searchEn: ['weld'], searchZh: ['焊缝', '焊接'] },
  {
    concept: 'conveyor',
    en: /\bconveyor\w*/g,
    zh: /输送线|输送/g,
    searchEn: ['conveyor', 'conv-'],
    searchZh: ['输送'],
  },
  {
    concept: 'camera',
    en: /\b(?:vision\s+)?camera\w*/g,
    zh: /视觉|相机/g,
    searchEn: ['camera', 'cam-'],
    searchZh: ['相机', '视觉'],
  },
  {
    concept: 'hydraulic',
    en: /\bhydraulic\w*|\bpower\s+pack\b/g,
    zh: /液压站|液压系统|液压泵|液压油|液压/g,
    searchEn: ['hydraulic'],
    searchZh: ['液压'],
  },
  { concept: 'bearing', en: /\bbearings?\b/g, zh: /轴承/g, searchEn: ['bearing'], searchZh: ['轴承'] },
  { concept: 'die', en: /\bdies?\b|\bmoulds?\b|\bmolds?\b/g, zh: /模具|冲模/g, searchEn: ['die'], searchZh: ['模具'] },
  {
    concept: 'lubrication',
    en: /\blubricat\w*|\bgrease\w*/g,
    zh: /润滑|黄油|油脂/g,
    searchEn: ['lubricat'],
    searchZh: ['润滑'],
  },
  {
    concept: 'contact tip',
    en: /\bcontact\s+tips?\b|\bnozzles?\b/g,
    zh: /导电嘴|喷嘴/g,
    searchEn: ['contact tip', 'nozzle'],
    searchZh: ['导电嘴', '喷嘴'],
  },
  { concept: 'encoder', en: /\bencoders?\b/g, zh: /编码器/g, searchEn: ['encoder'], searchZh: ['编码器'] },
  { concept: 'robot', en: /\brobot\w*/g, zh: /机械臂|机器人/g, searchEn: ['robot'], searchZh: ['机械臂'] },
  { concept: 'gripper', en: /\bgripper\w*/g, zh: /夹爪|夹具/g, searchEn: ['gripper'], searchZh: ['夹爪'] },
  {
    concept: 'press',
    en: /\bpress(?:es)?\b|\bstamping\b/g,
    zh: /冲压机|冲床|冲压/g,
    searchEn: ['press'],
    searchZh: ['冲压'],
  },
];

export const SYMPTOM_SYNONYMS: readonly SynonymEntry[] = [...OBSERVED_SYNONYMS, ...PART_SYNONYMS];

/** every match of a global pattern in a text */
export function matchesOf(pattern: RegExp, text: string): string[] {
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)].map((match) => match[0]);
}
