/**
 * zod compiles object parsers with `new Function` once it has probed that eval is allowed.
 * Under our CSP (`script-src 'self'`, no 'unsafe-eval') the probe is refused, and although
 * zod swallows the error, the browser reports a CSP violation on every page that validates an
 * answer (a best-practices failure in Lighthouse, docs/quality.md). zod reads its global settings
 * from `globalThis.__zod_globalConfig`; creating it here, before any zod chunk loads, turns the JIT
 * and its probe off without shipping zod on the first page.
 */

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function disableZodJit(): void {
  // Mutated, not replaced: a zod already loaded keeps a reference to this very object.
  const config = (globalThis.__zod_globalConfig ??= {});
  config.jitless = true;
}
