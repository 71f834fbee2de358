/**
 * Tokenizer artefacts any family can leave in a reply: SentencePiece ▁ for
 * spaces (outside DeepSeek's own ｜…▁…｜ tokens), byte-level Ġ/Ċ for a space
 * and a newline (GPT-2-style vocabularies detokenized without their byte
 * map), stray end-of-turn tokens. Each repair is named for the audit row.
 */

const STRAY_TOKENS = new RegExp(
  [
    String.raw`<\|im_end\|>|<\|im_start\|>(?:assistant\n?)?|<\|eot_id\|>|<\|endoftext\|>`,
    String.raw`<\|end_of_text\|>|<end_of_turn>|<start_of_turn>(?:model\n?)?|<｜end▁of▁sentence｜>`,
    String.raw`<\|end▁of▁sentence\|>|<\|return\|>`,
  ].join('|'),
  'g',
);

export function cleanArtefacts(text: string): { text: string; repairs: string[] } {
  const repairs: string[] = [];
  let out = text;
  if (out.includes('▁')) {
    const replaced = out.replace(/<[｜|][^<>\n]{0,40}?[｜|]>|▁/g, (match) => (match === '▁' ? ' ' : match));
    if (replaced !== out) repairs.push('SentencePiece ▁ read as spaces');
    out = replaced;
  }
  // Ġ between ASCII letters or after a tag name: the byte-level space, not a letter of the reply
  if (/[A-Za-z<>.,]\u0120[A-Za-z"]|\u010a/.test(out) && !/[\u0100-\u011f\u0121-\u017f]/.test(out)) {
    out = out.replace(/\u0120/g, ' ').replace(/\u010a/g, '\n');
    repairs.push('byte-level Ġ/Ċ read as a space and a newline');
  }
  const stray = out.includes('<') ? out.match(STRAY_TOKENS) : null;
  if (stray) {
    repairs.push(`stray ${[...new Set(stray.map((token) => token.trim()))].join(' ')} removed`);
    out = out.replace(STRAY_TOKENS, (token) => ' '.repeat(token.length));
  }
  return { text: out, repairs };
}
