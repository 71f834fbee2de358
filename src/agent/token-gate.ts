/**
 * Which streamed tokens reach the operator. A reply that opens like a
 * text-form tool call (`{`, a ``` fence, `<tool_call>`, `[TOOL_CALLS]`,
 * `<|python_tag|>`, `<function=`, `functools[`, `tool_name(`) or with a
 * `<think>` block is held back; anything else passes through as it arrives.
 * A held reply that turns out to be the final answer is released in one
 * piece (`release`). The `answer` event always carries the authoritative
 * text; a call embedded after prose may already have streamed (rare).
 */
const CALL_OPENERS = /^(\{|\[|```|<tool_call>|<\|python_tag\|>|\[TOOL_CALLS\]|<function|functools|<think>|<\|)/i;
const DECIDE_AFTER = 24;

export class TokenGate {
  private buffer = '';
  private state: 'deciding' | 'passing' | 'holding' = 'deciding';

  constructor(
    private readonly emit: (text: string) => void,
    private readonly knownTools: string[],
  ) {}

  push(text: string): void {
    if (this.state === 'passing') {
      this.emit(text);
      return;
    }
    this.buffer += text;
    if (this.state === 'holding') return;
    const start = this.buffer.trimStart();
    if (start.length === 0) return;
    if (CALL_OPENERS.test(start) || this.startsWithToolName(start)) {
      this.state = 'holding';
      return;
    }
    if (start.length >= DECIDE_AFTER || /\s/.test(start) || /^\p{Script=Han}/u.test(start)) {
      this.state = 'passing';
      this.emit(this.buffer);
      this.buffer = '';
    }
  }

  /** true when nothing of this reply was emitted yet */
  get heldBack(): boolean {
    return this.state !== 'passing';
  }

  /** The reply was the final answer: emit what was held (the cleaned answer text). */
  release(answer: string): void {
    if (this.state !== 'passing' && answer.length > 0) this.emit(answer);
    this.buffer = '';
    this.state = 'passing';
  }

  private startsWithToolName(start: string): boolean {
    const match = /^([A-Za-z_][\w.-]*)\s*\(/.exec(start);
    return match !== null && this.knownTools.includes(match[1]!);
  }
}
