/** One question and its answer on the page: state badge, progress, tool cards with the SQL and rows, the answer, charts. */
import type { HandoverOffer, WireData, WireAnswer, TaskState } from '../../../types/wire.js';
import { $, el } from './dom.js';
import { chart } from './chart.js';
import { t } from './i18n.js';
import { markdown, table } from './markdown.js';

/** What a tool card shows: a call starting (no `ok` yet) or ended. */
export interface ToolCardData {
  id: string;
  tool: string;
  arguments?: Record<string, unknown>;
  ok?: boolean;
  ms?: number;
  cached?: boolean | undefined;
  rows?: number | null;
  result?: unknown;
  error?: string | null | undefined;
}

interface QueryResult {
  columns?: unknown[];
  rows?: unknown[][];
}

export function toolCard(data: ToolCardData): HTMLElement {
  const done = data.ok !== undefined;
  const args = data.arguments || {};
  const result = data.result as QueryResult | string | null | undefined;
  const rows =
    typeof data.rows === 'number'
      ? data.rows
      : result && typeof result === 'object' && result.rows
        ? result.rows.length
        : null;
  const summaryBits: Node[] = [el('b', { text: data.tool })];
  if (done) {
    summaryBits.push(
      el('span', {
        className: 'meta',
        text:
          (data.ok ? '' : t('failedTool') + ' · ') +
          (rows !== null ? t('rows', { n: rows }) + ' · ' : '') +
          Math.round(data.ms ?? 0) +
          ' ms',
      }),
    );
    summaryBits.push(
      data.cached
        ? el('span', { className: 'cached', text: t('cached') })
        : el('span', { className: 'meta', text: t('fresh') }),
    );
  } else {
    summaryBits.push(el('span', { className: 'meta', text: '…' }));
  }
  const body = el('div', { className: 'body' });
  if (args.purpose)
    body.appendChild(
      el('p', { className: 'purpose' }, [el('strong', { text: t('purpose') + ': ' }), String(args.purpose)]),
    );
  if (args.sql)
    body.appendChild(el('pre', { className: 'sql', 'aria-label': t('sql') }, [el('code', { text: String(args.sql) })]));
  else {
    const shown: Record<string, unknown> = {};
    for (const key of Object.keys(args)) if (key !== 'purpose') shown[key] = args[key];
    if (Object.keys(shown).length)
      body.appendChild(el('pre', null, [el('code', { text: JSON.stringify(shown, null, 1) })]));
  }
  if (done && result && typeof result === 'object' && result.columns && result.rows) {
    const limit = 50;
    body.appendChild(table(result.columns, result.rows.slice(0, limit), false));
    if (result.rows.length > limit)
      body.appendChild(el('p', { className: 'meta', text: t('more', { n: result.rows.length - limit }) }));
  } else if (done && typeof result === 'string' && result) {
    body.appendChild(el('pre', null, [el('code', { text: result.slice(0, 1500) })]));
  }
  if (done && !data.ok && data.error)
    body.appendChild(el('p', { className: 'task-error', text: String(data.error).slice(0, 500) }));
  // closed: the summary says what ran (rows, time); the operator opens a card to read its SQL and rows
  return el('details', { className: 'tool' + (done && !data.ok ? ' failed' : ''), 'data-tool': data.tool }, [
    el('summary', null, summaryBits),
    body,
  ]);
}

export class TaskView {
  readonly box = el('article', { className: 'a', 'aria-busy': 'true' });
  readonly stateBadge = el('span', { className: 'badge pending', 'data-state': 'pending', text: t('state_pending') });
  readonly modeEl = el('span');
  readonly queueEl = el('span');
  readonly status = el('div', { className: 'status' }, [this.stateBadge, this.modeEl, this.queueEl]);
  readonly progress = el('ul', { className: 'progress' });
  readonly tools = el('div', { className: 'tools' });
  text = el('div', { className: 'answer streaming' });
  readonly charts = el('div', { className: 'charts' });
  readonly extra = el('div');
  private readonly cards: Record<string, HTMLElement> = {};
  /** the operator asked to cancel: the calls it stops end failed, and are counted, not drawn */
  private cancelling = false;
  private stopped = 0;
  private cancelLine: HTMLElement | null = null;
  streamed = '';
  answered = false;
  /** the hand-over the agent offers when it could not finish (the `handover-offer` event) */
  offer: HandoverOffer | null = null;

  constructor(question: string) {
    for (const part of [this.status, this.progress, this.tools, this.text, this.charts, this.extra])
      this.box.appendChild(part);
    const messages = $('messages');
    messages.appendChild(el('div', { className: 'q', text: question }));
    messages.appendChild(this.box);
    this.scroll();
  }

  scroll(): void {
    const messages = $('messages');
    messages.scrollTop = messages.scrollHeight;
  }

