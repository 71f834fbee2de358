/** The page's words in English and Chinese; every visible text has a key (data-i18n in the HTML). */
import { fill } from './dom.js';

export type Lang = 'en' | 'zh';

const I18N = {
  en: {
    title: 'Plant assistant',
    skip: 'Skip to the question box',
    sessions: 'Sessions',
    logout: 'Log out',
    login: 'Log in',
    username: 'User name',
    password: 'Password',
    loginButton: 'Log in',
    newSession: 'New conversation',
    approvals: 'Waiting for approval',
    welcome: "Ask about the plant's data",
    welcomeText: 'Type a question in Chinese or English. Every number comes with the query that produced it.',
    question: 'Question',
    placeholder: 'Ask a question… e.g. line A defect rate last week',
    send: 'Send',
    cancel: 'Cancel',
    keys: 'Enter sends · Shift+Enter new line · Esc cancels',
    langButton: '中文',
    state_pending: 'queued',
    state_running: 'working',
    state_waiting_input: 'waiting for approval',
    state_success: 'done',
    state_failed: 'failed',
    state_cancelled: 'cancelled',
    queue: 'position {n} in the queue',
    mode_rules: 'rules',
    mode_model: 'model',
    rows: '{n} rows',
    cached: 'cached',
    fresh: 'not cached',
    purpose: 'Purpose',
    sql: 'SQL',
    result: 'Result',
    failedTool: 'failed',
    more: '… {n} more rows',
    noSessions: 'No conversations yet',
    noApprovals: 'Nothing waits for approval',
    approve: 'Approve',
    reject: 'Reject',
    approvalNeeded: 'This action needs an admin to approve it: {skill}',
    handoverOpened: '{skill} is a critical step: not run, handed over to an engineer (#{id})',
    approvalBy: 'approved by {who}',
    rejectedBy: 'rejected by {who}',
    loginFailed: 'Log-in failed',
    error: 'Error',
    networkLost: 'Connection lost — reconnecting…',
    cancelledNote: 'Cancelled.',
    cancelledSteps: 'Cancelled: {n} steps stopped.',
    skill: 'skill',
    noData: 'no data',
    dataUpTo: 'data up to {at}',
    dataImported: ' (imported {at})',
    dataStale: ' — older than {h} h',
    dataFailed: '{n} file(s) failed to import',
    dataMissing: 'no plant data',
    dataNone: 'no quality data yet',
    examples: [
      "What was line A's defect rate last Wednesday?",
      "This week's quality report",
      'Which line was worst last week?',
      'Which machines are overdue for maintenance?',
      'Press 3 on line B is vibrating, what fixed this before?',
      'Is the on-call engineer on a public holiday today? Any P1 issues?',
    ],
  },
  zh: {
    title: '工厂助手',
    skip: '跳到提问框',
    sessions: '会话',
    logout: '退出登录',
    login: '登录',
    username: '用户名',
    password: '密码',
    loginButton: '登录',
    newSession: '新对话',
    approvals: '待审批',
    welcome: '查询工厂数据',
    welcomeText: '用中文或英文提问。每个数字都附带产生它的查询语句。',
    question: '问题',
    placeholder: '请输入问题… 例如：A线上周的次品率',
    send: '发送',
    cancel: '取消',
    keys: 'Enter 发送 · Shift+Enter 换行 · Esc 取消',
    langButton: 'English',
    state_pending: '排队中',
    state_running: '处理中',
    state_waiting_input: '等待审批',
    state_success: '完成',
    state_failed: '失败',
    state_cancelled: '已取消',
    queue: '排在第 {n} 位',
    mode_rules: '规则',
    mode_model: '模型',
    rows: '{n} 行',
    cached: '缓存命中',
    fresh: '未缓存',
    purpose: '用途',
    sql: 'SQL',
    result: '结果',
    failedTool: '失败',
    more: '… 另有 {n} 行',
    noSessions: '还没有对话',
    noApprovals: '没有待审批的操作',
    approve: '批准',
    reject: '拒绝',
    approvalNeeded: '此操作需要管理员批准：{skill}',
    handoverOpened: '{skill} 是关键操作：未执行，已转交工程师（#{id}）',
    approvalBy: '已由 {who} 批准',
    rejectedBy: '已被 {who} 拒绝',
    loginFailed: '登录失败',
    error: '错误',
    networkLost: '连接中断，正在重连…',
    cancelledNote: '已取消。',
    cancelledSteps: '已取消：停止了 {n} 个步骤。',
    skill: '技能',
    noData: '无数据',
    dataUpTo: '数据截至 {at}',
    dataImported: '（{at} 导入）',
    dataStale: ' — 已超过 {h} 小时',
    dataFailed: '{n} 个文件导入失败',
    dataMissing: '没有工厂数据',
    dataNone: '还没有质量数据',
    examples: [
      'A线上周三的次品率是多少？',
      '本周质量周报',
      '上周哪条线的不良率最高？',
      '哪些设备保养逾期了？',
      'B线3号冲压机振动，以前怎么修的？',
      '值班工程师今天是节假日吗？有哪些P1问题？',
    ],
  },
};

export const lang: { current: Lang } = { current: 'en' };

/** The text of `key` in the current language (English when it has none), with `{name}` filled. */
export function t(key: string, values?: Record<string, string | number>): string {
  const words = I18N[lang.current] as Record<string, string | string[]>;
  const english = I18N.en as Record<string, string | string[]>;
  const text = words[key] ?? english[key] ?? key;
  return fill(Array.isArray(text) ? text.join(' ') : text, values);
}

/** Example questions in the current language. */
export function examples(): string[] {
  return I18N[lang.current].examples;
}

/** The saved choice, else the browser's languages; English when none is Chinese or English. */
export function chooseLanguage(): Lang {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem('airgap-lang');
  } catch {
    saved = null;
  }
  if (saved === 'zh' || saved === 'en') return saved;
  const langs = navigator.languages || [navigator.language || 'en'];
  for (const entry of langs) {
    const code = String(entry).toLowerCase();
    if (code.indexOf('zh') === 0) return 'zh';
    if (code.indexOf('en') === 0) return 'en';
  }
  return 'en';
}
