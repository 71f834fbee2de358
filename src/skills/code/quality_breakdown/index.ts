/** The quality_breakdown skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { qualityBreakdownRouting } from './routing.js';
import { qualityBreakdown } from './skill.js';

export const qualityBreakdownModule: CodeSkillModule = { skill: qualityBreakdown, routing: qualityBreakdownRouting };
