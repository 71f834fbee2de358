/** The public_holidays skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { publicHolidaysRouting } from './routing.js';
import { publicHolidays } from './skill.js';

export const publicHolidaysModule: CodeSkillModule = { skill: publicHolidays, routing: publicHolidaysRouting };
