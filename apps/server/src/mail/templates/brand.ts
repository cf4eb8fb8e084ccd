import type { Language } from '@cadran/domain/constants';
import type { SellerIdentity } from '@cadran/domain/invoice';
import { pathInLanguage } from '@cadran/domain/localized-path';

/**
 * What every e-mail of the store shows besides its own message: the site (logo, links), the
 * support address and the seller's legal identity in the footer. `AppConfig` has these three
 * fields, so a module passes `app.config` or the same three values it was given.
 */
export interface MailBrand {
  /** The site's origin, without a trailing slash (`PUBLIC_URL`). */
  publicUrl: string;
  supportEmail: string;
  seller: SellerIdentity;
}

/**
 * The site's colours (apps/web/src/styles/app.css: brand, brass and the slate greys), as hex
 * values: mail clients know no CSS variables.
 */
export const mailColours = {
  brand: '#2a41d6',
  brandDark: '#1f2d8c',
  brandSoft: '#eef3ff',
  brandLine: '#dbe4ff',
  brass: '#f59e0b',
  brassSoft: '#fffaeb',
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  line: '#e2e8f0',
  page: '#f1f5f9',
  white: '#ffffff',
} as const;

/** The site's stacks; Inter is not embedded, so clients fall back to their system font. */
export const mailFonts = {
  sans: "Inter, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

/**
 * The brand's mark as a PNG the site serves (apps/web/public): many mail clients show no SVG,
 * and an image hosted at the site's address is what they all fetch.
 */
/** The logo the e-mails show, loaded by mail clients from another origin (the security headers let it). */
export const MAIL_LOGO_PATH = '/icon-192.png';

export const logoUrl = (brand: MailBrand): string => `${brand.publicUrl}${MAIL_LOGO_PATH}`;

/**
 * A public page of the site at its address in the reader's language (`/en/…` in English,
 * docs/product.md 'Languages and texts'): a mail never sends an English reader to the French
 * page. The client area and the back office follow the saved language themselves.
 */
export const sitePageUrl = (brand: Pick<MailBrand, 'publicUrl'>, lang: Language, path = '/') =>
  `${brand.publicUrl}${pathInLanguage(path, lang)}`;

/** The three fields of the brand, picked from the app's configuration or a module's options. */
export const mailBrand = ({ publicUrl, supportEmail, seller }: MailBrand): MailBrand => ({
  publicUrl,
  supportEmail,
  seller,
});
