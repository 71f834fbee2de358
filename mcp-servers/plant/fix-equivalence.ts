/**
 * One fix written in several ways counts as one (issue 15): "Re-torqued the
 * anchor bolts to 640 N·m; vibration back to 2.8 mm/s" and "按 640 N·m 重新紧固
 * 地脚螺栓，复测振动值降至 2.8 mm/s" are the same resolution, and ranking them
 * apart (23 + 13 below another fix's 21) misleads. Two wordings are taken as
 * equivalent by what a real plant's free text shares across languages, never
 * by knowing how any seeder writes:
 *  - the figures: values with their units (640 N·m, 2.8 mm/s, 8 %, 18 L/min,
 *    0.6 MPa, 2 h = 2 小时) and part or model numbers (NSK 22320) — when either
 *    wording has figures, both must have the same figures and share at least
 *    one maintenance word;
 *  - without figures, a general bilingual maintenance vocabulary (replace /
 *    更换, tension / 张紧, belt / 皮带 …): both must name the same parts (at
 *    least one) and share most of their words (Jaccard ≥ 0.5, two at least).
 */

/** value-with-unit spellings → one canonical unit */
const UNITS: Array<[RegExp, string]> = [
  [/^(?:n·m|n\.m|nm|n-m|牛米|牛·米)$/, 'N·m'],
  [/^(?:mm\/s)$/, 'mm/s'],
  [/^(?:mm|毫米)$/, 'mm'],
  [/^(?:kn|千牛)$/, 'kN'],
  [/^(?:mpa|兆帕)$/, 'MPa'],
  [/^(?:bar)$/, 'bar'],
  [/^(?:l\/min|升\/分钟?)$/, 'L/min'],
  [/^(?:rpm|r\/min|转\/分钟?|转)$/, 'rpm'],
  [/^(?:a|安)$/, 'A'],
  [/^(?:v|伏)$/, 'V'],
  [/^(?:%|％)$/, '%'],
  [/^(?:°c|℃|度)$/, '°C'],
  [/^(?:h|hr|hrs|hours?|小时|个小时)$/, 'h'],
  [/^(?:min|mins|minutes?|分钟)$/, 'min'],
  [/^(?:k|千)$/, 'k'],
  [/^(?:万次|万)$/, '0k'],
];

const VALUE_RE = new RegExp(
  [
    String.raw`(\d+(?:\.\d+)?)\s*(n·m|n\.m|n-m|nm|牛·?米|mm\/s|mm|毫米|kn|千牛|mpa|`,
    String.raw`兆帕|bar|l\/min|升\/分钟?|rpm|r\/min|转\/分钟?|a(?![a-z])|安|v(?![a-z])`,
    String.raw`|伏|%|％|°c|℃|h(?![a-z])|hrs?|hours?|个?小时|mins?|minutes?|分钟|万次?|`,
    String.raw`k(?=[- ]?stroke))`,
  ].join(''),
  'gi',
);
/** part and model numbers: letters with digits (NSK 22320, 6205-2RS), or a long bare number */
const PART_RE = /\b([a-z]{2,}[\s-]?\d{3,}[a-z0-9-]*)\b|(?<![\d.])(\d{4,})(?![\d.])/gi;

/** The figures of a fix, canonical: '640 N·m', '2.8 mm/s', 'part:NSK22320'. */
export function fixFigures(text: string): string[] {
  const lower = text.normalize('NFKC').toLowerCase();
  const out = new Set<string>();
  for (const match of lower.matchAll(VALUE_RE)) {
    let value = Number(match[1]);
    const raw = match[2]!.toLowerCase().replace(/\s+/g, '');
    let unit = UNITS.find(([pattern]) => pattern.test(raw))?.[1] ?? raw;
    if (unit === '0k') {
      value *= 10;
      unit = 'k';
    }
    out.add(`${value} ${unit}`);
  }
  const withoutValues = lower.replace(VALUE_RE, ' ');
  for (const match of withoutValues.matchAll(PART_RE))
    out.add(`part:${(match[1] ?? match[2]!).replace(/[\s-]/g, '').toUpperCase()}`);
  return [...out].sort();
}

/**
 * A general bilingual maintenance vocabulary: actions and parts as plants write
 * them in work orders. Each entry is one concept in both languages.
 */
