/**
 * The chat page's additions for issue 16 (/assets/extras.js, a second script
 * beside app.js under the same strict CSP): a card for every
 * maintenance-script run in an answer; right/wrong feedback with a correction
 * and "hand over to an engineer" under each answer; engineers' answers shown
 * in the conversation; and, for admins, the engineer queue, the feedback
 * review (review, dismiss, teach a phrasing, export as agent-test cases),
 * the taught phrasings (remove), the script-run audit, and the report files
 * (download; everyone). Built from text nodes only, like app.js; it hears
 * app.js through the `airgap-answer`, `airgap-session` and `airgap-user`
 * document events.
 */
import { thumbIcon } from './icons.js';
import type { HandoverOffer, WireAnswer } from '../../../types/wire.js';
import { $, api, el, fill, type ApiError } from './dom.js';

const TEXT = {
  en: {
    right: 'Right',
    wrong: 'Wrong',
    handover: 'Hand over to an engineer',
    correction: 'What is the right answer? (optional)',
    sendFeedback: 'Send',
    thanks: 'Thank you — feedback #{id} recorded',
    note: 'Anything the engineer should know? (optional)',
    handedOver: 'Handed over (#{id}): an engineer will answer here',
    tried: 'The engineer will see what was tried: {text}',
    engineerSays: 'Engineer {who} answered',
    whatDone: 'What was done: {text}',
    queue: 'Engineer queue',
    noQueue: 'No open hand-overs',
    answer: 'Answer',
    action: 'What you did (optional)',
    sendAnswer: 'Send answer',
    review: 'Feedback to review',
    noReview: 'No feedback waiting',
    skill: 'skill',
    args: 'arguments (JSON)',
    expect: 'the right answer contains (comma-separated)',
    markReviewed: 'Mark reviewed',
    dismiss: 'Dismiss',
    teach: 'Teach this phrasing',
    taughtOk: 'taught as phrasing #{id} (version {version})',
    exportCases: 'Export reviewed feedback as agent-test cases',
    phrasings: 'Taught phrasings',
    noPhrasings: 'None taught yet',
    remove: 'Remove',
    runs: 'Script runs',
    noRuns: 'No script runs yet',
    askedBy: 'asked by {who}',
    approvedBy: 'approved by {who}',
    exit: 'exit {code}',
    reports: 'Report files',
    noReports: 'No reports yet',
    scriptRun: 'Maintenance script {name}',
    digest: 'output sha256 {hash}…',
    saveAs: 'Save as',
    saved: 'Saved {name}',
    overwrite: '{name} already exists. Overwrite it?',
  },
  zh: {
    right: '正确',
    wrong: '错误',
    handover: '转交工程师',
    correction: '正确答案是什么？（可选）',
    sendFeedback: '提交',
    thanks: '谢谢——已记录反馈 #{id}',
    note: '需要告诉工程师什么？（可选）',
    handedOver: '已转交（#{id}）：工程师会在这里回复',
    tried: '工程师会看到已尝试的内容：{text}',
    engineerSays: '工程师 {who} 的回复',
    whatDone: '处理措施：{text}',
    queue: '工程师待办',
    noQueue: '没有待处理的转交',
    answer: '回复',
    action: '你做了什么（可选）',
    sendAnswer: '发送回复',
    review: '待审核的反馈',
    noReview: '没有待审核的反馈',
    skill: '技能',
    args: '参数（JSON）',
    expect: '正确答案应包含（逗号分隔）',
    markReviewed: '标记为已审核',
    dismiss: '忽略',
    teach: '学习这个问法',
    taughtOk: '已学习为问法 #{id}（版本 {version}）',
    exportCases: '把已审核的反馈导出为 agent-test 用例',
    phrasings: '已学习的问法',
    noPhrasings: '还没有',
    remove: '删除',
    runs: '脚本运行记录',
    noRuns: '还没有运行记录',
    askedBy: '{who} 发起',
    approvedBy: '{who} 批准',
    exit: '退出码 {code}',
    reports: '报表文件',
    noReports: '还没有报表',
    scriptRun: '维护脚本 {name}',
    digest: '输出 sha256 {hash}…',
    saveAs: '另存为',
    saved: '已保存 {name}',
    overwrite: '{name} 已存在，要覆盖吗？',
  },
};

