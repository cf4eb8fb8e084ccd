// Temporary measuring script (not committed): JS a Chromium downloads per page, at load + idle.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startCadranServer } from './lib/server';
import { WEB_DIST } from './lib/paths';

const pages = process.argv.slice(2);
const server = await startCadranServer({ env: { LOG_LEVEL: 'warn', BANK_IBAN: 'FR7630006000011234567890189', BANK_BIC: 'AGRIFRPPXXX', BANK_HOLDER: 'Cadran SAS', PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_IN_PRODUCTION: 'i-accept-unpaid-orders' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const scripts = new Set<string>();
    const messages: string[] = [];
    tab.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`); });
    tab.on('request', (r) => { if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname); });
    await tab.goto(server.url + page, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(3000);
    await tab.waitForLoadState('networkidle');
    let bytes = 0;
    const list: string[] = [];
    for (const s of scripts) {
      const file = path.join(WEB_DIST, s);
      if (existsSync(file)) { const n = gzipSync(readFileSync(file), { level: 9 }).length; bytes += n; list.push(`${path.basename(s)} ${(n / 1000).toFixed(1)}`); }
    }
    console.log(`${page}\t${(bytes / 1000).toFixed(1)} kB\t${scripts.size} files\t${messages.join(' | ')}`);
    if (process.env.LIST) console.log('   ' + list.join('\n   '));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
