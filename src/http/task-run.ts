/** What the task manager holds in memory for one task while it lives: its event log, abort controller and approvals. */
import type { AppError } from '../errors.js';
import type { HandoverRow } from '../feedback/store.js';
import type { Language } from '../skills/types.js';
import { EventLog } from './event-log.js';
import type { Lane } from './scheduler.js';
import { WireMapper } from './wire-map.js';

export class TaskRun {
  readonly log: EventLog;
  readonly wire: WireMapper;
  readonly controller = new AbortController();
  finished = false;
  /** the agent reported its error already (a task-error event is not sent twice) */
  errorSent = false;
  /** the request's trace id: the agent uses it too, so logs, audit rows and X-Trace-Id agree */
  traceId: string | undefined;
  /** what an admin approved for this task before it ran (approvalKey: skill, version, arguments) */
  readonly approvedKeys = new Set<string>();
  /** each approval asked for this task → what it binds */
  readonly bindings = new Map<string, string>();
  /** an approval the running question waits for (the model chose a skill that needs one) */
  waiting: { approvalId: string; resolve: (approved: boolean) => void; reject: (error: AppError) => void } | undefined;
  /** the approval asked last: the next one is asked when it is decided (one waiting_input at a time) */
  approvalTurn: Promise<unknown> = Promise.resolve();
  /** the task holds a reserved place in the queue while it waits for approval */
  holdsPlace = false;
  /** the route's language (the hand-over answer speaks it) */
  language: Language = 'en';
  /** the question's own skill pins (POST /api/tasks skill_versions), name → version range */
  versions: Record<string, string> | undefined;
  /** what the tools returned while it ran: a hand-over record's "data seen" (at most MAX_DATA_SEEN) */
  readonly dataSeen: Array<{ tool: string; arguments: Record<string, unknown>; ok: boolean; result: unknown }> = [];
  /** the hand-over opened because the agent reached a critical step */
  handedOver: { row: HandoverRow; skill: string } | undefined;
  /** the task's row says running (TaskManager.markRunning) */
  running = false;
  /** the agent's closing turn, handed over to be committed with the task's final state (AskOptions.onTurnEnd) */
  closeTurn: (() => void) | undefined;
  readonly startedAt = performance.now();
  readonly settled: Promise<void>;
  settle!: () => void;

  constructor(
    readonly taskId: string,
    readonly lane: Lane,
    options: { answerMaxBytes: number; onListenerError: (error: unknown) => void },
  ) {
    this.log = new EventLog(options.onListenerError);
    this.wire = new WireMapper(options.answerMaxBytes);
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }
}
