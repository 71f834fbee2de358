/** The equipment_status skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { equipmentStatusRouting } from './routing.js';
import { equipmentStatus } from './skill.js';

export const equipmentStatusModule: CodeSkillModule = { skill: equipmentStatus, routing: equipmentStatusRouting };
