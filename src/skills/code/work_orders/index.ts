/** The work_orders skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { workOrdersRouting } from './routing.js';
import { workOrders } from './skill.js';

export const workOrdersModule: CodeSkillModule = { skill: workOrders, routing: workOrdersRouting };
