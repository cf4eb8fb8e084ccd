import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '@cadran/domain/constants';
import type { LegalPublisher } from '@cadran/domain/legal-publisher';
import type { HydrationState } from 'react-router';

/**
 * What the server hands the browser with a page it drew (docs/decisions/023-pages-drawn-on-the-server.md):
 * the data the page was drawn with and the router's state, so the first render in the browser
 * draws exactly the server's HTML. It travels as a JSON data block (`type="application/json"`),
 * which the browser never runs: the strict CSP needs no nonce or hash for it.
 */
export interface SsrState {
  /** The public origin the page's absolute addresses were written with. */
  origin: string;
  /** The server's support address setting, which the pages show (lib/support-email.ts). */
  supportEmail: string;
  /** The server's seller settings, which the legal pages name (lib/publisher.ts). */
  publisher: LegalPublisher;
  language: Language;
  queries: DehydratedState;
  router: HydrationState;
}

export const SSR_STATE_ID = 'ssr-state';

/** JSON safe inside a <script> element: no `<` can close it or open a comment. */
export const serializeSsrState = (state: SsrState): string =>
  JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function readSsrState(): SsrState | null {
  const node = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID);
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as SsrState;
  } catch {
    return null;
  }
}
