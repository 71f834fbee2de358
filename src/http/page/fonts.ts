/**
 * The chat page's own Chinese font, served by the appliance (never a CDN): a
 * plant kiosk's browser often has no CJK font, and Chinese would show as empty
 * boxes. Noto Sans SC (SIL Open Font License 1.1, from @fontsource/noto-sans-sc)
 * in its woff2 slices, regular weight only (bold is synthesised): each slice
 * carries a `unicode-range`, so a browser fetches only the slices of the
 * characters on the page (a few dozen KiB each), and none when a system CJK
 * font comes first in the page's font list.
 *
 * Where the files are: the release's `vendor/fonts/noto-sans-sc/` (copied by
 * scripts/bundle.mjs), else the package in node_modules (development).
 *
 * The page's two icons that were emoji (👍/👎) are inline SVG instead
 * (src/http/page/client/icons.ts): 9 MB of colour-emoji font for two glyphs
 * would be most of the bundle's fonts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../runtime/self.js';

/** The family name the page's CSS uses (after the system's own CJK fonts). */
export const FONT_FAMILY = 'Noto Sans SC';
/** The served files: `/assets/fonts/<name>`. */
export const FONT_FILE = /^noto-sans-sc-\d+-400-normal\.woff2$/;
export const FONT_URL_PREFIX = '/assets/fonts/';

interface FontSource {
  /** the folder holding the .woff2 slices */
  files: string;
  /** @fontsource's 400.css: one @font-face per slice, with its unicode-range */
  css: string;
}

/** The font files of the release (vendor/fonts) or of the package (node_modules), or undefined. */
export function fontSource(root = appRoot()): FontSource | undefined {
  const candidates: FontSource[] = [
    {
      files: path.join(root, 'vendor', 'fonts', 'noto-sans-sc'),
      css: path.join(root, 'vendor', 'fonts', 'noto-sans-sc', '400.css'),
    },
    {
      files: path.join(root, 'node_modules', '@fontsource', 'noto-sans-sc', 'files'),
      css: path.join(root, 'node_modules', '@fontsource', 'noto-sans-sc', '400.css'),
    },
  ];
  return candidates.find((candidate) => existsSync(candidate.css) && existsSync(candidate.files));
}

let faces: string | undefined;

/**
 * The @font-face rules for the numbered slices, pointing at /assets/fonts/,
 * woff2 only (every browser that runs the page reads it). Empty when the
 * files are missing (the page still works with the system's fonts; doctor-free:
 * the browser test fails loudly).
 */
export function fontFaceCss(root?: string): string {
  if (faces !== undefined && root === undefined) return faces;
  const source = fontSource(root);
  let css = '';
  if (source) {
    const text = readFileSync(source.css, 'utf8');
    const rules: string[] = [];
    for (const match of text.matchAll(/@font-face\s*{([^}]*)}/g)) {
      const body = match[1]!;
      const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
      if (!file || !range || !FONT_FILE.test(file)) continue;
      rules.push(
        `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-display:swap;font-weight:400;` +
          `src:url(${FONT_URL_PREFIX}${file}) format('woff2');unicode-range:${range.trim()};}`,
      );
    }
    css = `${rules.join('\n')}\n`;
  }
  if (root === undefined) faces = css;
  return css;
}

/** One font file's bytes, or undefined (an unknown name never reaches the disk). */
export function fontFile(name: string, root?: string): Buffer | undefined {
  if (!FONT_FILE.test(name)) return undefined;
  const source = fontSource(root);
  if (!source) return undefined;
  const file = path.join(source.files, name);
  return existsSync(file) ? readFileSync(file) : undefined;
}