interface User {
  username: string;
  role: 'admin' | 'operator';
}
interface ScriptRun {
  run_id: string | number;
  script: string;
  state: string;
  exit_code: number | null;
  duration_ms: number | null;
  requested_by: string | null;
  approved_by: string | null;
  output_sha256: string | null;
  arguments?: unknown;
}
interface Handover {
  handover_id: number;
  task_id: string | null;
  state: string;
  question: string;
  engineer: string | null;
  answer: string | null;
  action_taken: string | null;
  requested_by: string | null;
  note: string | null;
  tried: string;
  trace_id: string | null;
}
interface FeedbackRow {
  feedback_id: number;
  state: string;
  verdict: string;
  question: string;
  given_by: string | null;
  skill: string | null;
  correction: string | null;
  arguments: unknown;
  expected_skill: string | null;
  expected_args: unknown;
}

const state: {
  user: User | null;
  session: string | null;
  shown: Record<string, boolean>;
  timer: ReturnType<typeof setInterval> | null;
} = {
  user: null,
  session: null,
  shown: {},
  timer: null,
};

function lang(): 'en' | 'zh' {
  return String(document.documentElement.lang || 'en').indexOf('zh') === 0 ? 'zh' : 'en';
}
function t(key: string, values?: Record<string, string | number>): string {
  const words = TEXT[lang()] as Record<string, string>;
  return fill(words[key] || (TEXT.en as Record<string, string>)[key] || key, values);
}
function failure(box: HTMLElement): (error: ApiError) => void {
  return (error) => {
    box.appendChild(
      el('p', { className: 'task-error', role: 'alert', text: error.message + (error.hint ? ' — ' + error.hint : '') }),
    );
  };
}

// ---------- under each answer ----------
function scriptCard(run: ScriptRun): HTMLElement {
  return el('div', { className: 'script-card ' + run.state, 'data-script-run': run.run_id }, [
    el('strong', { text: t('scriptRun', { name: run.script }) }),
    el('span', { className: 'badge ' + (run.state === 'success' ? 'success' : 'failed'), text: run.state }),
    el('span', {
      text:
        t('exit', { code: run.exit_code === null ? '—' : run.exit_code }) +
        ' · ' +
        ((run.duration_ms || 0) / 1000).toFixed(1) +
        ' s',
    }),
    el('span', { className: 'requested-by', text: t('askedBy', { who: run.requested_by || '—' }) }),
    run.approved_by ? el('span', { className: 'approved-by', text: t('approvedBy', { who: run.approved_by }) }) : null,
    el('code', { text: t('digest', { hash: String(run.output_sha256 || '').slice(0, 16) }) }),
  ]);
}