const VOCABULARY: Array<{ concept: string; pattern: RegExp }> = [
  { concept: 'replace', pattern: /更换|换上|换新|\breplac\w*|\bchanged?\b|\bswapp?\w*|\bnew\b/ },
  { concept: 'clean', pattern: /清理|清洁|清洗|冲洗|\bclean\w*|\bflush\w*|\bwip\w*/ },
  { concept: 'tighten', pattern: /紧固|拧紧|\btighten\w*|\bre-?torqu\w*|\btorqu\w*/ },
  { concept: 'tension', pattern: /张紧|\bre-?tension\w*|\btension\w*/ },
  { concept: 'adjust', pattern: /调整|调节|调到|设定|\badjust\w*|\bset\b|\bre-?set\b/ },
  { concept: 'calibrate', pattern: /标定|校准|校验|校正|\bcalibrat\w*|\bre-?calibrat\w*|\bre-?master\w*|\bverif\w*/ },
  { concept: 'lubricate', pattern: /润滑|加注|注油|\blubricat\w*|\bgreas\w*|\boil(?:ed)?\b/ },
  { concept: 'restart', pattern: /重启|复位|\brestart\w*|\breboot\w*|\bre-?arm\w*/ },
  { concept: 'repair', pattern: /修复|维修|\brepair\w*|\bfix\w*/ },
  { concept: 'polish', pattern: /抛光|打磨|\bpolish\w*/ },
  { concept: 'sharpen', pattern: /刃磨|磨刀|修磨|\bsharpen\w*|\bregr[io]und\b|\bgrind\w*/ },
  { concept: 'straighten', pattern: /校直|矫正|调直|\bstraighten\w*/ },
  { concept: 'brace', pattern: /加固|\bbrac(?:e|ed|ing)\b|\breinforc\w*/ },
  { concept: 'align', pattern: /对中|对齐|平行度|找正|\balign\w*|\bre-?align\w*/ },
  { concept: 'balance', pattern: /动平衡|平衡|\bbalanc\w*/ },
  { concept: 'update', pattern: /升级|更新|\bupdat\w*|\bupgrad\w*/ },
  { concept: 'restore', pattern: /恢复|还原|\brestor\w*|\bback\s+to\b/ },
  { concept: 'evenly', pattern: /均匀|\bevenly\b/ },
  { concept: 'inspect', pattern: /检查|检测|排查|\bcheck\w*|\binspect\w*/ },
  { concept: 'add', pattern: /加装|增加|补充|\badd(?:ed)?\b|\bfitt?\w*|\btopp?ed\s+up\b|\binstall\w*/ },
  { concept: 'belt', pattern: /皮带|传送带|\bbelts?\b/ },
  { concept: 'chain', pattern: /链条|\bchains?\b/ },
  { concept: 'bearing', pattern: /轴承|\bbearings?\b/ },
  { concept: 'bolt', pattern: /螺栓|螺丝|\bbolts?\b|\bscrews?\b/ },
  { concept: 'die', pattern: /拆模|模具|\bdies?\b/ },
  { concept: 'punch', pattern: /冲头|\bpunch(?:es)?\b/ },
  { concept: 'edge', pattern: /刃口|\bedges?\b/ },
  { concept: 'slug', pattern: /废料|\bslugs?\b/ },
  { concept: 'weld', pattern: /焊前|焊缝|焊接|\bpre-?weld\b|\bweld(?:s|ing)?\b/ },
  { concept: 'oil', pattern: /拉伸油|液压油|\bdrawing\s+oil\b|\bhydraulic\s+oil\b/ },
  { concept: 'anti-spatter', pattern: /防飞溅|\banti-?spatter\b/ },
  { concept: 'wire feed', pattern: /送丝|\bdrive\s+rolls?\b|\bwire\s+(?:liner|feed\w*)\b/ },
  { concept: 'module', pattern: /模块|\bmodules?\b/ },
  { concept: 'collision', pattern: /碰撞|\bcollision\b/ },
  { concept: 'sample', pattern: /样件|\bsamples?\b/ },
  { concept: 'gripper', pattern: /夹爪|手指|\bgripper\w*|\bfingers?\b/ },
  { concept: 'sensor', pattern: /传感器|光电|\bsensors?\b|\bphoto-?eyes?\b/ },
  { concept: 'lens', pattern: /镜头|镜片|保护玻璃|\blens\w*|\bcover\s+glass\b/ },
  { concept: 'light', pattern: /光源|环形光|\blights?\b/ },
  { concept: 'software', pattern: /软件|程序|\bsoftware\b|\bprogram\w*/ },
  { concept: 'computer', pattern: /工控机|\bipc\b|\bcomputer\b/ },
  { concept: 'cable', pattern: /电缆|线缆|网线|连接器|\bcables?\b|\bconnectors?\b/ },
  { concept: 'hose', pattern: /软管|气管|管路|油管|\bhoses?\b|\bfittings?\b|\blines\b/ },
  { concept: 'valve', pattern: /电磁阀|阀门|\bvalves?\b|\bsolenoid\b/ },
  { concept: 'contactor', pattern: /接触器|\bcontactors?\b/ },
  { concept: 'nozzle', pattern: /喷嘴|导电嘴|\bnozzles?\b|\bcontact\s+tips?\b/ },
  { concept: 'gas', pattern: /气瓶|气源|气体|\bgas\b|\bcylinders?\b/ },
  { concept: 'air', pattern: /气压|漏气|吹气|\bair\b/ },
  { concept: 'filter', pattern: /滤网|过滤器|\bfilters?\b/ },
  { concept: 'coolant', pattern: /冷却液|冷水机|\bcoolant\b|\bchiller\b/ },
  { concept: 'hydraulic', pattern: /液压|\bhydraulic\w*/ },
  { concept: 'spindle', pattern: /主轴|\bspindle\b|\bmain\s+shaft\b/ },
  { concept: 'tool', pattern: /刀具|刀片|刀杆|\binserts?\b|\btools?\b|\bboring\s+bar\b/ },
  { concept: 'wire', pattern: /焊丝|\bwire\b/ },
  { concept: 'clamp', pattern: /夹具|地线夹|\bclamps?\b|\bfixtures?\b/ },
  { concept: 'pin', pattern: /定位销|顶针|\bpins?\b/ },
  { concept: 'spring', pattern: /弹簧|\bsprings?\b/ },
  { concept: 'guide', pattern: /导向|导轨|\bguides?\b|\brails?\b/ },
  { concept: 'bracket', pattern: /支架|\bbrackets?\b/ },
  { concept: 'idler', pattern: /托辊|\bidlers?\b|\brollers?\b/ },
  { concept: 'flywheel', pattern: /飞轮|\bflywheel\b/ },
  { concept: 'material', pattern: /材料|来料|批次|\bmaterial\b|\bbatch\b|\bcoil\b/ },
  { concept: 'supplier', pattern: /供应商|采购|索赔|\bsuppliers?\b|\bpurchasing\b|\bclaim\b/ },
  { concept: 'parameter', pattern: /参数|工艺卡|\bparameters?\b|\bprocess\s+card\b/ },
  { concept: 'first article', pattern: /首件|\bfirst\s+article\b/ },
  { concept: 'every shift', pattern: /每班|\bevery\s+shift\b|\beach\s+shift\b/ },
  { concept: 'speed', pattern: /转速|速度|\bspeed\b/ },
  { concept: 'feed', pattern: /进给|送料|\bfeed\w*/ },
  { concept: 'clearance', pattern: /间隙|\bclearance\b|\bgap\b/ },
  { concept: 'pressure', pattern: /压力|油压|保压|\bpressure\b/ },
  { concept: 'force', pattern: /压边力|\bforce\b/ },
  { concept: 'threshold', pattern: /阈值|灵敏度|\bthreshold\b|\bsensitivity\b/ },
  { concept: 'switch', pattern: /交换机|端口|\bswitch\b|\bport\b/ },
  { concept: 'program', pattern: /备份|\bbackup\b/ },
  { concept: 'warm-up', pattern: /预热|热补偿|\bwarm-?up\b|\bthermal\b/ },
  { concept: 'humidity', pattern: /湿度|干燥|\bhumidity\b|\bdry\w*/ },
];

