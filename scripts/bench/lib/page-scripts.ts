import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';
import { WEB_DIST } from './paths';

/**
 * The JavaScript a real browser downloaded for a page during a Lighthouse run (which waits for
 * the network to go quiet, so what a page loads once idle counts too), in gzip -9 kB of the
 * build's files (docs/quality.md 'Islands'): what the budget names, whatever encoding the
 * server chose.
 */
export function downloadedScriptsKb(lhr: Result): { kb: number; files: number } {
  const details = lhr.audits['network-requests']?.details as
    { items?: Array<{ url?: string; resourceType?: string }> } | undefined;
  const scripts = (details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && typeof item.url === 'string',
  );
  return scriptsKb(scripts.map((item) => item.url as string));
}

/** The build files behind these script addresses, gzip -9, in kB (1000 bytes). */
export function scriptsKb(urls: readonly string[]): { kb: number; files: number } {
  let bytes = 0;
  for (const url of urls) {
    const file = path.join(WEB_DIST, new URL(url).pathname);
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return { kb: Math.round(bytes / 100) / 10, files: urls.length };
}

/** Budgets by page (the cart and what follows are applications; not the failure page). */
export function scriptBudgetKb(page: string): number {
  const bare = page.replace(/^\/en(?=\/|$)/, '').replace(/\?.*$/, '') || '/';
  // The failure page is a public page with islands; its order island wakes at idle.
  if (['/pricing', '/roadmap', '/contact', '/store/order/failure'].includes(bare)) return 100;
  if (bare.startsWith('/store/')) return 200;
  return 60;
}
