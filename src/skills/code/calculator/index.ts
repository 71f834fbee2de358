/** The calculator skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { calculatorRouting } from './routing.js';
import { calculator } from './skill.js';

export const calculatorModule: CodeSkillModule = { skill: calculator, routing: calculatorRouting };
