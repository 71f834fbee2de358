/** Markdown answers built as DOM nodes (escaped by construction: only text nodes and known elements). */
import { el } from './dom.js';

/**
 * Large whole numbers with thousands separators, as people read them: 139676 → 139,676 (the same in
 * Chinese). Only standalone numbers of five digits or more: years, times, dates, decimals and codes
 * (B-20261123-001, #3007, 3.94%) stay as they are.
 */
export function groupDigits(text: string): string {
  return text.replace(/(?<![\w.,#/:+-])\d{5,}(?![\w,/:-]|\.\d)/g, (digits) =>
    digits.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  );
}

export function inline(text: string): Node[] {
  const out: Node[] = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*)/g;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) out.push(document.createTextNode(groupDigits(text.slice(last, match.index))));
    const token = match[0];
    if (token.charAt(0) === '`') out.push(el('code', { text: token.slice(1, -1) }));
    else if (token.slice(0, 2) === '**' || token.slice(0, 2) === '__')
      out.push(el('strong', null, inline(token.slice(2, -2))));
    else out.push(el('em', null, inline(token.slice(1, -1))));
    last = match.index + token.length;
  }
  if (last < text.length) out.push(document.createTextNode(groupDigits(text.slice(last))));
  return out;
}

function splitRow(line: string): string[] {
  let trimmed = line.trim();
  if (trimmed.charAt(0) === '|') trimmed = trimmed.slice(1);
  if (trimmed.charAt(trimmed.length - 1) === '|') trimmed = trimmed.slice(0, -1);
  return trimmed.split('|').map((cell) => cell.trim());
}

function isNumber(text: string): boolean {
  return /^[-+]?[\d,]*\.?\d+\s*%?$/.test(text);
}

export function markdown(source: string | null | undefined): HTMLElement {
  const root = el('div', { className: 'answer' });
  const lines = String(source || '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let i = 0;
  let paragraph: string[] = [];
  const at = (index: number): string => lines[index] ?? '';
  function flush(): void {
    if (paragraph.length === 0) return;
    const p = el('p');
    paragraph.forEach((line, index) => {
      if (index > 0) p.appendChild(el('br'));
      for (const node of inline(line)) p.appendChild(node);
    });
    root.appendChild(p);
    paragraph = [];
  }
  while (i < lines.length) {
    const line = at(i);
    const fence = /^\s*(`{3}|~~~)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && at(i).trim().indexOf(fence[1]!) !== 0) {
        code.push(at(i));
        i++;
      }
      i++;
      root.appendChild(el('pre', null, [el('code', { text: code.join('\n') })]));
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(at(i + 1))) {
      flush();
      const header = splitRow(line);
      i += 2;
      const body: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(at(i))) {
        body.push(splitRow(at(i)));
        i++;
      }
      root.appendChild(table(header, body, true));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      root.appendChild(el(heading[1]!.length <= 2 ? 'h3' : 'h4', null, inline(heading[2]!)));
      i++;
      continue;
    }
    const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1]!);
      const list = el(ordered ? 'ol' : 'ul');
      while (i < lines.length) {
        const next = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(at(i));
        if (!next || /\d/.test(next[1]!) !== ordered) break;
        list.appendChild(el('li', null, inline(next[2]!)));
        i++;
      }
      root.appendChild(list);
      continue;
    }
    if (line.trim() === '') {
      flush();
      i++;
      continue;
    }
    paragraph.push(line);
    i++;
  }
  flush();
  return root;
}

export function table(header: unknown[], rows: unknown[][], markdownCells: boolean): HTMLElement {
  const head = el(
    'tr',
    null,
    header.map((cell) => el('th', { scope: 'col' }, markdownCells ? inline(String(cell)) : [String(cell)])),
  );
  const body = rows.map((row) =>
    el(
      'tr',
      null,
      row.map((cell) => {
        const text = cell === null || cell === undefined ? '' : String(cell);
        return el('td', { className: isNumber(text) ? 'num' : null }, markdownCells ? inline(text) : [text]);
      }),
    ),
  );
  return el('div', { className: 'table-wrap' }, [
    el('table', null, [el('thead', null, [head]), el('tbody', null, body)]),
  ]);
}
