import type { Language } from './constants';
import type { LegalPublisher } from './legal-publisher';

/**
 * What the server and the web build's server entry say to each other when a page is drawn on
 * the server (docs/decisions/023-pages-drawn-on-the-server.md): the server loads the built
 * entry and calls its `render` with a RenderInput; the entry answers a RenderResult. Both sides
 * import these types from here, as neither may import the other's source.
 */

export interface RenderInput {
  /** The path and query of the page, as requested. */
  url: string;
  /** The site's public origin, for absolute addresses (canonical, hreflang). */
  origin: string;
  /** The SUPPORT_EMAIL setting: the pages show the address e-mails and invoices give. */
  supportEmail: string;
  /** The SELLER_* settings: the legal pages name the company the invoices name. */
  publisher: LegalPublisher;
  /** GET on this server's own API, answering the parsed JSON body. */
  fetchJson: (path: string, language: Language) => Promise<unknown>;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      language: Language;
      head: string;
      body: string;
      /** The application's state; empty for a page with islands, which needs none. */
      state: string;
      /** The public pages wake their islands; the others hydrate the whole application. */
      scripts: 'islands' | 'application';
    };

/** The function the built entry exports under the name `render`. */
export type RenderPage = (input: RenderInput) => Promise<RenderResult>;
