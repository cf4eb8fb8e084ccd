import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { logger } from '@/lib/logger';

// A screen's first render loads its code and texts on demand; on a busy two-core machine that
// may take longer than the one second `findBy…` waits by default. The wait ends as soon as the
// element is there: this bounds a slow run, it delays no test.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the router's scroll restoration and the skip link only need these to exist.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

/**
 * A console error or warning during a test fails it: React warnings (act, keys, hooks) and
 * library warnings are bugs. A test that expects one asserts on it and then calls mockClear().
 */
beforeEach(async () => {
  // Expectations are written against the French reference copy, whatever jsdom's locale.
  await i18n.changeLanguage('fr');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  // What the app logged (a failed request's warning) is sent now, to this test's fetch stand-in,
  // rather than by the logger's timer in the middle of a later test, counted among its requests.
  await logger.flush();
  const calls: unknown[][] = [
    ...vi.mocked(console.error).mock.calls.map((args: unknown[]) => ['console.error', ...args]),
    ...vi.mocked(console.warn).mock.calls.map((args: unknown[]) => ['console.warn', ...args]),
  ];
  vi.restoreAllMocks();
  localStorage.clear();
  if (calls.length > 0) {
    throw new Error(
      `Unexpected console output:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
