import type { Page } from '@playwright/test';
import type { Lang } from '../support/fixtures';

export { findOutboxMail, uniqueMarker } from '../support/outbox';

// Texts and helpers of marketing.spec.ts: what a visitor reads, in both languages.

export const text = {
  fr: {
    showcase: 'Aperçu de l’interface de Cadran CMS',
    screens: ['Tableau de bord', 'Clients', 'Licences', 'Facturation'],
    pause: 'Mettre en pause',
    resume: 'Reprendre',
    next: 'Écran suivant',
    previous: 'Écran précédent',
    enlarge: (name: string) => `Agrandir l’écran « ${name} »`,
    close: 'Fermer',
    featured: 'Les licences les plus choisies',
    name: 'Nom',
    email: 'E-mail',
    company: 'Entreprise (facultatif)',
    subject: 'Sujet',
    message: 'Message',
    send: 'Envoyer le message',
    demo: 'Demande de démonstration',
    errors: {
      name: 'Le nom est requis',
      email: 'L’email est requis',
      emailFormat: 'Format d’email invalide',
      subject: 'Le sujet est requis',
      message: 'Le message est requis',
      messageShort: 'Le message doit contenir au moins 10 caractères',
    },
    sent: 'Message envoyé avec succès !',
    rateLimited: /plusieurs messages en peu de temps/,
    newsletterEmail: 'Adresse e-mail',
    subscribe: 'S’abonner',
    subscribed: /^Inscription réussie\u202f!/,
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
