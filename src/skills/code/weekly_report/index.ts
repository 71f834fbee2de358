/** The weekly_report skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { weeklyReportRouting } from './routing.js';
import { weeklyReport } from './skill.js';

export const weeklyReportModule: CodeSkillModule = { skill: weeklyReport, routing: weeklyReportRouting };
