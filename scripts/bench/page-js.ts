import { CART_STORAGE_VERSION, toCartTemplate, type PersistedCart } from '@cadran/domain/cart';
import type { LicenseTemplate } from '@cadran/domain/catalog-template';
import { CART_STORAGE_KEY } from '@cadran/domain/constants';
import { chromium } from 'playwright-core';
import { CHROME_PATH } from './lib/paths';
import type { Budget, SectionResult } from './lib/results';
import { scriptBudgetKb, scriptsKb } from './lib/page-scripts';
import { startCadranServer } from './lib/server';

/**
 * The JavaScript a real browser downloads for a public page, idle loading included, without
 * Lighthouse (docs/quality.md 'Islands'): a Chromium 390 px wide, no cache, loads the page,
 * waits for the network to go quiet and 3 s more, and the scripts it fetched are sized as the
 * build's files with gzip -9. The visitor does nothing: no pointer, no focus. Console errors
 * and page errors are counted too (an island that fails to hydrate shows there). The cart is
 * measured empty and holding one line, as a buyer opens it: a line brings the quote.
 */

const DEFAULT_PAGES = [
  '/',
  '/en/',
  '/features',
  '/about',
  '/changelog',
  '/legal/terms',
  '/pricing',
  '/en/pricing',
  '/contact',
  '/en/contact',
  '/roadmap',
  '/en/roadmap',
  '/store/cart',
  '/en/store/cart',
];
/** Measured a second time with one line stored, as the pricing page's button leaves it. */
const FILLED_CART_PAGES = new Set(['/store/cart', '/en/store/cart']);
const SETTLE_MS = 3_000;

export async function runPageScripts(options: { pages?: string[] } = {}): Promise<SectionResult> {
  const pages = options.pages ?? DEFAULT_PAGES;
  const server = await startCadranServer();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  const rows: string[][] = [];
  const budgets: Budget[] = [];
  const data: Record<string, unknown> = {};
  try {
    const stored = await oneLineCart(server.url);
    const storedCart = JSON.stringify(stored);
    const visits = pages.flatMap((page) =>
      FILLED_CART_PAGES.has(page) ? [{ page }, { page, filled: true }] : [{ page }],
    );
    for (const { page: path, filled } of visits) {
      const page = filled ? `${path}, one line` : path;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (filled)
        await context.addInitScript({
          content: `localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)}, ${JSON.stringify(storedCart)})`,
        });
      const tab = await context.newPage();
      const scripts: string[] = [];
      const errors: string[] = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      tab.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      tab.on('pageerror', (error) => errors.push(error.message));
      await tab.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(SETTLE_MS);
      // The line must be on screen, or the figure would be the empty cart's.
      if (filled)
        await tab.locator('input[inputmode="numeric"]').first().waitFor({ timeout: 5_000 });
      const measured = scriptsKb(scripts);
      const names = scripts.map((url) => new URL(url).pathname.replace(/^\/assets\//, ''));
      rows.push([page, String(measured.kb), String(measured.files), String(errors.length)]);
      budgets.push({
        name: `${page} JavaScript downloaded, idle included, no interaction (gzip)`,
        target: `<= ${scriptBudgetKb(path)} kB`,
        measured: `${measured.kb} kB in ${measured.files} files`,
        pass: measured.kb <= scriptBudgetKb(path),
      });
      data[page] = { ...measured, scripts: names, errors };
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return {
    name: 'JavaScript per page (Chromium, idle included)',
    tables: [
      {
        title: 'JS downloaded per page, network idle + 3 s, gzip -9 of the build files',
        columns: ['page', 'JS kB gzip', 'files', 'console errors'],
        rows,
        notes: ['The scripts of each page are listed in the JSON results.'],
      },
    ],
    budgets,
    data,
  };
}

/** A stored cart holding the demo catalogue's first template once, as the cart store writes it. */
async function oneLineCart(origin: string): Promise<PersistedCart> {
  const answer = (await (await fetch(`${origin}/api/v1/website/templates?lang=fr`)).json()) as {
    templates: LicenseTemplate[];
  };
  const first = answer.templates[0];
  if (!first) throw new Error('The demo catalogue has no template');
  const { template } = toCartTemplate(first);
  return {
    version: CART_STORAGE_VERSION,
    items: [
      {
        id: `bench-${template.id}`,
        template,
        quantity: 1,
        customizations: { extra_domains: 0, extra_installations: 0 },
      },
    ],
  };
}
