/**
 * Equipment mentions: ids (B-PRESS-03), names from the equipment list, and
 * type words with a number ("press 3", "press #3", "3号冲压机", "冲压机3号").
 * With the engine's equipment list a mention becomes an equipment_id;
 * otherwise the operator's words are passed on for the skill to match.
 */
import { type NormalizedText, type Span, normalizeText, slice } from './normalize.js';

export interface KnownEquipment {
  equipment_id: string;
  line_id: string;
  name: string;
  name_en?: string;
  type: string;
}

export type EquipmentType = 'PRESS' | 'CNC' | 'WELD' | 'CAM' | 'CONV' | 'ROBOT';

export interface EquipmentMention extends Span {
  /** the resolved equipment_id, an id as typed (upper-cased), or the operator's words */
  value: string;
  resolved: boolean;
  type?: EquipmentType;
  number?: number;
  /** the line an id names (B-PRESS-03 → B) */
  idLine?: string;
  /** the kind said alone elsewhere in the question, of this machine ("press … on A-PRESS-01") */
  also?: Span[];
}

/** Type words in both languages → the seeded type codes. Welding robots are welders. */
const TYPE_WORDS: Array<{ code: EquipmentType; words: string }> = [
  {
    code: 'WELD',
    words:
      '电?焊(?:接)?(?:机器人|机|设备)|\\bweld(?:ers?|ing\\s+(?:machines?|robots?|stations?|units?))|\\bwelders?\\b',
  },
  {
    code: 'PRESS',
    words: '冲压机|冲床|压力机|冲压设备|\\b(?:stamping\\s+)?press(?:es)?\\b(?!\\s+(?:the|a|button|enter|and\\s+hold))',
  },
  {
    code: 'CNC',
    words:
      // "CNC machining centre" whole (what "VMC" is read as, lexicon.ts): the operator's word, never its first letter
      '数控(?:机床|车床|铣床|设备|机)?|加工中心|\\bcnc(?:\\s+(?:machines?|mills?|lathes?|machining\\s+cent(?:er|re)s?))?\\b|\\bmachining\\s+cent(?:er|re)s?\\b',
  },
  {
    code: 'CAM',
    words:
      '视觉(?:检测)?(?:系统|设备|相机)?|工业相机|相机|摄像头|\\b(?:vision|inspection)\\s+(?:cameras?|systems?|stations?)\\b|\\bcameras?\\b',
  },
  {
    code: 'CONV',
    words: '输送(?:机|带|线)|传送带|皮带(?:机|线)?|\\bconveyor(?:\\s+belt)?s?\\b|\\bbelt\\s+conveyors?\\b',
  },
  { code: 'ROBOT', words: '机器人|机械手|机械臂|\\brobot(?:ic\\s+arm)?s?\\b|\\brobot\\s+arms?\\b' },
];

const CODE_ALIASES: Record<string, EquipmentType> = {
  PRESS: 'PRESS',
  CNC: 'CNC',
  WELD: 'WELD',
  WELDER: 'WELD',
  CAM: 'CAM',
  CAMERA: 'CAM',
  VISION: 'CAM',
  CONV: 'CONV',
  CONVEYOR: 'CONV',
  ROBOT: 'ROBOT',
};

const ID_RE = /(?<![a-z0-9])([a-z])\s*-\s*([a-z]{2,10})\s*-\s*(\d{1,3})(?![0-9])/g;

function numberOf(id: string): number | undefined {
  const match = /-(\d+)$/.exec(id);
  return match ? Number(match[1]) : undefined;
}

function typeOf(item: KnownEquipment): EquipmentType | undefined {
  return CODE_ALIASES[item.type.toUpperCase()] ?? CODE_ALIASES[item.equipment_id.split('-')[1]?.toUpperCase() ?? ''];
}

/** The one listed item of that type and number (on that line when given); undefined when none or several. */
export function lookupEquipment(
  known: KnownEquipment[] | undefined,
  wanted: { type: EquipmentType; number: number; line: string | undefined },
): string | undefined {
  const { type, number, line } = wanted;
  if (!known) return undefined;
  const matches = known.filter(
    (item) =>
      typeOf(item) === type &&
      numberOf(item.equipment_id) === number &&
      (line === undefined || item.line_id.toUpperCase() === line),
  );
  return matches.length === 1 ? matches[0]!.equipment_id : undefined;
}

function typeWordsPattern(): string {
  return TYPE_WORDS.map((entry) => `(?<${entry.code}>${entry.words})`).join('|');
}

