/** The current_datetime skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { currentDatetimeRouting } from './routing.js';
import { currentDatetime } from './skill.js';

export const currentDatetimeModule: CodeSkillModule = { skill: currentDatetime, routing: currentDatetimeRouting };