/** Under an answer: right / wrong (with a correction) / hand over (see `markOffer`). */
function feedbackBar(taskId: string): HTMLElement {
  const bar = el('div', { className: 'feedback', 'data-feedback-for': taskId });
  const form = el('div', { className: 'feedback-form', hidden: 'hidden' });
  const text = el('textarea', { rows: '2', className: 'correction' }) as HTMLTextAreaElement;
  const tried = el('p', { className: 'meta handover-tried', hidden: 'hidden' });
  let mode: 'right' | 'wrong' | 'handover' | null = null;
  function open(kind: 'wrong' | 'handover'): void {
    mode = kind;
    form.hidden = false;
    text.setAttribute('placeholder', t(kind === 'handover' ? 'note' : 'correction'));
    tried.hidden = !(kind === 'handover' && tried.textContent);
    text.focus();
  }
  function submit(): void {
    const done = (message: string): void => {
      bar.textContent = '';
      bar.appendChild(el('p', { className: 'meta feedback-done', text: message }));
    };
    if (mode === 'handover') {
      api<{ handover: { handover_id: number } }>('POST', '/api/handovers', {
        task_id: taskId,
        note: text.value || undefined,
      })
        .then((data) => done(t('handedOver', { id: data.handover.handover_id })))
        .catch(failure(bar));
    } else {
      api<{ feedback: { feedback_id: number } }>('POST', '/api/feedback', {
        task_id: taskId,
        verdict: mode,
        correction: text.value || undefined,
      })
        .then((data) => done(t('thanks', { id: data.feedback.feedback_id })))
        .catch(failure(bar));
    }
  }
  form.appendChild(tried);
  form.appendChild(text);
  form.appendChild(
    el('button', { type: 'button', className: 'small send-feedback', text: t('sendFeedback'), onclick: submit }),
  );
  bar.appendChild(
    el(
      'button',
      {
        type: 'button',
        className: 'small ghost mark-right',
        onclick: () => {
          mode = 'right';
          submit();
        },
      },
      [thumbIcon('up'), ' ' + t('right')],
    ),
  );
  bar.appendChild(
    el('button', { type: 'button', className: 'small ghost mark-wrong', onclick: () => open('wrong') }, [
      thumbIcon('down'),
      ' ' + t('wrong'),
    ]),
  );
  bar.appendChild(
    el('button', {
      type: 'button',
      className: 'small ghost hand-over',
      text: t('handover'),
      onclick: () => open('handover'),
    }),
  );
  bar.appendChild(form);
  return bar;
}

function saveBar(taskId: string): HTMLElement {
  const bar = el('div', { className: 'save-report' }, [el('span', { className: 'meta', text: t('saveAs') + ' ' })]);
  function save(format: string, overwrite: boolean): void {
    api<{ report: { url: string; name: string } }>('POST', '/api/reports', { task_id: taskId, format, overwrite })
      .then((data) => {
        bar.appendChild(
          el('a', {
            className: 'saved-report',
            href: data.report.url,
            download: data.report.name,
            text: t('saved', { name: data.report.name }),
          }),
        );
        loadReports();
      })
      .catch((error: ApiError) => {
        const name = /report "(.+)" already exists/.exec(error.message);
        if (name && !overwrite && window.confirm(t('overwrite', { name: name[1]! }))) save(format, true);
        else if (!name || overwrite) failure(bar)(error);
      });
  }
  for (const format of ['md', 'html', 'csv']) {
    bar.appendChild(
      el('button', {
        type: 'button',
        className: 'small ghost save-' + format,
        text: '.' + format,
        onclick: () => save(format, false),
      }),
    );
  }
  return bar;
}

document.addEventListener('airgap-answer', (event) => {
  const detail = (
    event as CustomEvent<{ box: HTMLElement; extra: HTMLElement; answer: WireAnswer; offer: HandoverOffer | null }>
  ).detail;
  const taskId = detail.box.getAttribute('data-task');
  const data = detail.answer && (detail.answer.data as { script_run?: ScriptRun } | undefined);
  if (data && data.script_run && !detail.box.querySelector('[data-script-run]'))
    detail.extra.appendChild(scriptCard(data.script_run));
  if (detail.answer && detail.answer.session) state.session = detail.answer.session;
  if (taskId && !detail.box.querySelector('.feedback')) {
    const bar = feedbackBar(taskId);
    const handOver = bar.querySelector('.hand-over');
    const opened = detail.answer && detail.answer.handover;
    if (opened && handOver) {
      // a critical step already opened its hand-over: say so instead of offering a second one
      handOver.replaceWith(
        el('span', { className: 'meta handover-done', text: t('handedOver', { id: opened.handover_id }) }),
      );
    } else if (detail.answer && detail.answer.error && handOver) {
      handOver.classList.add('suggested'); // the agent could not finish: the hand-over is the suggested next step
    }
    detail.extra.appendChild(bar);
    if (detail.offer) markOffer(detail.box, detail.offer);
    detail.extra.appendChild(saveBar(taskId));
  }
  loadReports();
});

