/**
 * Text from a file (its name, its headers, its cells) shown on a console or written into a report: control
 * characters escaped, so that a file named "x.csv\n2026-12-05 IMPORTED OK" cannot forge a report line and
 * "\x1b[2J" cannot clear an administrator's terminal (issue 29, N14). Escaped: C0 controls (newline, tab,
 * ESC …), DEL, C1 controls (0x80–0x9f; 0x9b is a one-byte CSI for some terminals), the line and paragraph
 * separators U+2028/U+2029, and the bidirectional controls that reorder what a line shows (U+202E writes
 * "csv.exe" as "exe.vsc"): "\n", "\r", "\t", "\x1b", "\u202e".
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(text: string): string {
  return text.replace(CONTROLS, (char) => {
    const named = NAMED[char];
    if (named !== undefined) return named;
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
