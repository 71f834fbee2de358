/**
 * The browser tests' shared set-up: Debian's Chromium through playwright-core
 * (headless, a throw-away profile, no network chatter), logging in on the
 * chat page, asking a question, and collecting the page's errors. Without
 * /usr/bin/chromium a browser test FAILS with the install command; it skips
 * only when AIRGAP_SKIP_BROWSER=1.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `describe(…, { skip: browserSkip('…') })`: a reason when AIRGAP_SKIP_BROWSER=1, else false. */
export function browserSkip(what: string): string | false {
  return process.env.AIRGAP_SKIP_BROWSER === '1' ? `AIRGAP_SKIP_BROWSER=1: ${what} is skipped` : false;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fontconfig that offers Chromium the DejaVu fonts only: the machine as a
 * stock kiosk has it, with no CJK font (the test machine has Debian's
 * fonts-noto-cjk installed, for the other tests). Pass `env` to launchBrowser;
 * `close()` removes it.
 */
export function fontsWithoutCjk(): { env: Record<string, string>; close(): void } {
  const dejavu = '/usr/share/fonts/truetype/dejavu';
  if (!existsSync(dejavu))
    throw new Error(`${dejavu} is missing: install it with \`apt-get install -y fonts-dejavu-core\``);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fontconfig-no-cjk-'));
  mkdirSync(path.join(dir, 'cache'));
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(
    file,
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n' +
      `  <dir>${dejavu}</dir>\n  <cachedir>${path.join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  return {
    env: { FONTCONFIG_FILE: file, FONTCONFIG_PATH: dir },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Chromium with its own profile (removed on close), in the given locale and window size. */
export async function launchBrowser(
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** extra environment for the browser process (e.g. fontsWithoutCjk().env) */
    env?: Record<string, string>;
    /** the browser's own time zone (IANA), e.g. one far from the plant's */
    timezoneId?: string;
  } = {},
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install it with \`apt-get install -y chromium fonts-noto-cjk\` (or set ` +
        `AIRGAP_SKIP_BROWSER=1 to skip the browser tests explicitly)`,
    );
  }
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1366, height: 900 },
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.env ? { env: { ...(process.env as Record<string, string>), ...options.env } } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Uncaught page errors (and, with `console: true`, console errors) collected as they happen (into `into`, when given). */
export function pageErrors(page: Page, options: { console?: boolean; into?: string[] } = {}): string[] {
  const errors = options.into ?? [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.console) {
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }
  return errors;
}

/** Open the page and log in through its form; returns once the app view shows. */
export async function logIn(page: Page, url: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(url);
  await page.locator('#login-form').waitFor();
  await page.fill('#username', user.username);
  await page.fill('#password', user.password);
  await page.press('#password', 'Enter');
  await page.locator('#app-view').waitFor();
}

/** Type a question and send it with Enter. */
export async function ask(page: Page, question: string): Promise<void> {
  await page.fill('#question', question);
  await page.press('#question', 'Enter');
}