const TYPES = typeWordsPattern();
const WITH_NUMBER: RegExp[] = [
  // 3号冲压机, 3#冲压机, 第3台冲压机, #3 press, no. 3 press, 3rd press
  new RegExp(`(?:第\\s*)?(?<num>\\d{1,3})\\s*(?:号|#|台)\\s*(?:机|台)?\\s*(?:${TYPES})`, 'g'),
  new RegExp(`(?:#|\\bno\\.?\\s*|\\bnumber\\s+)(?<num>\\d{1,3})\\s+(?:${TYPES})`, 'g'),
  new RegExp(`\\b(?<num>\\d{1,3})(?:st|nd|rd|th)\\s+(?:${TYPES})`, 'g'),
  // 冲压机3号, 冲压机#3, press 3, press #3, press no. 3, press number 3
  new RegExp(
    `(?:${TYPES})\\s*(?:#|第|no\\.?|number|num\\.?)?\\s*(?<num>\\d{1,3})(?:\\s*(?:号|#|台))?(?![\\d\\-:/.月])`,
    'g',
  ),
];
const TYPE_ONLY = new RegExp(`(?:${TYPES})`, 'g');
/** a machine by number alone: 1号机, 2号机台, machine 3 (its type from the question's other words, below) */
const NUMBER_ONLY =
  /(?:第\s*)?(\d{1,3})\s*号\s*(?:机台|机|设备)(?![器床械构组])|\bmachine\s*(?:#|no\.?\s*)?(\d{1,3})\b/g;
/** words that say what kind of machine a number means: 冲出来的件 (stamped) is a press */
const TYPE_HINTS: Array<{ code: EquipmentType; pattern: RegExp }> = [
  { code: 'PRESS', pattern: /冲压|冲出|冲的|冲件|冲裁|拉伸|\bstamp(?:ed|ing)?\b|\bpress(?:ed)?\b/ },
  { code: 'WELD', pattern: /焊|\bweld/ },
  { code: 'CNC', pattern: /加工|铣|车削|钻孔|主轴|\bmachin(?:ed|ing)\b|\bspindle\b/ },
  { code: 'CAM', pattern: /视觉|相机|拍照|误判|\bvision\b|\bcamera\b/ },
  { code: 'CONV', pattern: /输送|传送|皮带|\bconvey/ },
  { code: 'ROBOT', pattern: /机械手|机械臂|抓取|夹爪|\brobot\b|\bgripper\b/ },
];

function codeOf(groups: Record<string, string | undefined> | undefined): EquipmentType | undefined {
  if (!groups) return undefined;
  for (const entry of TYPE_WORDS) if (groups[entry.code] !== undefined) return entry.code;
  return undefined;
}

/**
 * The first equipment mention of the question. `line` (from the line slot)
 * narrows "press 3" to one item of the list.
 */
export function findEquipment(options: {
  normalized: NormalizedText;
  lower: string;
  line: string | undefined;
  known: KnownEquipment[] | undefined;
}): EquipmentMention | undefined {
  const { normalized, lower, line, known } = options;
  const found: EquipmentMention[] = [];

  for (const match of lower.matchAll(ID_RE)) {
    const [lineLetter, typeWord, digits] = [match[1]!.toUpperCase(), match[2]!.toUpperCase(), match[3]!];
    const type = CODE_ALIASES[typeWord];
    const typed = `${lineLetter}-${typeWord}-${digits}`;
    const listed =
      known?.find((item) => item.equipment_id.toUpperCase() === typed) ??
      (type
        ? known?.find(
            (item) =>
              item.line_id.toUpperCase() === lineLetter &&
              typeOf(item) === type &&
              numberOf(item.equipment_id) === Number(digits),
          )
        : undefined);
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      value: listed?.equipment_id ?? typed,
      resolved: listed !== undefined,
      idLine: lineLetter,
      ...(type ? { type } : {}),
      number: Number(digits),
    });
  }

  // listed names ("3号冲压机", "Press 3"): only when they point at one item (on the named line)
  const byName = new Map<string, Span & { item: KnownEquipment }>();
  for (const item of known ?? []) {
    if (line !== undefined && item.line_id.toUpperCase() !== line) continue;
    for (const name of [item.name, item.name_en]) {
      if (!name) continue;
      const needle = normalizeText(name).lower.trim();
      if (needle.length < 3) continue;
      const at = lower.indexOf(needle);
      if (at !== -1 && !byName.has(item.equipment_id))
        byName.set(item.equipment_id, { start: at, end: at + needle.length, item });
    }
  }
  if (byName.size === 1) {
    const [match] = [...byName.values()];
    found.push({
      start: match!.start,
      end: match!.end,
      value: match!.item.equipment_id,
      resolved: true,
      idLine: match!.item.line_id,
    });
  }

  for (const pattern of WITH_NUMBER) {
    for (const match of lower.matchAll(pattern)) {
      const type = codeOf(match.groups);
      const number = Number(match.groups?.num);
      if (!type || !(number > 0)) continue;
      const id = lookupEquipment(known, { type, number, line });
      const start = match.index;
      const end = start + match[0].length;
      found.push({ start, end, value: id ?? slice(normalized, start, end), resolved: id !== undefined, type, number });
    }
  }

  for (const match of lower.matchAll(TYPE_ONLY)) {
    const type = codeOf(match.groups);
    if (!type) continue;
    // "the camera on line A": the one machine of that type on the named line
    const onLine =
      line !== undefined && known
        ? known.filter((item) => typeOf(item) === type && item.line_id.toUpperCase() === line)
        : [];
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      value:
        onLine.length === 1 ? onLine[0]!.equipment_id : slice(normalized, match.index, match.index + match[0].length),
      resolved: onLine.length === 1,
      type,
    });
  }

  // 1号机 on a line: the one machine of that number there, or of that number and the kind the question's words say
  for (const match of lower.matchAll(NUMBER_ONLY)) {
    const number = Number(match[1] ?? match[2]);
    if (!(number > 0) || line === undefined || !known) continue;
    let candidates = known.filter(
      (item) => item.line_id.toUpperCase() === line && numberOf(item.equipment_id) === number,
    );
    if (candidates.length > 1) {
      const hinted = TYPE_HINTS.filter((hint) => hint.pattern.test(lower)).map((hint) => hint.code);
      if (hinted.length === 1) candidates = candidates.filter((item) => typeOf(item) === hinted[0]);
    }
    const start = match.index;
    const end = start + match[0].length;
    found.push({
      start,
      end,
      value: candidates.length === 1 ? candidates[0]!.equipment_id : slice(normalized, start, end),
      resolved: candidates.length === 1,
      number,
    });
  }

  // the longest mention at the earliest place
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  let best: EquipmentMention | undefined;
  for (const mention of found) {
    if (!best) best = mention;
    else if (mention.start < best.end && mention.end - mention.start > best.end - best.start) best = mention;
  }
  // a kind said alone ("press overload tripped on A-PRESS-01") is the machine the question names by its id or
  // number elsewhere: the specific one is kept, never dropped for the kind
  if (best && best.number === undefined && !best.resolved) {
    const kind = best.type;
    const specific = found.find(
      (mention) =>
        mention.number !== undefined && (kind === undefined || mention.type === undefined || mention.type === kind),
    );
    if (specific) best = { ...specific, also: [{ start: best.start, end: best.end }] };
  }
  return best;
}

