/** The fault_advice skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { faultAdviceRouting } from './routing.js';
import { faultAdvice } from './skill.js';

export const faultAdviceModule: CodeSkillModule = { skill: faultAdvice, routing: faultAdviceRouting };
