/**
 * Resolve how an operator named a machine — 'B-PRESS-03', 'press 3',
 * '3号冲压机', '冲压机3号', 'Press 3' with line B — against the equipment
 * table. One match, several (ambiguous: list the candidates), a whole group
 * ('the presses on line B'), or none.
 */
import type { EquipmentItem } from './plant.js';

export type EquipmentResolution =
  | { kind: 'one'; item: EquipmentItem }
  | { kind: 'ambiguous'; candidates: EquipmentItem[] }
  | { kind: 'group'; items: EquipmentItem[]; type: string }
  | { kind: 'none' };

/** type words in both languages → the seeded type codes (equipment_types adds the stored names) */
const TYPE_WORDS: Record<string, string[]> = {
  PRESS: ['stamping press', 'presses', 'press', '冲压机', '冲床', '压力机'],
  CNC: ['machining center', 'machining centre', 'cnc', '数控加工中心', '加工中心', '数控机床', '数控'],
  WELD: ['welding machine', 'welders', 'welder', 'welding', '焊接机', '焊机', '焊接'],
  CAM: [
    'vision inspection camera',
    'inspection camera',
    'vision camera',
    'cameras',
    'camera',
    'vision',
    '视觉检测相机',
    '视觉检测',
    '相机',
    '视觉',
  ],
  CONV: ['conveyors', 'conveyor', 'belt', '输送线', '输送机', '传送带', '输送带'],
  ROBOT: ['robot arm', 'robots', 'robot', '机械臂', '机器人', '机械手'],
};

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function compact(text: string): string {
  return normalise(text).replace(/[^a-z0-9\p{Script=Han}]+/gu, '');
}

export function itemNumber(item: EquipmentItem): number | undefined {
  const fromId =
    /-(\d+)$/.exec(item.equipment_id)?.[1] ??
    /(\d+)\s*号/.exec(item.name)?.[1] ??
    /(\d+)\s*$/.exec(item.name_en ?? '')?.[1];
  return fromId === undefined ? undefined : Number(fromId);
}

function typeWordsOf(items: EquipmentItem[]): Array<{ type: string; word: string }> {
  const words: Array<{ type: string; word: string }> = [];
  const types = new Set(items.map((item) => item.type));
  for (const type of types) {
    const stored = items.find((item) => item.type === type);
    const all = new Set([
      type.toLowerCase(),
      ...(TYPE_WORDS[type.toUpperCase()] ?? []),
      normalise(stored?.type_zh ?? ''),
      normalise(stored?.type_en ?? ''),
    ]);
    for (const word of all) if (word) words.push({ type, word });
  }
  // longest first, so '数控加工中心' wins over '数控'
  return words.sort((a, b) => b.word.length - a.word.length);
}

/** a line named inside the text: 'line b', 'b线', '产线b' */
function lineIn(text: string): string | undefined {
  const match = /(?:\bline\s*([a-z])\b|产线\s*([a-z])|(?<![a-z])([a-z])\s*(?:线|號線|号线))/.exec(text);
  const letter = match?.[1] ?? match?.[2] ?? match?.[3];
  return letter?.toUpperCase();
}

export function resolveEquipment(options: {
  text: string;
  items: EquipmentItem[];
  line?: string | undefined;
}): EquipmentResolution {
  const text = normalise(options.text);
  const onLine = (item: EquipmentItem, line: string | undefined): boolean =>
    line === undefined || item.line_id.toUpperCase() === line.toUpperCase();
  if (text === '') return { kind: 'none' };

  // 1. an id, exactly or without separators (b-press-03, BPRESS03)
  const byId = options.items.filter((item) => compact(item.equipment_id) === compact(text));
  if (byId.length === 1) return { kind: 'one', item: byId[0]! };

  // 2. an id with another spelling of the number or type (B-PRESS-3, b press 3)
  const idLike = /^([a-z])\s*[-_ ]?\s*([a-z]{2,12})\s*[-_ ]?\s*#?(\d{1,3})$/.exec(text);
  const typeWords = typeWordsOf(options.items);
  if (idLike) {
    const [, letter, word, digits] = idLike;
    const type = typeWords.find((entry) => entry.word === word || entry.type.toLowerCase() === word)?.type;
    const matches = options.items.filter(
      (item) =>
        item.line_id.toUpperCase() === letter!.toUpperCase() &&
        (type === undefined || item.type === type) &&
        itemNumber(item) === Number(digits),
    );
    if (matches.length === 1) return { kind: 'one', item: matches[0]! };
    // an id written as ids are (A-CNC-01) names its line: none there is no such machine, never the CNC 1 of other lines
    if (type !== undefined && matches.length === 0 && /^[a-z][-_][a-z]{2,12}[-_]#?\d{1,3}$/.test(text))
      return { kind: 'none' };
  }

  const line = options.line ?? lineIn(text);

  // 3. a stored name ('3号冲压机', 'Press 3')
  const byName = options.items.filter(
    (item) =>
      onLine(item, line) &&
      (normalise(item.name) === text ||
        normalise(item.name_en ?? '') === text ||
        text.endsWith(normalise(item.name)) ||
        (item.name_en !== undefined && text.endsWith(` ${normalise(item.name_en)}`))),
  );
  if (byName.length === 1) return { kind: 'one', item: byName[0]! };
  if (byName.length > 1) return { kind: 'ambiguous', candidates: byName };

  // 4. a type word with a number ('press 3', 'press #3', '3号冲压机', '冲压机3号', 'no. 3 press')
  const typeWord = typeWords.find((entry) =>
    /^[a-z ]+$/.test(entry.word) ? new RegExp(`\\b${entry.word}\\b`).test(text) : text.includes(entry.word),
  );
  if (typeWord) {
    const withoutLine = text.replace(/\bline\s*[a-z]\b|产线\s*[a-z]|(?<![a-z])[a-z]\s*(?:线|号线)/g, ' ');
    const digits = /(\d{1,3})/.exec(withoutLine)?.[1];
    const ofType = options.items.filter((item) => item.type === typeWord.type && onLine(item, line));
    if (digits !== undefined) {
      const matches = ofType.filter((item) => itemNumber(item) === Number(digits));
      if (matches.length === 1) return { kind: 'one', item: matches[0]! };
      if (matches.length > 1) return { kind: 'ambiguous', candidates: matches };
      return { kind: 'none' };
    }
    if (ofType.length === 1) return { kind: 'one', item: ofType[0]! };
    if (ofType.length > 1) return { kind: 'group', items: ofType, type: typeWord.type };
  }
  return { kind: 'none' };
}
