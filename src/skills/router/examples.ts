/**
 * Questions the rules answer on their own (no model), shown in the honest
 * "I can't answer that without the model" reply. router.test.ts checks that
 * every one of them routes to a skill with nothing missing.
 */
import type { Language } from '../types.js';

export const ROUTER_EXAMPLES: Record<Language, string[]> = {
  zh: [
    'A线上周三的次品率是多少？',
    '本周各产线的产量和良率',
    '上周哪条线的不良率最高？',
    'B线最近7天的主要缺陷类型',
    '本周质量周报',
    'B线3号冲压机的状态',
    '哪些设备保养逾期了？',
    'B线3号冲压机振动，以前怎么修的？',
    '值班工程师今天是节假日吗？有哪些P1问题？',
    '查找冲压机换模SOP',
    '现在几点？',
    '计算 12*7+3',
  ],
  en: [
    "What was line A's defect rate last Wednesday?",
    'Output and yield of every line this week',
    'Which line was worst last week?',
    'Top defect types on line B in the past 7 days',
    "This week's quality report",
    'Status of press 3 on line B',
    'Which machines are overdue for maintenance?',
    'Press 3 on line B is vibrating, what fixed this before?',
    'Is the on-call engineer on a public holiday today? Any P1 issues?',
    'Find the SOP for die change',
    'What time is it?',
    'What is 12*7+3?',
  ],
};
