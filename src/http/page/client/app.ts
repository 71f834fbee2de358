/**
 * The page's script (/assets/app.js): log-in, sessions, the question box, the
 * SSE stream of a task (EventSource, which resumes with Last-Event-ID by
 * itself) read as the typed wire union, tool cards, Markdown answers built as
 * DOM nodes, inline SVG charts, approvals for admins, zh/en. Bundled for the
 * browser by esbuild (src/http/page/assets.ts; scripts/bundle/esbuild.mjs).
 */
import type { TaskState, WireAnswer, WireData, WireEventName } from '../../../types/wire.js';
import { $, api, el, field, type ApiError } from './dom.js';
import { chooseLanguage, examples, lang, t } from './i18n.js';
import { TaskView } from './task-view.js';

interface User {
  username: string;
  role: 'admin' | 'operator';
}
interface Freshness {
  message?: string;
  stale?: boolean;
  data_up_to?: string | null;
  last_import?: { at: string } | null;
  max_age_hours?: number;
  inbox?: { pending: number; failed: number };
  error?: string;
  clock?: string;
}
interface Status {
  version?: string;
  plant?: string;
  /** the plant's IANA time zone: times on the page are the plant's, 24-hour */
  timezone?: string;
  needs_first_admin?: boolean;
  hint?: string;
  user?: User | null;
  data?: Freshness;
}
interface TaskJson {
  task_id: string;
  question: string;
  state: TaskState;
  result: WireAnswer | null;
  error: string | null;
}

const state: {
  timezone: string | undefined;
  lastStatus: Status | null;
  user: User | null;
  session: string | null;
  running: { taskId: string; view: TaskView; source: EventSource } | null;
  approvalsTimer: ReturnType<typeof setInterval> | null;
} = { timezone: undefined, lastStatus: null, user: null, session: null, running: null, approvalsTimer: null };

/** A stamp (ISO, UTC) as the plant's clock shows it, 24-hour: "14:05" today, "11-28 14:05" before. */
function plantTime(iso: string): string {
  const when = new Date(iso);
  if (isNaN(when.getTime())) return iso;
  const parts = (date: Date): Record<string, string> => {
    const out: Record<string, string> = {};
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: state.timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const part of format.formatToParts(date)) out[part.type] = part.value;
    return out;
  };
  const at = parts(when);
  const today = parts(new Date());
  const time = at.hour + ':' + at.minute;
  return at.year === today.year && at.month === today.month && at.day === today.day
    ? time
    : at.month + '-' + at.day + ' ' + time;
}

// ---------- language ----------
function applyLanguage(): void {
  document.documentElement.lang = lang.current === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  document
    .querySelectorAll('[data-i18n]')
    .forEach((node) => (node.textContent = t(node.getAttribute('data-i18n') ?? '')));
  document
    .querySelectorAll('[data-i18n-placeholder]')
    .forEach((node) => node.setAttribute('placeholder', t(node.getAttribute('data-i18n-placeholder') ?? '')));
  const toggle = $('lang-toggle');
  toggle.textContent = t('langButton');
  toggle.setAttribute('lang', lang.current === 'zh' ? 'en' : 'zh');
  $('sidebar').setAttribute('aria-label', t('sessions'));
  renderExamples();
  showData(state.lastStatus);
  document
    .querySelectorAll('[data-state]')
    .forEach((node) => (node.textContent = t('state_' + node.getAttribute('data-state'))));
}

function renderExamples(): void {
  const box = $('examples');
  box.textContent = '';
  for (const question of examples()) {
    box.appendChild(
      el('button', {
        type: 'button',
        text: question,
        onclick: () => {
          field('question').value = question;
          send();
        },
      }),
    );
  }
}

