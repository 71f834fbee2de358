/**
 * The code skills compiled into the binary. Markdown skills are not listed
 * here: they are read from the skills folder at run time.
 */
import type { CodeSkill } from '../src/skills/types.js';
import { qualityMetrics } from './quality_metrics/skill.js';
import { weeklyReport } from './weekly_report/skill.js';
import { equipmentStatus } from './equipment_status/skill.js';
import { faultAdvice } from './fault_advice/skill.js';
import { oncallCheckProcedure } from './oncall_check_procedure/skill.js';
import { documentSearch } from './document_search/skill.js';
import { currentDatetime } from './current_datetime/skill.js';
import { calculator } from './calculator/skill.js';

export const CODE_SKILLS: CodeSkill<any>[] = [
  qualityMetrics,
  weeklyReport,
  equipmentStatus,
  faultAdvice,
  oncallCheckProcedure,
  documentSearch,
  currentDatetime,
  calculator,
];
