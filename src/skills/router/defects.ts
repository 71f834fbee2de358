/**
 * Defect-type words in Chinese and English, as inspection sheets and
 * operators write them (see corpus/SOURCES.md): "scratches", 划痕/划伤,
 * "pinholes", 气孔/砂眼 … Each group is one kind of defect; the router reads
 * the operator's words, and the quality-figures skill resolves them against the plant's
 * own defect_types table (code, name_zh, name_en) by the same groups — so a
 * plant whose table says 'Scratch' / '划伤' or 'SCR' / '表面划痕' is matched
 * by meaning, and a kind the table lacks is said not to be recorded.
 */
import type { Span } from './normalize.js';

export interface DefectGroup {
  /** a short English key ('scratch'); also what a plain code usually is */
  key: string;
  pattern: RegExp;
}

export const DEFECT_GROUPS: DefectGroup[] = [
  { key: 'scratch', pattern: /划痕|划伤|刮伤|刮痕|擦伤|拉伤|划花|刮花|擦花|\bscratch(?:es|ed)?\b|\bscuffs?\b/g },
  { key: 'dent', pattern: /凹陷|凹坑|凹痕|压痕|压伤|碰伤|磕碰|磕伤|碰凹|\bdents?\b|\bdented\b|\bdings?\b|\bdinged\b/g },
  { key: 'burr', pattern: /毛刺|披锋|批锋|毛边|飞边|\bburrs?\b|\bburred\b|\bflash\b/g },
  { key: 'crack', pattern: /裂纹|裂缝|裂痕|裂口|开裂|\bcracks?\b|\bcracking\b|\bcracked\b/g },
  {
    key: 'dimension',
    pattern:
      /尺寸超差|尺寸不良|尺寸偏差|尺寸不合格|超差|\bout[- ]of[- ]tolerance\b|\bdimension(?:al)?(?:\s+(?:defects?|errors?|deviations?|issues?|nc))?\b|\boversize\b|\bundersize\b/g,
  },
  {
    key: 'porosity',
    pattern: /气孔|砂眼|针孔|\bporosity\b|\bpores?\b|\bpinholes?\b|\bblowholes?\b|\bgas\s+holes?\b/g,
  },
  // shrinkage (缩孔, 缩松) is a casting defect of its own, not gas porosity (S41): a plant that does not record it says so
  { key: 'shrinkage', pattern: /缩孔|缩松|缩陷|\bshrinkage(?:\s+(?:cavit(?:y|ies)|porosity))?\b/g },
  {
    key: 'stain',
    pattern: /污渍|脏污|油污|污染|色斑|\bstains?\b|\bstained\b|\bcontamination\b|\bdirt\b|\bsmudges?\b/g,
  },
  { key: 'misalignment', pattern: /错位|偏位|偏移|错边|\bmisalign(?:ed|ments?)?\b|\boffset\b/g },
  { key: 'roughness', pattern: /表面粗糙|粗糙度?|\b(?:surface\s+)?roughness\b|\brough\s+surfaces?\b/g },
  {
    key: 'weld_defect',
    pattern:
      /焊接缺陷|焊接不良|虚焊|漏焊|焊穿|焊偏|\bweld(?:ing)?\s+(?:defects?|faults?|failures?|issues?)\b|\bbad\s+welds?\b|\bcold\s+welds?\b/g,
  },
  { key: 'deformation', pattern: /变形|翘曲|\bdeform(?:ed|ation)\b|\bwarp(?:ed|age|ing)?\b/g },
  { key: 'rust', pattern: /生锈|锈蚀|锈斑|\brust(?:y|ed)?\b|\bcorrosion\b/g },
  { key: 'missing_part', pattern: /漏装|缺件|\bmissing\s+(?:parts?|components?)\b/g },
];

export interface DefectMention extends Span {
  key: string;
  /** the operator's words */
  words: string;
}

/** Every defect-type mention, longest first where they overlap. */
export function findDefectTypes(lower: string): DefectMention[] {
  const found: DefectMention[] = [];
  for (const group of DEFECT_GROUPS) {
    group.pattern.lastIndex = 0;
    for (const match of lower.matchAll(group.pattern)) {
      const span = { start: match.index, end: match.index + match[0].length };
      if (found.some((other) => span.start < other.end && other.start < span.end)) continue;
      found.push({ ...span, key: group.key, words: match[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The groups a text (a code, a stored name, an operator's words) belongs to. */
export function defectKeysOf(text: string): string[] {
  const lower = text.toLowerCase().replace(/_/g, ' ');
  const keys = findDefectTypes(lower).map((mention) => mention.key);
  const bare = text.trim().toLowerCase();
  if (DEFECT_GROUPS.some((group) => group.key === bare)) keys.push(bare);
  return [...new Set(keys)];
}