// ---------- streaming ----------
function follow(taskId: string, view: TaskView): void {
  view.box.setAttribute('data-task', taskId);
  const source = new EventSource('/api/tasks/' + encodeURIComponent(taskId) + '/events');
  let finished = false;
  let lost: HTMLElement | null = null;
  state.running = { taskId, view, source };
  updateButtons();
  /** One wire event: its data typed by its name (src/types/wire.ts). */
  function on<E extends WireEventName>(name: E, handler: (data: WireData<E>) => void): void {
    source.addEventListener(name, (event) => {
      if (lost && lost.parentNode) {
        lost.parentNode.removeChild(lost);
        lost = null;
      }
      let data = {} as WireData<E>;
      try {
        data = JSON.parse((event as MessageEvent<string>).data) as WireData<E>;
      } catch {
        data = {} as WireData<E>;
      }
      handler(data);
    });
  }
  on('task-state', (data) => view.setState(data.state));
  on('queue-position', (data) => (view.queueEl.textContent = t('queue', { n: data.position })));
  on('mode', (data) => (view.modeEl.textContent = t('mode_' + data.mode)));
  on('token', (data) => {
    view.streamed += data.text;
    view.text.textContent = view.streamed;
    view.scroll();
  });
  on('tool-call-start', (data) => view.toolStart(data));
  on('tool-call-end', (data) => view.toolEnd(data));
  on('skill-start', (data) =>
    view.progress.appendChild(el('li', { text: t('skill') + ' ' + data.skill + ' ' + data.version })),
  );
  on('skill-progress', (data) => {
    view.progress.appendChild(el('li', { text: data.message }));
    view.scroll();
  });
  on('retry', (data) => view.progress.appendChild(el('li', { text: '↻ ' + data.reason })));
  on('notice', (data) => view.progress.appendChild(el('li', { text: data.message })));
  on('answer', (data) => view.answer(data));
  on('task-error', (data) => view.error(data));
  on('approval-required', (data) => {
    view.extra.appendChild(el('p', { className: 'approval-box', text: t('approvalNeeded', { skill: data.skill }) }));
    if (state.user && state.user.role === 'admin') loadApprovals();
  });
  on('handover-opened', (data) => view.handedOver(data));
  on('handover-offer', (data) => view.setOffer(data));
  on('approval-decided', (data) =>
    view.extra.appendChild(el('p', { text: t(data.approved ? 'approvalBy' : 'rejectedBy', { who: String(data.by) }) })),
  );
  on('done', (data) => {
    finished = true;
    source.close();
    view.setState(data.state);
    if (state.running && state.running.taskId === taskId) state.running = null;
    updateButtons();
    loadSessions();
  });
  source.onerror = () => {
    if (finished) return;
    if (source.readyState === EventSource.CLOSED) {
      // the server said there is nothing more (204) or refused: read the task's final state
      api<TaskJson>('GET', '/api/tasks/' + encodeURIComponent(taskId))
        .then((task) => {
          view.setState(task.state);
          if (task.result && !view.answered) view.answer(task.result);
        })
        .catch(() => null);
      if (state.running && state.running.taskId === taskId) state.running = null;
      updateButtons();
      return;
    }
    if (!lost) {
      lost = el('p', { className: 'meta', text: t('networkLost') });
      view.extra.appendChild(lost);
    }
  };
}

function send(): void {
  const box = field('question');
  const question = box.value.trim();
  if (!question || state.running) return;
  box.value = '';
  const welcome = document.getElementById('welcome');
  if (welcome) welcome.hidden = true;
  const view = new TaskView(question);
  const body: { question: string; session_id?: string } = { question };
  if (state.session) body.session_id = state.session;
  api<{ task_id: string; session_id: string }>('POST', '/api/tasks', body)
    .then((accepted) => {
      state.session = accepted.session_id;
      markCurrentSession();
      follow(accepted.task_id, view);
      loadSessions();
    })
    .catch((error: ApiError) => {
      view.setState('failed');
      view.error({ code: error.code || 'ERROR', message: error.message, hint: error.hint });
      if (error.status === 401) showLogin();
    });
}

function cancel(): void {
  if (!state.running) return;
  ($('cancel') as HTMLButtonElement).disabled = true;
  state.running.view.cancelRequested();
  api('POST', '/api/tasks/' + encodeURIComponent(state.running.taskId) + '/cancel').catch(() => null);
}

function updateButtons(): void {
  ($('send') as HTMLButtonElement).disabled = !!state.running;
  ($('cancel') as HTMLButtonElement).disabled = !state.running;
}

