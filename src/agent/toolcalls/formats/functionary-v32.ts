/**
 * Functionary v3.2 (meetkai/functionary-medium-v3.2 chat template;
 * llama.cpp Functionary v3.2): each message starts with `>>>RECIPIENT\n`;
 * `>>>all` is text for the user, `>>>NAME` a call whose body is its JSON
 * arguments (it closes with its braces).
 */
import type { Extraction } from '../state.js';
import type { FormatParser } from './types.js';

function read(state: Extraction): void {
  const pattern = /(?:^|\n)[ \t]*>>>[ \t]*([\w.-]+)[ \t]*\n?/g;
  const heads = [...state.work.matchAll(pattern)];
  heads.forEach((head, index) => {
    const recipient = head[1]!;
    const start = head.index! + head[0].length;
    const end = index + 1 < heads.length ? heads[index + 1]!.index! : state.work.length;
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
  marker: /(?:^|\n)[ \t]*>>>[ \t]*[\w.-]+/,
  read,
};
