import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core for the XSS checks. Every page gets, before any
 * of its own scripts, a listener for CSP violations and a trap (`window.__xss`) that each
 * payload of xss-payloads.ts writes to if it ever runs.
 */

export const chromiumPath = (): string | undefined =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => !!candidate && existsSync(candidate),
  );

// Without the background-networking flags Chromium keeps trying to reach hosts on a closed network.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchBrowser = (executablePath: string): Promise<Browser> =>
  chromium.launch({ executablePath, args: ARGS });

export interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * The few browser globals the page scripts below touch. The server project compiles without
 * the DOM library, so callbacks run in the page name them through `globalThis` and this type.
 */
export interface PageGlobals {
  __xss: unknown[];
  __violations: Violation[];
  alert: (message?: unknown) => void;
  localStorage: { setItem: (key: string, value: string) => void };
  document: {
    addEventListener: (
      type: 'securitypolicyviolation',
      listener: (event: { violatedDirective: string; blockedURI: string; sample: string }) => void,
    ) => void;
    createElement: (tag: string) => { innerHTML: string };
    body: { innerText: string; append: (node: unknown) => void };
  };
}

export interface PageWatch {
  page: Page;
  consoleErrors: string[];
  /** Answers of our own origin that lack a security header. */
  headerProblems: string[];
  responses: number;
}

const REQUIRED_HEADERS: Record<string, (value: string) => boolean> = {
  'content-security-policy': (value) =>
    value.includes("script-src 'self'") && !value.includes('unsafe-inline'),
  'x-content-type-options': (value) => value === 'nosniff',
  'x-frame-options': (value) => value === 'DENY',
  'referrer-policy': (value) => value.length > 0,
  'strict-transport-security': (value) => value.startsWith('max-age='),
};

export async function watchedPage(context: BrowserContext, origin: string): Promise<PageWatch> {
  await context.addInitScript(() => {
    const w = globalThis as unknown as PageGlobals;
    w.__xss = [];
    w.__violations = [];
    w.document.addEventListener('securitypolicyviolation', (event) => {
      w.__violations.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
    w.alert = (message?: unknown) => {
      w.__xss.push(`alert:${String(message)}`);
    };
  });
  const page = await context.newPage();
  const watch: PageWatch = { page, consoleErrors: [], headerProblems: [], responses: 0 };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (!response.url().startsWith(origin)) return;
    watch.responses += 1;
    const headers = response.headers();
    for (const [name, ok] of Object.entries(REQUIRED_HEADERS)) {
      const value = headers[name];
      if (value === undefined || !ok(value)) {
        watch.headerProblems.push(`${response.status()} ${response.url()}: ${name}=${value}`);
      }
    }
  });
  return watch;
}

/** What ran that should not have, and what the CSP had to block, on the current page. */
export async function injectionTraces(
  page: Page,
): Promise<{ executed: unknown[]; violations: Violation[] }> {
  return page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    return { executed: [...w.__xss], violations: [...w.__violations] };
  });
}

/** Waits until the page shows `text` as text (proof the hostile value was echoed). */
export async function waitForText(page: Page, text: string, timeoutMs = 15_000): Promise<void> {
  const shows = (expected: string) =>
    (globalThis as unknown as PageGlobals).document.body.innerText.includes(expected);
  await page.waitForFunction(shows, text, {
    timeout: timeoutMs,
  });
}
