import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export type Lang = 'fr' | 'en';

let ipCounter = 0;
/** A distinct client address per test (sent as X-Forwarded-For; the e2e server trusts it). */
function nextClientIp(): string {
  ipCounter += 1;
  return `127.1.${(process.pid % 200) + 1}.${ipCounter % 250}`;
}

type Fixtures = {
  /** Fails the test on any console error or uncaught page error. */
  consoleErrors: string[];
  /**
   * Opens a page at its address in the given language (`/pricing`, `/en/pricing`), with that
   * language saved as the visitor's choice (storage and cookie, as after using the toggle).
   */
  gotoIn: (path: string, lang: Lang) => Promise<void>;
  /** Asserts the current page has no axe-core violation (WCAG 2.1 AA rules). */
  expectNoA11yViolations: (page?: Page) => Promise<void>;
};

/**
 * Waits until React has taken over the page: the server's HTML shows the heading before the
 * page's code has run, and a click before then would be a plain link's (a new document). A
 * public page keeps the server's HTML and wakes only its islands: it waits for all of them
 * (`<html data-islands="ready">`, docs/decisions/048-islands-on-public-pages.md).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    if (heading === null) return false;
    if (document.querySelector('[data-island]')) {
      return document.documentElement.dataset.islands === 'ready';
    }
    const spinning = document.querySelector('main .animate-spin');
    // React marks each node it owns; a node of the server's HTML carries no mark until then.
    return spinning === null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * Wakes the islands that wait for the visitor (the header's menu, the newsletter form, the cart
 * badge of an empty cart: docs/decisions/048-islands-on-public-pages.md) as reaching them does,
 * and waits until every island of the page is React's.
 */
export async function wakeEveryIsland(page: Page): Promise<void> {
  await page
    .locator('[data-island]')
    .evaluateAll((islands) =>
      islands.forEach((island) =>
        island.firstElementChild?.dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
      ),
    );
  await expect(page.locator('[data-island]:not([data-island-hydrated])')).toHaveCount(0);
}

export const test = base.extend<Fixtures>({
  // Playwright requires the destructuring pattern even when no other fixture is used.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': nextClientIp() });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  gotoIn: async ({ page, baseURL }, use) => {
    await use(async (path, lang) => {
      await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
      // A full address (another server of the test) keeps its origin.
      const address = new URL(path, baseURL);
      await page.context().addCookies([{ name: 'language', value: lang, url: address.origin }]);
      if (lang === 'en') address.pathname = `/en${address.pathname}`;
      await page.goto(address.href);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await waitForApp(page);
    });
  },
  expectNoA11yViolations: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const summary = results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(summary, 'axe-core violations').toEqual([]);
    });
  },
});

export { expect };
