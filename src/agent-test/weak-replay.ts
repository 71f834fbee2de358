/**
 * The weak-model replay (issue 31 item 4): a recorded run played back as a
 * weaker model of another family would have sent it. Every tool-call turn of
 * the cassette is re-rendered as raw text in one wire format (weak-formats.ts);
 * the first call with arguments is cut off mid-arguments (finish_reason
 * `length`), and one other call — the last call turn's, or the cut call's
 * resend when there is only one — is sent malformed (a repairable defect).
 *
 * The script answers per request (the scripted server's `respond`), reading
 * what the loop made of the faulty turn from the next request:
 * - after the cut-off turn: the loop must have refused the call and asked
 *   again; the re-prompt gets the cassette's call again (from the cut call on;
 *   the calls before it in that turn were whole and ran);
 * - after the malformed turn: if the loop repaired and ran the call, the
 *   cassette goes on; if it refused it, the re-prompt gets the call again;
 * - a new question (a session's next case) jumps to that case's turns;
 * - a request without tools (the memory summary) gets its recorded turn as is.
 * What the loop actually ran is asserted by the runner on the executed calls,
 * against a plain replay of the same cassette.
 */
import type { CassetteTurn } from './cassette.js';
import { toScriptedTurn } from './cassette.js';
import type { RecordedRequest, ScriptedTurn } from './scripted-llm-server.js';
import { renderAnswer, renderCallTurn, turnCalls, WEAK_DEFECTS, type Defect, type WeakFormat } from './weak-formats.js';

export interface WeakSegment {
  /** the case's question (a session's next case is recognised by it) */
  input: string;
  turns: CassetteTurn[];
}

interface At {
  segment: number;
  turn: number;
  call: number;
}

export interface WeakPlan {
  truncated?: At | undefined;
  malformed?: (At & { defect: Defect }) | undefined;
}

export type ServedKind = 'turn' | 'truncated' | 'malformed' | 'retry' | 'as-recorded';

export interface Served {
  segment: number;
  turn: number;
  kind: ServedKind;
  /** for a truncated or malformed turn, read from the next request: did the loop run the faulty call? */
  outcome?: 'ran' | 'refused' | 'moved-on' | undefined;
  /** the calls (indexes) of the turn that were sent, when not all */
  only?: number[] | undefined;
}

/** The loop's feedback after text calls (loop.ts appendFeedback) or native ones (tool messages). */
const FEEDBACK = /^(?:Your reply could not be used|Your call to |Result of )/;

function messageText(message: { content?: unknown }): string {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content))
    return message.content
      .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
      .join('');
  return '';
}

/** The first call with arguments in each call turn: where a cut and a defect can go. */
function callsWithArguments(segments: WeakSegment[]): At[] {
  const found: At[] = [];
  segments.forEach((segment, segmentIndex) =>
    segment.turns.forEach((turn, turnIndex) => {
      const call = turnCalls(turn).findIndex((item) => Object.keys(item.arguments).length > 0);
      if (call >= 0) found.push({ segment: segmentIndex, turn: turnIndex, call });
    }),
  );
  return found;
}

/** Where the cut and the defect go: the cut on the first call turn, the defect on the last other one (or the resend). */
export function planFaults(segments: WeakSegment[], format: WeakFormat, variant = 0): WeakPlan {
  const candidates = callsWithArguments(segments);
  if (candidates.length === 0) return {};
  const defects = WEAK_DEFECTS[format];
  const defect = defects[variant % defects.length]!;
  const truncated = candidates[0]!;
  const malformed = candidates.length > 1 ? candidates[candidates.length - 1]! : truncated;
  return { truncated, malformed: { ...malformed, defect } };
}

const same = (a: At | undefined, segment: number, turn: number): boolean =>
  a !== undefined && a.segment === segment && a.turn === turn;

export class WeakReplay {
  readonly plan: WeakPlan;
  readonly served: Served[] = [];
  private segment = 0;
  private turn = 0;
  private pending: Served | undefined;
  private truncatedDone = false;
  private malformedDone = false;

  constructor(
    private readonly segments: WeakSegment[],
    readonly format: WeakFormat,
    variant = 0,
  ) {
    this.plan = planFaults(segments, format, variant);
  }

  /** The scripted server's `respond`: the next turn for this request (undefined: none left). */
  respond = (request: RecordedRequest): ScriptedTurn | undefined => {
    if (request.path !== '/v1/chat/completions') return undefined;
    const last = request.messages[request.messages.length - 1];
    const lastText = last ? messageText(last) : '';
    if (request.tools.length > 0 && last?.role === 'user' && !FEEDBACK.test(lastText)) {
      // a new question: a session's later case starts its own turns
      const next = this.segments.findIndex(
        (segment, index) => index > this.segment && segment.input.trim() !== '' && lastText.includes(segment.input),
      );
      if (next >= 0 && this.served.length > 0) {
        this.segment = next;
        this.turn = 0;
      }
      if (this.pending) this.pending.outcome = 'moved-on';
      this.pending = undefined;
    }
    if (this.pending) return this.afterFault(this.pending, last?.role === 'user' ? lastText : '', request);
    return this.next(request);
  };

