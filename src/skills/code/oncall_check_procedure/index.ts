/** The oncall_check_procedure skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { oncallRouting } from './routing.js';
import { oncallCheckProcedure } from './skill.js';

export const oncallCheckProcedureModule: CodeSkillModule = { skill: oncallCheckProcedure, routing: oncallRouting };