/**
 * The agent could not finish and offers a hand-over (the `handover-offer` event
 * arrives after the answer; a reloaded task has it in its result): the button
 * is marked and the form shows what the engineer will see as tried.
 */
function markOffer(box: HTMLElement, offer: HandoverOffer): void {
  const handOver = box.querySelector('.feedback .hand-over');
  const tried = box.querySelector('.feedback .handover-tried');
  if (handOver) handOver.classList.add('suggested');
  if (tried) tried.textContent = t('tried', { text: offer.tried });
}

document.addEventListener('airgap-offer', (event) => {
  const detail = (event as CustomEvent<{ box: HTMLElement; offer: HandoverOffer }>).detail;
  markOffer(detail.box, detail.offer);
});

// ---------- engineers' answers in the conversation ----------
function showEngineerAnswers(): void {
  if (!state.session) return;
  api<{ handovers: Handover[] }>('GET', '/api/handovers?session_id=' + encodeURIComponent(state.session))
    .then((data) => {
      for (const handover of data.handovers) {
        if (handover.state !== 'answered' || state.shown[handover.handover_id]) continue;
        const messages = $('messages');
        const box = el('article', { className: 'a engineer-answer', 'data-handover': handover.handover_id }, [
          el('p', {
            className: 'meta',
            text: t('engineerSays', { who: String(handover.engineer) }) + ' — ' + handover.question,
          }),
          el('p', { className: 'answer', text: handover.answer }),
          handover.action_taken
            ? el('p', { className: 'meta', text: t('whatDone', { text: handover.action_taken }) })
            : null,
        ]);
        // under the question it answers, when that question is on the page
        const asked =
          handover.task_id &&
          messages.querySelector('[data-task="' + handover.task_id.replace(/[^A-Za-z0-9-]/g, '') + '"]');
        if (asked && asked.parentNode) asked.parentNode.insertBefore(box, asked.nextSibling);
        else messages.appendChild(box);
        state.shown[handover.handover_id] = true;
      }
    })
    .catch(() => null);
}
document.addEventListener('airgap-session', (event) => {
  state.session = (event as CustomEvent<{ session: string }>).detail.session;
  state.shown = {};
  setTimeout(showEngineerAnswers, 300);
});

// ---------- sidebar panels ----------
function panel(id: string, title: string): { section: HTMLElement; list: HTMLElement } {
  let section = document.getElementById(id);
  if (!section) {
    section = el('section', { id, className: 'extra-panel' }, [
      el('h2', { text: title }),
      el('ul', { className: 'approvals' }),
    ]);
    $('extras').appendChild(section);
  }
  section.firstChild!.textContent = title;
  const list = section.querySelector('ul') as HTMLElement;
  return { section, list };
}

function loadReports(): void {
  if (!state.user) return;
  api<{ reports: Array<{ name: string; bytes: number }> }>('GET', '/api/reports')
    .then((data) => {
      const p = panel('reports-panel', t('reports'));
      p.list.textContent = '';
      if (!data.reports.length) p.list.appendChild(el('li', { className: 'meta', text: t('noReports') }));
      for (const report of data.reports.slice(0, 20)) {
        p.list.appendChild(
          el('li', null, [
            el('a', {
              href: '/api/reports/' + encodeURIComponent(report.name),
              download: report.name,
              text: report.name,
            }),
            el('span', { className: 'meta', text: ' ' + Math.ceil(report.bytes / 1024) + ' KB' }),
          ]),
        );
      }
    })
    .catch(() => null);
}

