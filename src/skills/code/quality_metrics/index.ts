/** The quality_metrics skill: everything about it is in this folder. */
import type { CodeSkillModule } from '../../module.js';
import { qualityMetricsRouting } from './routing.js';
import { qualityMetrics } from './skill.js';

export const qualityMetricsModule: CodeSkillModule = { skill: qualityMetrics, routing: qualityMetricsRouting };