// ---------- sessions ----------
function loadSessions(): Promise<void> {
  return api<{ sessions: Array<{ session_id: string; title: string | null; last_active_at: string }> }>(
    'GET',
    '/api/sessions?limit=50',
  )
    .then((data) => {
      const list = $('session-list');
      list.textContent = '';
      if (!data.sessions.length) list.appendChild(el('li', { className: 'meta', text: t('noSessions') }));
      for (const session of data.sessions) {
        list.appendChild(
          el('li', null, [
            el(
              'button',
              {
                type: 'button',
                'data-session': session.session_id,
                title: session.title || '',
                'aria-current': session.session_id === state.session ? 'true' : 'false',
                onclick: () => {
                  openSession(session.session_id);
                  closeSidebar();
                },
              },
              [(session.title || session.session_id.slice(0, 8)) + ' · ' + plantTime(session.last_active_at)],
            ),
          ]),
        );
      }
    })
    .catch((error: ApiError) => {
      if (error.status === 401) showLogin();
    });
}

function markCurrentSession(): void {
  document.querySelectorAll('#session-list button').forEach((button) => {
    button.setAttribute('aria-current', button.getAttribute('data-session') === state.session ? 'true' : 'false');
  });
}

function clearMessages(): void {
  const messages = $('messages');
  for (const node of Array.from(messages.childNodes))
    if ((node as HTMLElement).id !== 'welcome') messages.removeChild(node);
}

function openSession(sessionId: string): void {
  if (state.running) return;
  state.session = sessionId;
  markCurrentSession();
  clearMessages();
  $('welcome').hidden = true;
  void api<{ tasks: TaskJson[] }>('GET', '/api/sessions/' + encodeURIComponent(sessionId) + '/tasks').then((data) => {
    document.dispatchEvent(new CustomEvent('airgap-session', { detail: { session: sessionId } }));
    for (const task of data.tasks) {
      const view = new TaskView(task.question);
      view.setState(task.state);
      view.box.setAttribute('data-task', task.task_id);
      if (task.state === 'pending' || task.state === 'running' || task.state === 'waiting_input') {
        follow(task.task_id, view);
        continue;
      }
      if (task.result) view.answer(task.result);
      else if (task.error)
        view.error({ code: task.state === 'cancelled' ? 'CANCELLED' : 'ERROR', message: task.error });
    }
  });
}

function newSession(): void {
  if (state.running) return;
  state.session = null;
  clearMessages();
  $('welcome').hidden = false;
  markCurrentSession();
  closeSidebar();
  $('question').focus();
}

// ---------- approvals (admins) ----------
interface ApprovalJson {
  approval_id: string;
  skill: string;
  username: string | null;
  question: string;
  arguments: unknown;
}

function loadApprovals(): void {
  if (!state.user || state.user.role !== 'admin') return;
  api<{ approvals: ApprovalJson[] }>('GET', '/api/approvals?state=pending')
    .then((data) => {
      const section = $('approvals');
      const list = $('approval-list');
      section.hidden = false;
      list.textContent = '';
      if (!data.approvals.length) list.appendChild(el('li', { className: 'meta', text: t('noApprovals') }));
      for (const approval of data.approvals) {
        const decide = (decision: 'approve' | 'reject') => () => {
          api('POST', '/api/approvals/' + encodeURIComponent(approval.approval_id), { decision })
            .then(loadApprovals)
            .catch(loadApprovals);
        };
        list.appendChild(
          el('li', { 'data-approval': approval.approval_id }, [
            el('strong', { text: approval.skill }),
            el('span', { text: (approval.username || '?') + ': ' + approval.question }),
            el('code', { text: JSON.stringify(approval.arguments) }),
            el('div', { className: 'row' }, [
              el('button', { type: 'button', className: 'small', text: t('approve'), onclick: decide('approve') }),
              el('button', { type: 'button', className: 'small danger', text: t('reject'), onclick: decide('reject') }),
            ]),
          ]),
        );
      }
    })
    .catch(() => null);
}

// ---------- log-in ----------
function showLogin(known?: Status | null): void {
  state.user = null;
  $('app-view').hidden = true;
  $('login-view').hidden = false;
  $('logout').hidden = true;
  $('who').textContent = '';
  if (state.approvalsTimer) {
    clearInterval(state.approvalsTimer);
    state.approvalsTimer = null;
  }
  const status = known && known.version ? Promise.resolve(known) : api<Status>('GET', '/api/status');
  status
    .then((info) => {
      $('plant-name').textContent = info.plant || '';
      const hint = $('setup-hint');
      hint.hidden = !info.needs_first_admin;
      hint.textContent = info.hint || '';
    })
    .catch(() => null);
  $('username').focus();
}