/** Machines in general, for "which machines are down?" / 哪些设备停机了 */
export const EQUIPMENT_GENERAL =
  /设备|机器|机台|机床|\bmachines?\b|\bmachinery\b|\bequipment\b|\bdevices?\b|\bassets?\b/;
export const STATUS_WORDS = new RegExp(
  [
    String.raw`正常吗|正常不|是否正常|状态|运行|运转|停机|停了|停线|宕机|开机|故障|维修中|闲置|空闲|\bstatus\b|\brunning\b|\brun\b|\bdown\b`,
    String.raw`\bstopped\b|\bidle\b|\bworking\b|\boperational\b|\bfault(?:y|s)?\b|\bbroken\b|\bonline\b`,
    String.raw`\boffline\b`,
  ].join('|'),
);
export const MAINTENANCE_WORDS = /保养|维护|维保|检修|\bmaintenance\b|\bservic(?:e|ing)\b|\bpms?\b/;
/** A state the operator filters by ("which machines are in fault", "machines down?", "有几台在跑"), or undefined. */
export function statusFilter(lower: string): 'fault' | 'idle' | 'maintenance' | 'running' | undefined {
  if (
    /故障|宕机|趴窝|坏了|坏掉|\bin fault\b|\bfaulty\b|\bfaults?\b|\bbroken(?: down)?\b/.test(lower) ||
    // "machines down right now?", "is press 3 down": down, not "down for maintenance", not "break down by line"
    /(?<!\b(?:break|broke|broken|slow|slowed|shut|cut|narrow|drill|scroll|go|went|gone|goes|come|came)\s+)\bdown\b(?!\s+(?:for|to|by|from|the|over|time))/.test(
      lower,
    )
  )
    return 'fault';
  if (/空闲|闲置|\bidle\b/.test(lower)) return 'idle';
  if (
    new RegExp(
      [
        String.raw`维修中|保养中|检修中|在保养|在维修|在检修|\b(?:in|under) maintenance\b|\bbeing (?:maintained|serviced)\b`,
        String.raw`\b(?:down|out|in|off) for (?:maintenance|servic(?:e|ing)|pm|repairs?)\b`,
      ].join('|'),
    ).test(lower)
  )
    return 'maintenance';
  // a machine's running state asked as a count or a list ("B线有几台在跑", "how many machines are running")
  if (
    new RegExp(
      [
        String.raw`(?:几台|多少台|哪些|哪几台|设备|机器|机台)(?:还)?(?:在)?运行(?![状情])|运行的(?:设备|机器|机台|有)|在运行|运行中`,
        String.raw`\b(?:are|is) (?:running|up and running|in operation)\b|\brunning (?:now|right now)\b`,
      ].join('|'),
    ).test(lower)
  )
    return 'running';
  return undefined;
}

export const OVERDUE_WORDS =
  /逾期|过期|到期|超期|该保养|需要保养|要保养|待保养|该维护|需要维护|\boverdue\b|\bdue\b|\blate\b|\bneeds?\s+(?:maintenance|servic(?:e|ing))\b/;