  /** Cancel was asked for: what the cancel stops is one line, not a wall of failed cards. */
  cancelRequested(): void {
    this.cancelling = true;
  }

  /** The one line saying the question was cancelled (and how many steps it stopped), under the status. */
  private showCancelled(): void {
    // the calls still running when it ended were stopped too
    for (const id of Object.keys(this.cards)) {
      const card = this.cards[id]!;
      if (card.getAttribute('data-running') === 'true') {
        card.parentNode?.removeChild(card);
        delete this.cards[id];
        this.stopped++;
      }
    }
    const text = this.stopped > 0 ? t('cancelledSteps', { n: this.stopped }) : t('cancelledNote');
    if (!this.cancelLine) {
      this.cancelLine = el('p', { className: 'cancelled-note', role: 'status', text });
      this.status.insertAdjacentElement('afterend', this.cancelLine);
    } else this.cancelLine.textContent = text;
    this.cancelLine.scrollIntoView({ block: 'nearest' });
  }

  setState(taskState: TaskState): void {
    if (taskState === 'cancelled') {
      this.cancelling = true;
      this.showCancelled();
    }
    this.stateBadge.className = 'badge ' + taskState;
    this.stateBadge.setAttribute('data-state', taskState);
    this.stateBadge.textContent = t('state_' + taskState);
    if (taskState !== 'pending') this.queueEl.textContent = '';
    const final = taskState === 'success' || taskState === 'failed' || taskState === 'cancelled';
    this.box.setAttribute('aria-busy', final ? 'false' : 'true');
  }

  toolStart(data: WireData<'tool-call-start'>): void {
    const card = toolCard(data);
    card.setAttribute('data-running', 'true');
    this.cards[data.id] = card;
    this.tools.appendChild(card);
    this.scroll();
  }

  toolEnd(data: WireData<'tool-call-end'>): void {
    const old = this.cards[data.id];
    if (!data.ok && (this.cancelling || /cancel/i.test(String(data.error ?? '')))) {
      // stopped by the cancel: counted on the one cancel line, not shown as a failure
      if (old && old.parentNode) old.parentNode.removeChild(old);
      delete this.cards[data.id];
      this.stopped++;
      if (this.cancelLine) this.showCancelled();
      return;
    }
    const card = toolCard(data);
    if (old && old.parentNode) old.parentNode.replaceChild(card, old);
    else this.tools.appendChild(card);
    this.cards[data.id] = card;
  }

  answer(answer: WireAnswer): void {
    this.answered = true;
    const rendered = markdown(answer.answer);
    this.text.parentNode?.replaceChild(rendered, this.text);
    this.text = rendered;
    if (answer.mode) this.modeEl.textContent = t('mode_' + answer.mode) + (answer.skill ? ' · ' + answer.skill : '');
    if (this.tools.childNodes.length === 0 && answer.tool_calls) {
      for (const call of answer.tool_calls) {
        this.tools.appendChild(
          toolCard({
            id: call.id,
            tool: call.name,
            arguments: call.arguments,
            ok: call.ok,
            ms: call.ms,
            cached: call.cached,
            result: call.result,
            error: call.error,
          }),
        );
      }
    }
    this.charts.textContent = '';
    for (const spec of answer.charts || [])
      this.charts.appendChild(el('figure', { className: 'chart' }, [chart(spec, { narrow: window.innerWidth < 600 })]));
    // extras.js (feedback, hand-over, script-run card) listens for this
    const offer = this.offer ?? answer.handover_offer ?? null;
    document.dispatchEvent(
      new CustomEvent('airgap-answer', { detail: { box: this.box, extra: this.extra, answer, offer } }),
    );
    this.scroll();
  }

  /** The hand-over the agent offers (after its answer, when it could not finish): extras.js marks it. */
  setOffer(offer: HandoverOffer): void {
    this.offer = offer;
    if (this.answered) document.dispatchEvent(new CustomEvent('airgap-offer', { detail: { box: this.box, offer } }));
  }

  /** A critical step reached: it did not run; the record is in the engineers' queue. */
  handedOver(data: WireData<'handover-opened'>): void {
    this.box.setAttribute('data-handover', String(data.handover_id));
    this.progress.appendChild(
      el('li', {
        className: 'handover-opened',
        text: t('handoverOpened', { skill: data.skill, id: data.handover_id }),
      }),
    );
    this.scroll();
  }

  error(data: { code: string; message: string; hint?: string | null | undefined }): void {
    const cancelled = data.code === 'CANCELLED';
    if (cancelled) {
      this.cancelling = true;
      this.showCancelled();
      return;
    }
    const text =
      (cancelled ? t('cancelledNote') : t('error') + ': ') +
      (cancelled ? '' : data.message + (data.hint ? ' — ' + data.hint : ''));
    this.extra.appendChild(el('p', { className: 'task-error', role: 'alert', text }));
  }
}
