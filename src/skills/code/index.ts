/**
 * The code skills compiled into the binary, one line each. The order of the
 * lines is the order in which the rule router's intents win, strongest
 * signal first: a line naming a module places all its intents there;
 * `intentOf(module, name)` places one intent of a skill whose rules win at
 * several places (documents named with a find verb win early, a document
 * named alone only after the figures and the machines). `skillIndex` checks
 * that every intent is placed once. Markdown skills are not listed here:
 * they are read from the skills folder (skills/) at run time.
 */
import type { CodeSkill } from '../types.js';
import { intentOf, skillIndex } from '../module.js';
import { batchLookupModule } from './batch_lookup/index.js';
import { calculatorModule } from './calculator/index.js';
import { currentDatetimeModule } from './current_datetime/index.js';
import { documentSearchModule } from './document_search/index.js';
import { equipmentStatusModule } from './equipment_status/index.js';
import { faultAdviceModule } from './fault_advice/index.js';
import { oncallCheckProcedureModule } from './oncall_check_procedure/index.js';
import { publicHolidaysModule } from './public_holidays/index.js';
import { qualityBreakdownModule } from './quality_breakdown/index.js';
import { qualityCompareModule } from './quality_compare/index.js';
import { qualityMetricsModule } from './quality_metrics/index.js';
import { weeklyReportModule } from './weekly_report/index.js';
import { workOrdersModule } from './work_orders/index.js';

/** The index's lines, in order (a test adds a throwaway skill as one more line). */
export const INDEX_LINES = [
  calculatorModule,
  currentDatetimeModule,
  weeklyReportModule,
  oncallCheckProcedureModule,
  publicHolidaysModule,
  intentOf(documentSearchModule, 'figure'),
  intentOf(documentSearchModule, 'find'),
  intentOf(documentSearchModule, 'fact'),
  batchLookupModule,
  workOrdersModule,
  qualityBreakdownModule,
  qualityCompareModule,
  intentOf(qualityMetricsModule, 'defect-type'),
  faultAdviceModule,
  intentOf(qualityMetricsModule, 'figures'),
  intentOf(documentSearchModule, 'named'),
  equipmentStatusModule,
  intentOf(documentSearchModule, 'named-last'),
];

/**
 * The order the skills are listed in (the registry, `skills list`) and
 * their examples shown in the honest "no model" reply, which shows the first
 * few: the plant's most frequent questions first. A skill not named here
 * follows, in index order.
 */
export const LISTED_FIRST = [
  qualityMetricsModule,
  weeklyReportModule,
  equipmentStatusModule,
  faultAdviceModule,
  workOrdersModule,
  oncallCheckProcedureModule,
  publicHolidaysModule,
  documentSearchModule,
  qualityCompareModule,
  qualityBreakdownModule,
  batchLookupModule,
  currentDatetimeModule,
  calculatorModule,
];

export const SKILLS = skillIndex(INDEX_LINES, { listedFirst: LISTED_FIRST });

/** The code skills alone, for a registry that routes nothing (skills list, doctor, teach). */
export const CODE_SKILLS: CodeSkill<any>[] = SKILLS.modules.map((module) => module.skill);