  /** The turns of the current case in order, from the current position. */
  private next(request: RecordedRequest): ScriptedTurn | undefined {
    while (this.segment < this.segments.length && this.turn >= this.segments[this.segment]!.turns.length) {
      this.segment += 1;
      this.turn = 0;
    }
    const turn = this.segments[this.segment]?.turns[this.turn];
    if (!turn) return undefined;
    const { truncated, malformed } = this.plan;
    if (request.tools.length === 0) return this.serve(turn, 'as-recorded', toScriptedTurn(turn));
    if (!this.truncatedDone && same(truncated, this.segment, this.turn)) {
      this.truncatedDone = true;
      const rendered = renderCallTurn(this.format, turn, { truncate: truncated!.call });
      return this.fault('truncated', { content: rendered.content, finishReason: 'length' });
    }
    if (!this.malformedDone && same(malformed, this.segment, this.turn)) {
      this.malformedDone = true;
      const rendered = renderCallTurn(this.format, turn, {
        malformed: { index: malformed!.call, defect: malformed!.defect },
      });
      return this.fault('malformed', { content: rendered.content, finishReason: 'stop' });
    }
    return this.serve(turn, 'turn', this.wellFormed(turn));
  }

  /** The request after a faulty turn: what the loop did with it, and the turn that answers the re-prompt. */
  private afterFault(pending: Served, feedback: string, request: RecordedRequest): ScriptedTurn | undefined {
    this.pending = undefined;
    const turn = this.segments[pending.segment]!.turns[pending.turn]!;
    const at = pending.kind === 'truncated' ? this.plan.truncated! : this.plan.malformed!;
    const name = turnCalls(turn)[at.call]!.name;
    const refused =
      feedback.startsWith('Your reply could not be used') || feedback.includes(`Your call to ${name} could not be run`);
    pending.outcome = refused ? 'refused' : 'ran';
    // the calls before the faulty one in its turn were whole and ran: the resend starts at the faulty call
    const from = turnCalls(turn)
      .map((_call, index) => index)
      .filter((index) => index >= at.call);
    if (pending.kind === 'truncated') {
      const { malformed } = this.plan;
      if (!this.malformedDone && same(malformed, pending.segment, pending.turn)) {
        // one call turn only: its resend is the malformed one
        this.malformedDone = true;
        const rendered = renderCallTurn(this.format, turn, {
          malformed: { index: malformed!.call, defect: malformed!.defect },
          only: from,
        });
        return this.fault('malformed', { content: rendered.content, finishReason: 'stop' }, from);
      }
      return this.resend(turn, from);
    }
    // refused: the malformed call again (alone when the others of its turn ran)
    if (refused) return this.resend(turn, feedback.includes('Result of ') ? [at.call] : pending.only);
    // repaired and run: the cassette goes on
    this.turn += 1;
    return this.next(request);
  }

  private resend(turn: CassetteTurn, only: number[] | undefined): ScriptedTurn {
    this.served.push({ segment: this.segment, turn: this.turn, kind: 'retry' });
    this.turn += 1;
    return { content: renderCallTurn(this.format, turn, { only }).content, finishReason: 'stop' };
  }

  private fault(kind: 'truncated' | 'malformed', scripted: ScriptedTurn, only?: number[]): ScriptedTurn {
    const served: Served = { segment: this.segment, turn: this.turn, kind, only };
    this.served.push(served);
    this.pending = served;
    return scripted;
  }

  private serve(turn: CassetteTurn, kind: ServedKind, scripted: ScriptedTurn): ScriptedTurn {
    void turn;
    this.served.push({ segment: this.segment, turn: this.turn, kind });
    this.turn += 1;
    return scripted;
  }

  /** A recorded turn as this format's model prints it, whole: calls as text, an answer as the model writes it. */
  private wellFormed(turn: CassetteTurn): ScriptedTurn {
    if (turn.status !== undefined || turn.delay_ms !== undefined) return toScriptedTurn(turn);
    if (turn.tool_calls && turn.tool_calls.length > 0)
      return { content: renderCallTurn(this.format, turn).content, finishReason: 'stop' };
    return { content: renderAnswer(this.format, turn.content ?? ''), finishReason: turn.finish_reason ?? 'stop' };
  }

  /** The faulty turns served to one case (its extra model steps), and what the loop did with them. */
  faultsOf(segment: number): Served[] {
    return this.served.filter(
      (served) => served.segment === segment && (served.kind === 'truncated' || served.kind === 'malformed'),
    );
  }
}
