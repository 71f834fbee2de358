/**
 * Streaming the answer when tools are offered: the grammar makes the model
 * write `{"content": "<answer>"}`, and the client must see the answer's text
 * as it comes, not the JSON around it. This decoder takes the raw chunks and
 * returns the newly decoded characters of the content string (escapes
 * resolved; an escape or a surrogate pair cut between chunks waits for the
 * next chunk). A reply that turns out to be tool calls yields nothing.
 */
const PREFIX = '{"content":"';
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export class ContentStreamDecoder {
  private raw = '';
  private state: 'prefix' | 'string' | 'done' | 'other' = 'prefix';
  private position = 0;
  private heldSurrogate = '';

  /** true once the reply is known not to be a content answer */
  get isOther(): boolean {
    return this.state === 'other';
  }

  push(chunk: string): string {
    this.raw += chunk;
    if (this.state === 'prefix') {
      let compact = '';
      let index = 0;
      for (; index < this.raw.length && compact.length < PREFIX.length; index++) {
        const char = this.raw[index]!;
        if (!/\s/.test(char)) compact += char;
      }
      if (!PREFIX.startsWith(compact)) {
        this.state = 'other';
        return '';
      }
      if (compact.length < PREFIX.length) return '';
      this.state = 'string';
      this.position = index;
    }
    if (this.state !== 'string') return '';
    let out = '';
    while (this.position < this.raw.length) {
      const char = this.raw[this.position]!;
      if (char === '"') {
        this.state = 'done';
        this.position++;
        break;
      }
      if (char !== '\\') {
        out += char;
        this.position++;
        continue;
      }
      const kind = this.raw[this.position + 1];
      if (kind === undefined) break;
      if (kind === 'u') {
        const hex = this.raw.slice(this.position + 2, this.position + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.position += 6;
      } else {
        out += ESCAPES[kind] ?? kind;
        this.position += 2;
      }
    }
    out = this.heldSurrogate + out;
    this.heldSurrogate = '';
    const last = out.charCodeAt(out.length - 1);
    if (out.length > 0 && last >= 0xd800 && last <= 0xdbff && this.state === 'string') {
      this.heldSurrogate = out.slice(-1);
      out = out.slice(0, -1);
    }
    return out;
  }
}