/** The maintenance words of a fix, as concepts of the bilingual vocabulary. */
export function fixConcepts(text: string): string[] {
  const lower = text.normalize('NFKC').toLowerCase();
  return VOCABULARY.filter((entry) => entry.pattern.test(lower)).map((entry) => entry.concept);
}

export interface FixFingerprint {
  figures: string[];
  concepts: string[];
}

export function fingerprint(text: string): FixFingerprint {
  return { figures: fixFigures(text), concepts: fixConcepts(text) };
}

/** what is done (the rest of the vocabulary names what it is done to) */
const ACTIONS = new Set([
  'replace',
  'clean',
  'tighten',
  'tension',
  'adjust',
  'calibrate',
  'lubricate',
  'restart',
  'repair',
  'polish',
  'sharpen',
  'align',
  'balance',
  'update',
  'restore',
  'evenly',
  'inspect',
  'add',
  'straighten',
  'brace',
]);

/** Whether two wordings are the same fix (see the file comment for the rule). */
export function sameFix(a: FixFingerprint, b: FixFingerprint): boolean {
  const shared = a.concepts.filter((concept) => b.concepts.includes(concept));
  if (a.figures.length > 0 || b.figures.length > 0) {
    return (
      a.figures.length === b.figures.length &&
      a.figures.every((figure) => b.figures.includes(figure)) &&
      shared.length >= 1
    );
  }
  // without figures: the same parts named (at least one), and most of the words shared
  const partsOf = (print: FixFingerprint): string[] => print.concepts.filter((concept) => !ACTIONS.has(concept));
  const [partsA, partsB] = [partsOf(a), partsOf(b)];
  if (partsA.length === 0 || partsA.length !== partsB.length || !partsA.every((part) => partsB.includes(part)))
    return false;
  const union = new Set([...a.concepts, ...b.concepts]).size;
  return shared.length >= 2 && shared.length / union >= 0.5;
}

/** 'zh' when the text has CJK characters, else 'en' */
export function wordingLanguage(text: string): 'zh' | 'en' {
  return /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en';
}
