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
 * and page errors are counted too (an island that fails to hydrate shows there).
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
];
const SETTLE_MS = 3_000;

export async function runPageScripts(options: { pages?: string[] } = {}): Promise<SectionResult> {
  const pages = options.pages ?? DEFAULT_PAGES;
  const server = await startCadranServer();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  const rows: string[][] = [];
  const budgets: Budget[] = [];
  const data: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
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
      await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(SETTLE_MS);
      const measured = scriptsKb(scripts);
      const names = scripts.map((url) => new URL(url).pathname.replace(/^\/assets\//, ''));
      rows.push([page, String(measured.kb), String(measured.files), String(errors.length)]);
      budgets.push({
        name: `${page} JavaScript downloaded, idle included, no interaction (gzip)`,
        target: `<= ${scriptBudgetKb(page)} kB`,
        measured: `${measured.kb} kB in ${measured.files} files`,
        pass: measured.kb <= scriptBudgetKb(page),
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