function showApp(user: User): void {
  state.user = user;
  $('login-view').hidden = true;
  $('app-view').hidden = false;
  $('logout').hidden = false;
  $('who').textContent = user.username + ' (' + user.role + ')';
  void loadSessions();
  if (user.role === 'admin') {
    loadApprovals();
    state.approvalsTimer = setInterval(loadApprovals, 5000);
  }
  document.dispatchEvent(new CustomEvent('airgap-user', { detail: { user } }));
  $('question').focus();
}

function login(event: Event): void {
  event.preventDefault();
  const error = $('login-error');
  error.hidden = true;
  api<{ user: User }>('POST', '/api/login', { username: field('username').value, password: field('password').value })
    .then((data) => {
      field('password').value = '';
      showApp(data.user);
    })
    .catch((failure: ApiError) => {
      error.hidden = false;
      error.textContent = t('loginFailed') + ': ' + failure.message + (failure.hint ? ' — ' + failure.hint : '');
    });
}

function closeSidebar(): void {
  $('sidebar').classList.remove('open');
  $('menu-toggle').setAttribute('aria-expanded', 'false');
}

/** "data up to …" in the page's language; the admin's full message (what to check) as its tooltip. */
function showData(status: Status | null): void {
  if (status && status.timezone) state.timezone = status.timezone;
  const line = document.getElementById('data-status');
  if (!line || !status || !status.data) return;
  state.lastStatus = status;
  const data = status.data;
  line.textContent = '';
  const short = (stamp: string): string => stamp.replace('T', ' ').slice(0, 16);
  let text: string;
  if (data.error === 'missing' || data.error === 'unreadable') text = t('dataMissing');
  else if (!data.data_up_to) text = t('dataNone');
  else {
    text = t('dataUpTo', { at: short(data.data_up_to) });
    if (data.last_import) {
      const at = data.last_import.at;
      const sameDay = at.slice(0, 10) === data.data_up_to.slice(0, 10);
      text += t('dataImported', { at: sameDay ? at.slice(11, 16) : short(at) });
    }
    if (data.stale && data.max_age_hours) text += t('dataStale', { h: data.max_age_hours });
  }
  line.appendChild(el('span', { className: 'data-line', text }));
  const failed = data.inbox ? data.inbox.failed : 0;
  // the failed-import warning is its own element: it wraps to a new line, never cut off
  if (failed > 0) line.appendChild(el('strong', { className: 'data-failed', text: t('dataFailed', { n: failed }) }));
  line.title = (data.message || '') + (data.clock ? ' — ' + data.clock : '');
  line.classList.toggle('stale', !!data.stale || !!data.error);
  line.classList.toggle('failed', failed > 0);
}

function start(): void {
  lang.current = chooseLanguage();
  applyLanguage();
  $('lang-toggle').addEventListener('click', () => {
    lang.current = lang.current === 'zh' ? 'en' : 'zh';
    try {
      localStorage.setItem('airgap-lang', lang.current);
    } catch {
      // private mode
    }
    applyLanguage();
  });
  $('login-form').addEventListener('submit', login);
  $('logout').addEventListener('click', () => {
    api('POST', '/api/logout').then(
      () => showLogin(),
      () => showLogin(),
    );
  });
  $('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    send();
  });
  $('question').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      send();
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      if (state.running) cancel();
      else closeSidebar();
    }
  });
  $('cancel').addEventListener('click', cancel);
  $('new-session').addEventListener('click', newSession);
  $('menu-toggle').addEventListener('click', function (this: HTMLElement) {
    const open = $('sidebar').classList.toggle('open');
    this.setAttribute('aria-expanded', open ? 'true' : 'false');
  });
  setInterval(() => {
    api<Status>('GET', '/api/status')
      .then(showData)
      .catch(() => null);
  }, 60000);
  api<Status>('GET', '/api/status')
    .then((status) => {
      showData(status);
      $('plant-name').textContent = status.plant || '';
      if (status.user) showApp(status.user);
      else showLogin(status);
    })
    .catch(() => showLogin(null));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