function loadQueue(): void {
  api<{ handovers: Handover[] }>('GET', '/api/handovers?state=open')
    .then((data) => {
      const p = panel('handover-queue', t('queue'));
      p.list.textContent = '';
      if (!data.handovers.length) p.list.appendChild(el('li', { className: 'meta', text: t('noQueue') }));
      for (const handover of data.handovers) {
        const answer = el('textarea', {
          rows: '3',
          className: 'handover-answer',
          placeholder: t('answer'),
        }) as HTMLTextAreaElement;
        const action = el('textarea', {
          rows: '2',
          className: 'handover-action',
          placeholder: t('action'),
        }) as HTMLTextAreaElement;
        const item: HTMLElement = el('li', { 'data-handover': handover.handover_id }, [
          el('strong', { text: '#' + handover.handover_id + ' ' + handover.question }),
          el('span', { text: (handover.requested_by || '?') + (handover.note ? ': ' + handover.note : '') }),
          el('pre', { className: 'tried', text: handover.tried }),
          el('code', { text: 'trace ' + (handover.trace_id || '—') }),
          answer,
          action,
          el('button', {
            type: 'button',
            className: 'small send-answer',
            text: t('sendAnswer'),
            onclick: () => {
              api('POST', '/api/handovers/' + handover.handover_id + '/answer', {
                answer: answer.value,
                action_taken: action.value || undefined,
              })
                .then(refreshAdmin)
                .catch(failure(item));
            },
          }),
        ]);
        p.list.appendChild(item);
      }
    })
    .catch(() => null);
}

function loadReview(): void {
  api<{ feedback: FeedbackRow[] }>('GET', '/api/feedback')
    .then((data) => {
      const p = panel('feedback-review', t('review'));
      p.list.textContent = '';
      const open = data.feedback.filter(
        (row) => row.state === 'new' || (row.state === 'reviewed' && row.expected_skill),
      );
      if (!open.length) p.list.appendChild(el('li', { className: 'meta', text: t('noReview') }));
      for (const row of open.slice(0, 30)) {
        const item = el('li', { 'data-feedback': row.feedback_id });
        item.appendChild(el('strong', { text: '#' + row.feedback_id + ' ' + row.verdict + ' · ' + row.question }));
        item.appendChild(
          el('span', {
            text: (row.given_by || '?') + ' · ' + (row.skill || '—') + (row.correction ? ' · ' + row.correction : ''),
          }),
        );
        if (row.state === 'new') {
          const skill = el('input', {
            className: 'review-skill',
            'aria-label': t('skill'),
            placeholder: t('skill'),
            value: row.skill || '',
          }) as HTMLInputElement;
          const args = el('input', {
            className: 'review-args',
            'aria-label': t('args'),
            placeholder: t('args'),
            value: row.arguments ? JSON.stringify(row.arguments) : '',
          }) as HTMLInputElement;
          const expect = el('input', {
            className: 'review-expect',
            'aria-label': t('expect'),
            placeholder: t('expect'),
          }) as HTMLInputElement;
          item.appendChild(skill);
          item.appendChild(args);
          item.appendChild(expect);
          item.appendChild(
            el('div', { className: 'row' }, [
              el('button', {
                type: 'button',
                className: 'small mark-reviewed',
                text: t('markReviewed'),
                onclick: () => {
                  const body: { expected_skill?: string; expected_args?: unknown; expected_output?: string[] } = {};
                  if (skill.value.trim()) body.expected_skill = skill.value.trim();
                  if (args.value.trim()) {
                    try {
                      body.expected_args = JSON.parse(args.value);
                    } catch (error) {
                      failure(item)(new Error(t('args') + ': ' + (error as Error).message));
                      return;
                    }
                  }
                  const words = expect.value
                    .split(',')
                    .map((word) => word.trim())
                    .filter(Boolean);
                  if (words.length) body.expected_output = words;
                  api('POST', '/api/feedback/' + row.feedback_id + '/review', body)
                    .then(refreshAdmin)
                    .catch(failure(item));
                },
              }),
              el('button', {
                type: 'button',
                className: 'small danger',
                text: t('dismiss'),
                onclick: () => {
                  api('POST', '/api/feedback/' + row.feedback_id + '/review', { dismiss: true })
                    .then(refreshAdmin)
                    .catch(failure(item));
                },
              }),
            ]),
          );
        } else {
          item.appendChild(el('code', { text: row.expected_skill + ' ' + JSON.stringify(row.expected_args || {}) }));
          item.appendChild(
            el('button', {
              type: 'button',
              className: 'small teach',
              text: t('teach'),
              onclick: () => {
                api<{ phrasing: { id: number; version: number } }>(
                  'POST',
                  '/api/feedback/' + row.feedback_id + '/teach',
                  {},
                )
                  .then((result) => {
                    item.appendChild(
                      el('p', {
                        className: 'meta',
                        text: t('taughtOk', { id: result.phrasing.id, version: result.phrasing.version }),
                      }),
                    );
                    loadPhrasings();
                  })
                  .catch(failure(item));
              },
            }),
          );
        }
        p.list.appendChild(item);
      }
      if (!p.section.querySelector('.export-cases')) {
        p.section.appendChild(
          el('a', {
            className: 'export-cases',
            href: '/api/feedback/export?format=agent-test',
            download: 'feedback-cases.yaml',
            text: t('exportCases'),
          }),
        );
      }
    })
    .catch(() => null);
}

