/**
 * The operators' chat page, served from strings compiled into the binary
 * (no files read at run time, no CDN, no web fonts). A strict Content
 * Security Policy allows only this origin's own script and style.
 */
import { Hono } from 'hono';
import type { HttpEnv } from './context.js';
import { PAGE_HTML } from './page/html.js';
import { PAGE_CSS } from './page/css.js';
import { PAGE_JS } from './page/script.js';
import { EXTRAS_CSS, EXTRAS_JS } from './page/extras.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function pageRoutes(): Hono<HttpEnv> {
  const page = new Hono<HttpEnv>();
  page.get('/', (context) => {
    context.header('Content-Security-Policy', CSP);
    context.header('X-Frame-Options', 'DENY');
    return context.html(PAGE_HTML);
  });
  page.get('/assets/extras.js', (context) => context.body(EXTRAS_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  page.get('/assets/app.css', (context) => context.body(PAGE_CSS + EXTRAS_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  page.get('/assets/app.js', (context) => context.body(PAGE_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  page.get('/favicon.ico', (context) => context.body(null, 204));
  return page;
}
