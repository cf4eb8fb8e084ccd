import type { Language } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';

/**
 * The /client page (docs/product.md 'Pages and routes' ('Outside the site: /client and /admin')):
 * the client area is a separate application outside the SPA's routing. For now it explains what
 * the area holds and links back to the site; sign-in, orders and licences arrive later.
 * Server-rendered, no script, stylesheet as a
 * file, so the strict CSP holds.
 */

interface PageCopy {
  title: string;
  description: string;
  lead: string;
  sections: { heading: string; text: string }[];
  soon: string;
  supportLead: string;
  nav: { account: string; home: string; pricing: string; contact: string };
  switchLabel: string;
  switchTo: Language;
  switchName: string;
  navLabel: string;
}

const copy: Record<Language, PageCopy> = {
  fr: {
    title: 'Espace client',
    description:
      'Espace client Cadran : vos commandes, vos licences Cadran CMS et leurs téléchargements.',
    lead: 'L’espace client réunit tout ce qui concerne vos achats Cadran CMS, au même endroit.',
    sections: [
      {
        heading: 'Vos commandes',
        text: 'Statut de chaque commande, suivi du paiement et factures à télécharger.',
      },
      {
        heading: 'Vos licences',
        text: 'Clés de licence, domaines et installations autorisés, dates de renouvellement et mises à jour incluses.',
      },
      {
        heading: 'Vos téléchargements',
        text: 'Les dernières versions de Cadran CMS couvertes par vos licences.',
      },
    ],
    soon: 'Cet espace ouvre progressivement. Vos commandes sont déjà enregistrées et vous recevez leur confirmation par e-mail.',
    supportLead: 'Une question sur une commande ou une licence ? Écrivez-nous à',
    nav: {
      account: 'Se connecter ou créer un compte',
      home: 'Retour au site',
      pricing: 'Voir les tarifs',
      contact: 'Nous contacter',
    },
    switchLabel: 'Read this page in English',
    switchTo: 'en',
    switchName: 'English',
    navLabel: 'Liens du site',
  },
  en: {
    title: 'Client area',
    description: 'Cadran client area: your orders, your Cadran CMS licences and their downloads.',
    lead: 'The client area brings everything about your Cadran CMS purchases together in one place.',
    sections: [
      {
        heading: 'Your orders',
        text: 'The status of each order, payment tracking and invoices to download.',
      },
      {
        heading: 'Your licences',
        text: 'Licence keys, allowed domains and installations, renewal dates and included updates.',
      },
      {
        heading: 'Your downloads',
        text: 'The latest Cadran CMS releases covered by your licences.',
      },
    ],
    soon: 'This area is opening step by step. Your orders are already recorded and confirmed to you by email.',
    supportLead: 'A question about an order or a licence? Write to us at',
    nav: {
      account: 'Sign in or create an account',
      home: 'Back to the website',
      pricing: 'See pricing',
      contact: 'Contact us',
    },
    switchLabel: 'Lire cette page en français',
    switchTo: 'fr',
    switchName: 'Français',
    navLabel: 'Website links',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderClientAreaPage(lang: Language, supportEmail: string): string {
  const c = copy[lang];
  const e = escapeHtml;
  const hours = `${translateMessage('support.hours', lang)} · ${translateMessage('support.reply_time', lang)}`;
  const sections = c.sections
    .map(
      (s) =>
        `      <section class="card">\n        <h2>${e(s.heading)}</h2>\n        <p>${e(s.text)}</p>\n      </section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${e(c.title)} · Cadran</title>
  <meta name="description" content="${e(c.description)}">
  <meta name="robots" content="noindex">
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/client/assets/client.css">
</head>
<body>
  <header class="bar">
    <a class="brand" href="/">Cadran</a>
    <a class="lang" href="?lang=${c.switchTo}" lang="${c.switchTo}" hreflang="${c.switchTo}" aria-label="${e(c.switchLabel)}">${e(c.switchName)}</a>
  </header>
  <main>
    <h1>${e(c.title)}</h1>
    <p class="lead">${e(c.lead)}</p>
    <div class="grid">
${sections}
    </div>
    <p class="notice">${e(c.soon)}</p>
    <p>${e(c.supportLead)} <a href="mailto:${e(supportEmail)}">${e(supportEmail)}</a>.<br><span class="muted">${e(hours)}</span></p>
    <nav aria-label="${e(c.navLabel)}">
      <ul class="links">
        <li><a class="button" href="/account">${e(c.nav.account)}</a></li>
        <li><a href="/">${e(c.nav.home)}</a></li>
        <li><a href="/pricing">${e(c.nav.pricing)}</a></li>
        <li><a href="/contact">${e(c.nav.contact)}</a></li>
      </ul>
    </nav>
  </main>
</body>
</html>
`;
}
