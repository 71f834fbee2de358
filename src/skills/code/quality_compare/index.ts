/** The quality_compare skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { qualityCompareRouting } from './routing.js';
import { qualityCompare } from './skill.js';

export const qualityCompareModule: CodeSkillModule = { skill: qualityCompare, routing: qualityCompareRouting };