function loadPhrasings(): void {
  api<{
    version: number;
    phrasings: Array<{ id: number; version: number; phrase: string; skill: string; args: unknown }>;
  }>('GET', '/api/phrasings')
    .then((data) => {
      const p = panel('phrasings-panel', t('phrasings') + ' · v' + data.version);
      p.list.textContent = '';
      if (!data.phrasings.length) p.list.appendChild(el('li', { className: 'meta', text: t('noPhrasings') }));
      for (const row of data.phrasings) {
        p.list.appendChild(
          el('li', { 'data-phrasing': row.id }, [
            el('strong', { text: '#' + row.id + ' v' + row.version + ' “' + row.phrase + '”' }),
            el('code', { text: row.skill + ' ' + JSON.stringify(row.args) }),
            el('button', {
              type: 'button',
              className: 'small danger',
              text: t('remove'),
              onclick: () => {
                api('DELETE', '/api/phrasings/' + row.id)
                  .then(loadPhrasings)
                  .catch(loadPhrasings);
              },
            }),
          ]),
        );
      }
    })
    .catch(() => null);
}

function loadRuns(): void {
  api<{ runs: ScriptRun[] }>('GET', '/api/script-runs?limit=10')
    .then((data) => {
      const p = panel('script-runs', t('runs'));
      p.list.textContent = '';
      if (!data.runs.length) p.list.appendChild(el('li', { className: 'meta', text: t('noRuns') }));
      for (const run of data.runs) {
        p.list.appendChild(
          el('li', { 'data-run': run.run_id }, [
            el('strong', {
              text:
                run.script +
                ' · ' +
                run.state +
                ' · ' +
                t('exit', { code: run.exit_code === null ? '—' : run.exit_code }),
            }),
            el('span', { className: 'requested-by', text: t('askedBy', { who: run.requested_by || '—' }) }),
            el('span', {
              className: 'approved-by',
              text: run.approved_by ? t('approvedBy', { who: run.approved_by }) : '—',
            }),
            el('code', { text: JSON.stringify(run.arguments) + ' · ' + String(run.output_sha256 || '').slice(0, 12) }),
          ]),
        );
      }
    })
    .catch(() => null);
}

function refreshAdmin(): void {
  loadQueue();
  loadReview();
  loadPhrasings();
  loadRuns();
}

document.addEventListener('airgap-user', (event) => {
  state.user = (event as CustomEvent<{ user: User }>).detail.user;
  const box = document.getElementById('extras');
  if (box) box.textContent = '';
  loadReports();
  if (state.timer) clearInterval(state.timer);
  state.timer = setInterval(() => {
    if (!state.user) return;
    showEngineerAnswers();
    if (state.user.role === 'admin') refreshAdmin();
  }, 4000);
  if (state.user.role === 'admin') refreshAdmin();
});
