/** The batch_lookup skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { batchLookupRouting } from './routing.js';
import { batchLookup } from './skill.js';

export const batchLookupModule: CodeSkillModule = { skill: batchLookup, routing: batchLookupRouting };
