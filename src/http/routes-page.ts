/**
 * The operators' chat page: the HTML and CSS from strings compiled into the
 * binary, the scripts built from TypeScript (src/http/page/assets.ts:
 * embedded in the bundle, built once in development), the Chinese font from
 * the appliance itself (src/http/page/fonts.ts). No CDN. A strict Content
 * Security Policy allows only this origin's own script, style and fonts.
 */
import { Hono } from 'hono';
import type { HttpEnv } from './context.js';
import { PAGE_HTML } from './page/html.js';
import { PAGE_CSS } from './page/css.js';
import { pageScripts } from './page/assets.js';
import { EXTRAS_CSS } from './page/extras.js';
import { fontFaceCss, fontFile } from './page/fonts.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const SCRIPT_HEADERS = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' };

export function pageRoutes(): Hono<HttpEnv> {
  const page = new Hono<HttpEnv>();
  page.get('/', (context) => {
    context.header('Content-Security-Policy', CSP);
    context.header('X-Frame-Options', 'DENY');
    return context.html(PAGE_HTML);
  });
  page.get('/assets/extras.js', async (context) => context.body((await pageScripts()).extras, 200, SCRIPT_HEADERS));
  page.get('/assets/app.css', (context) =>
    context.body(fontFaceCss() + PAGE_CSS + EXTRAS_CSS, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  page.get('/assets/app.js', async (context) => context.body((await pageScripts()).app, 200, SCRIPT_HEADERS));
  page.get('/assets/fonts/:name', (context) => {
    const bytes = fontFile(context.req.param('name'));
    if (!bytes) return context.body('no such font file', 404, { 'Content-Type': 'text/plain; charset=utf-8' });
    // the files are named by slice and weight and change only with the package: cached for a year
    return context.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  page.get('/favicon.ico', (context) => context.body(null, 204));
  return page;
}
