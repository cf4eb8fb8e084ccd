import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROME_PATH, ROOT } from './lib/paths';
import type { Budget, SectionResult } from './lib/results';
import { downloadedScriptsKb, scriptBudgetKb } from './lib/page-scripts';
import { startCadranServer } from './lib/server';
import { PUBLIC_PAGES } from '../../apps/server/src/web/public-pages';

/**
 * Lighthouse (docs/quality.md 'Lighthouse'): the built site served by our own server in production
 * mode, Debian's Chromium, Lighthouse's default mobile profile (simulated slow 4G, 4x CPU),
 * three runs per page. Scores are the median of each category over the runs; metrics are
 * those of Lighthouse's own median run. Full reports land in .bench/lighthouse/.
 */

/**
 * Every public page of the sitemap in both languages (docs/product.md 'Pages and routes'), and
 * the pages of the purchase a visitor meets first: the cart and the order failure page.
 */
const PAGES = [
  ...PUBLIC_PAGES.map((page) => page.path),
  '/store/order/failure',
  '/store/cart',
].flatMap(
  // English lives at its own addresses (docs/decisions/024-english-at-its-own-addresses.md).
  (page) => [page, page === '/' ? '/en/' : `/en${page}`],
);
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

// Without the background-networking flags Chromium keeps trying to reach hosts on a closed network.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
];

/** Largest paint, blocking time and layout shift budgets of the median run. */
const LCP_MAX_MS = 1_500;
const TBT_MAX_MS = 50;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
/** Lighthouse's own rule for the median run: the one closest to the median FCP and TTI. */
function medianRunOf(runs: Result[]): Result {
  const value = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  const fcp = median(runs.map((lhr) => value(lhr, 'first-contentful-paint')));
  const tti = median(runs.map((lhr) => value(lhr, 'interactive')));
  const distance = (lhr: Result) =>
    (fcp - value(lhr, 'first-contentful-paint')) ** 2 + (tti - value(lhr, 'interactive')) ** 2;
  const [best] = [...runs].sort((a, b) => distance(a) - distance(b));
  if (!best) throw new Error('no Lighthouse run');
  return best;
}
const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr: Result, audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? NaN);

/** Audits that cost points in any run, with their lowest score: what to fix. */
function failingAudits(runs: Result[]): string[] {
  const lowest = new Map<string, number>();
  for (const lhr of runs) {
    for (const category of Object.values(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const value = lhr.audits[ref.id]?.score;
        if (ref.weight > 0 && typeof value === 'number' && value < 0.9)
          lowest.set(ref.id, Math.min(lowest.get(ref.id) ?? 1, value));
      }
    }
  }
  return [...lowest].map(([id, value]) => `${id} (${Math.round(value * 100)})`);
}

/** One Lighthouse run; a trace that failed to record (it happens under load) is retried. */
async function auditOnce(
  url: string,
  port: number,
  options: { withoutScripts?: boolean } = {},
  attempts = 3,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The no-script ceiling: the same HTML and CSS, every script refused.
      ...(options.withoutScripts ? { blockedUrlPatterns: ['*.js'] } : {}),
    });
    const error = answer ? answer.lhr.runtimeError : { message: 'no result' };
    if (!error) return (answer as { lhr: Result }).lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${error.message}`);
    console.log(`lighthouse ${url}: ${error.message}; retrying`);
  }
}

export async function runLighthouse(
  options: { pages?: string[]; runs?: number } = {},
): Promise<SectionResult> {
  const pages = options.pages ?? PAGES;
  const runCount = options.runs ?? RUNS;
  const server = await startCadranServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const reportDir = path.join(ROOT, '.bench/lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const rows: string[][] = [];
  const budgets: Budget[] = [];
  const data: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const runs: Result[] = [];
      const ceilingRuns: Result[] = [];
      for (let run = 0; run < runCount; run += 1) {
        runs.push(await auditOnce(`${server.url}${page}`, chrome.port));
        ceilingRuns.push(
          await auditOnce(`${server.url}${page}`, chrome.port, { withoutScripts: true }),
        );
      }
      const ceiling = median(ceilingRuns.map((lhr) => score(lhr, 'performance')));
      const scripts = downloadedScriptsKb(medianRunOf(runs));
      const medianRun = medianRunOf(runs);
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, median(runs.map((lhr) => score(lhr, c)))]),
      ) as Record<(typeof CATEGORIES)[number], number>;
      const metrics = {
        fcp: ms(medianRun, 'first-contentful-paint'),
        lcp: ms(medianRun, 'largest-contentful-paint'),
        tbt: ms(medianRun, 'total-blocking-time'),
        cls: (medianRun.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
        si: ms(medianRun, 'speed-index'),
      };
      const failing = failingAudits(runs);
      rows.push([
        page,
        ...CATEGORIES.map((c) => String(scores[c])),
        String(ceiling),
        `${scripts.kb} (${scripts.files})`,
        String(metrics.fcp),
        String(metrics.lcp),
        String(metrics.tbt),
        metrics.cls,
        String(metrics.si),
        failing.join(', ') || '-',
      ]);
      for (const category of CATEGORIES) {
        budgets.push({
          name: `${page} ${category}`,
          target: `>= ${TARGETS[category]}`,
          measured: `${scores[category]} (runs: ${runs.map((lhr) => score(lhr, category)).join(', ')})`,
          pass: scores[category] >= TARGETS[category],
        });
      }
      budgets.push(
        {
          name: `${page} JavaScript downloaded, idle loading included (gzip)`,
          target: `<= ${scriptBudgetKb(page)} kB`,
          measured: `${scripts.kb} kB in ${scripts.files} files`,
          pass: scripts.kb <= scriptBudgetKb(page),
        },
        {
          name: `${page} largest contentful paint`,
          target: `<= ${LCP_MAX_MS} ms`,
          measured: `${metrics.lcp} ms`,
          pass: metrics.lcp <= LCP_MAX_MS,
        },
        {
          name: `${page} total blocking time`,
          target: `<= ${TBT_MAX_MS} ms`,
          measured: `${metrics.tbt} ms`,
          pass: metrics.tbt <= TBT_MAX_MS,
        },
        {
          name: `${page} cumulative layout shift`,
          target: '0',
          measured: metrics.cls,
          pass: Number(metrics.cls) === 0,
        },
      );
      data[page] = {
        scores,
        ceiling,
        scripts,
        metrics,
        failing,
        runs: runs.map((lhr) => CATEGORIES.map((c) => score(lhr, c))),
      };
      const name = page === '/' ? 'home' : page.slice(1).replace(/\/$/, '').replace(/\//g, '-');
      writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(medianRun));
      console.log(`lighthouse ${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return {
    name: `Lighthouse (mobile, median of ${runCount})`,
    tables: [
      {
        title: `Lighthouse ${runCount} runs per page, mobile profile (simulated slow 4G, 4x CPU slowdown)`,
        columns: [
          'page',
          'perf',
          'a11y',
          'best pr.',
          'SEO',
          'perf, no script',
          'JS kB gzip (files)',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'SI ms',
          'audits below 90',
        ],
        rows,
        notes: [
          'Scores: median per category; metrics: Lighthouse’s median run (by FCP and TTI).',
          'perf, no script: the same page with every script refused, median of as many runs (the ceiling).',
          'JS: the build files of the scripts the median run downloaded, gzip -9.',
        ],
      },
    ],
    budgets,
    data,
  };
}
