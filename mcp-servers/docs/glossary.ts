/**
 * A small bilingual glossary of the plant's document vocabulary, so that a
 * Chinese keyword finds an English-only document and the other way round
 * (挂牌上锁 → the lockout/tagout SOP, 冷机 → the CNC manual's warm-up program).
 * search_documents tries a keyword's translations when the keyword itself
 * finds nothing.
 *
 * Where it comes from: written for this project from the words of the demo
 * plant's documents (src/seed/documents-text.ts: the SOPs, the press, CNC and
 * camera manuals) and the plant words of the rule router's lexicon
 * (src/skills/router/lexicon.ts). Each row is one concept: its Chinese and
 * English words. A plant adds rows for its own documents here.
 */
export const DOCUMENT_GLOSSARY: ReadonlyArray<readonly string[]> = [
  ['挂牌上锁', '上锁挂牌', '上锁', '挂牌', 'lockout', 'tagout', 'loto'],
  ['冷机', '暖机', '预热', 'warm-up', 'warm up', 'warmup'],
  ['振动', '震动', 'vibration'],
  ['首件', 'first article', 'first-article'],
  ['报警', '警报', 'alarm'],
  ['润滑', 'lubrication', 'lubricate'],
  ['扭矩', 'torque'],
  ['保养', '维护', 'maintenance'],
  ['冲压机', '压力机', '压机', 'press'],
  ['数控', '加工中心', 'cnc'],
  ['视觉相机', '相机', 'camera'],
  ['焊机', 'welder', 'welding'],
  ['交接班', '交班', 'handover'],
  ['缺陷', '不良', 'defect'],
  ['安全', 'safety'],
  ['停机', 'shutdown', 'stop'],
];

/** The other words of the keyword's concept (the keyword is one of them, or contains one), longest first. */
export function translations(keyword: string): string[] {
  const asked = keyword.trim().toLowerCase();
  const out = new Set<string>();
  for (const row of DOCUMENT_GLOSSARY) {
    const hit = row.find((word) => asked === word || (word.length >= 2 && asked.includes(word)));
    if (!hit) continue;
    for (const word of row)
      if (word !== hit && !asked.includes(word)) out.add(asked === hit ? word : asked.replace(hit, word));
  }
  return [...out].sort((a, b) => b.length - a.length);
}
