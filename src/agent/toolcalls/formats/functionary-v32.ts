/**
 * Functionary (MeetKai/functionary tests/prompt_test_*.txt, the rendered
 * prompts of each template version; llama.cpp Functionary v3.2). One message
 * per recipient, its body up to the next message or the end-of-turn token:
 * - v3 / v3.2: `>>>RECIPIENT\n` — the template glues it to the message
 *   before, so it may follow text on the same line (`…compare>>>get_car_price\n{…}`);
 * - v2: `<|from|>assistant\n<|recipient|>RECIPIENT\n<|content|>`;
 * - v2 on Phi-3: `<|placeholder6|>RECIPIENT\n` (a call, text before it is for the user).
 * `all` is text for the user; any other recipient is a call whose body is its
 * JSON arguments (it closes with its braces); `python` may carry raw code,
 * read as python({code}) as functionary's own server does.
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

/** a message head; group 1 the recipient. `>>>` mid-line only when the name ends the line, as the template writes it */
const HEAD = new RegExp(
  [
    String.raw`(?:^|\n)[ \t]*>>>[ \t]*([\w.-]+)[ \t]*\n?`,
    String.raw`>>>([\w.-]+)\n`,
    String.raw`(?:<\|from\|>[ \t]*assistant[ \t]*\n?)?<\|recipient\|>[ \t]*([\w.-]+)[ \t]*\n?(?:<\|content\|>)?`,
    String.raw`<\|placeholder6\|>[ \t]*([\w.-]+)[ \t]*\n`,
  ].join('|'),
  'g',
);
/** what ends a message besides the next head */
const END = /<\|(?:from|stop|eot_id|eom_id|end|im_end|im_start|end_of_text)\|>|<\/s>/;

function read(state: Extraction): void {
  const heads = [...state.work.matchAll(HEAD)];
  heads.forEach((head, index) => {
    const recipient = (head[1] ?? head[2] ?? head[3] ?? head[4])!;
    const start = head.index! + head[0].length;
    const next = index + 1 < heads.length ? heads[index + 1]!.index! : state.work.length;
    const stop = END.exec(state.work.slice(start, next));
    const end = stop ? start + stop.index : next;
    const body = state.work.slice(start, end);
    if (recipient !== 'all') {
      if (/^\s*[{[]/.test(body) || body.trim() === '') {
        state.addJson({
          position: head.index!,
          name: recipient,
          raw: body.trim(),
          format: 'functionary_v32',
          label: `>>>${recipient}`,
        });
      } else if (recipient === 'python') {
        state.add(
          head.index!,
          { name: recipient, arguments: { code: body.trim() }, repaired: false },
          'functionary_v32',
        );
      } else state.errors.push(`>>>${recipient}: the arguments are not a JSON object; write >>>${recipient}\\n{…}`);
      state.blank(head.index!, end);
    } else state.blank(head.index!, start);
  });
}

export const functionaryV32: FormatParser = {
  ids: ['functionary_v32'],
  marker: /(?:^|\n)[ \t]*>>>[ \t]*[\w.-]+|>>>[\w.-]+\n|<\|recipient\|>|<\|placeholder6\|>/,
  read,
};
