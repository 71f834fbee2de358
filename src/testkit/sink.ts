/** Test kit: a Writable that keeps what is written (reports, logs). */
import { Writable } from 'node:stream';

/** A writable that keeps what is written, for asserting on a report. */
export function sink(): Writable & { text: () => string } {
  const parts: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      parts.push(String(chunk));
      done();
    },
  }) as Writable & { text: () => string };
  stream.text = () => parts.join('');
  return stream;
}
