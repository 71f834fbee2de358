/** The document_search skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { documentSearchRouting } from './routing.js';
import { documentSearch } from './skill.js';

export const documentSearchModule: CodeSkillModule = { skill: documentSearch, routing: documentSearchRouting };
