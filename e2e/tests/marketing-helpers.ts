import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Lang } from '../support/fixtures';

// Texts and helpers of marketing.spec.ts: what a visitor reads, in both languages, and the
// outbox of the e2e server, where the mails it sends land.

export const text = {
  fr: {
    showcase: "Aperçu de l'interface de Cadran CMS",
    screens: ['Tableau de bord', 'Clients', 'Licences', 'Facturation'],
    pause: 'Mettre en pause',
    resume: 'Reprendre',
    next: 'Écran suivant',
    previous: 'Écran précédent',
    enlarge: (name: string) => `Agrandir l'écran « ${name} »`,
    close: 'Fermer',
    featured: 'Les licences les plus choisies',
    name: 'Nom',
    email: 'Email',
    company: 'Entreprise (facultatif)',
    subject: 'Sujet',
    message: 'Message',
    send: 'Envoyer le message',
    demo: 'Demande de démonstration',
    errors: {
      name: 'Le nom est requis',
      email: "L'email est requis",
      emailFormat: "Format d'email invalide",
      subject: 'Le sujet est requis',
      message: 'Le message est requis',
      messageShort: 'Le message doit contenir au moins 10 caractères',
    },
    sent: 'Message envoyé avec succès !',
    rateLimited: /plusieurs messages en peu de temps/,
    newsletterEmail: 'Adresse e-mail',
    subscribe: "S'abonner",
    subscribed: /^Inscription réussie !/,
    confirmed: 'Inscription confirmée',
    invalidLink: 'Lien invalide ou expiré',
  },
  en: {
    showcase: 'Preview of the Cadran CMS interface',
    screens: ['Dashboard', 'Clients', 'Licences', 'Billing'],
    pause: 'Pause',
    resume: 'Resume',
    next: 'Next screen',
    previous: 'Previous screen',
    enlarge: (name: string) => `Enlarge the “${name}” screen`,
    close: 'Close',
    featured: 'Our most popular licences',
    name: 'Name',
    email: 'Email',
    company: 'Company (optional)',
    subject: 'Subject',
    message: 'Message',
    send: 'Send the message',
    demo: 'Demo request',
    errors: {
      name: 'Name is required',
      email: 'Email is required',
      emailFormat: 'Invalid email format',
      subject: 'Subject is required',
      message: 'Message is required',
      messageShort: 'Message must be at least 10 characters long',
    },
    sent: 'Message sent successfully!',
    rateLimited: /several messages in a short time/,
    newsletterEmail: 'Email address',
    subscribe: 'Subscribe',
    subscribed: /^Subscribed successfully!/,
    confirmed: 'Subscription confirmed',
    invalidLink: 'Invalid or expired link',
  },
} as const;

/** Quoted-printable, as nodemailer writes the .eml files of the outbox. */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * The outbox mail containing `marker`. The e2e server writes its outbox under a fresh
 * cadran-e2e-* data folder in the temp directory (support/start-server.ts); the marker is
 * unique per test, so parallel runs never mix their mails.
 */
export async function findOutboxMail(marker: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const roots = (await readdir(tmpdir())).filter((name) => name.startsWith('cadran-e2e-'));
    for (const root of roots) {
      const outbox = path.join(tmpdir(), root, 'outbox');
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const mail = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
        if (mail.includes(marker)) return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no outbox mail contains ${marker}`);
}

export const uniqueMarker = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export async function fillContact(page: Page, lang: Lang, message: string) {
  const t = text[lang];
  await page.getByRole('textbox', { name: t.name, exact: true }).fill('  Claire Martin  ');
  await page
    .getByRole('textbox', { name: t.email, exact: true })
    .fill(' claire.martin@atelier-lumen.fr ');
  await page.getByLabel(t.company).fill('Atelier Lumen');
  await page.getByRole('combobox', { name: t.subject }).selectOption({ label: t.demo });
  await page.getByRole('textbox', { name: t.message, exact: true }).fill(message);
}
