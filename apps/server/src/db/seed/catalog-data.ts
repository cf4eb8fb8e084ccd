import type { licenseTemplates } from '../schema/catalog';

/**
 * Demo catalogue of Cadran CMS licences
 * (docs/product.md 'Pricing and the catalogue' ('Demo catalogue')): four plans, sold monthly,
 * annually and every two years, French copy first and English beside it. Yearly prices give two
 * months free; two-year prices a further discount. Setup fees only where onboarding work is real
 * (Agence monthly, Entreprise).
 */

type TemplateSeed = Omit<typeof licenseTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  seedKey: string;
};

interface Plan {
  key: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  domainLimit: number;
  installationLimit: number;
  updatePermissions: boolean;
  /**
   * What the plan offers beyond its limits: the pricing card lists domains, installations and
   * updates from their own fields, so a feature never says them again.
   */
  features: string[];
  featuresEn: string[];
  sortOrder: number;
}

const starter: Plan = {
  key: 'starter',
  name: 'Starter',
  nameEn: 'Starter',
  description:
    'Pour lancer un site professionnel sur un CMS rapide, sûr et simple à prendre en main.',
  descriptionEn: 'Launch a professional website on a fast, secure CMS that is easy to learn.',
  domainLimit: 1,
  installationLimit: 1,
  updatePermissions: false,
  features: [
    'Éditeur de pages visuel et blocs réutilisables',
    'Médiathèque avec recadrage et conversion WebP',
    'SEO intégré : balises, sitemap XML, redirections',
    'Sauvegardes automatiques quotidiennes',
    'Support par e-mail sous 48 h ouvrées',
  ],
  featuresEn: [
    'Visual page editor and reusable blocks',
    'Media library with cropping and WebP conversion',
    'Built-in SEO: meta tags, XML sitemap, redirects',
    'Automatic daily backups',
    'Email support within 48 business hours',
  ],
  sortOrder: 10,
};

const pro: Plan = {
  key: 'pro',
  name: 'Pro',
  nameEn: 'Pro',
  description:
    'Pour les PME qui publient souvent, en plusieurs langues, avec une équipe éditoriale.',
  descriptionEn:
    'For growing businesses that publish often, in several languages, with an editorial team.',
  domainLimit: 3,
  installationLimit: 3,
  updatePermissions: true,
  features: [
    'Sites multilingues (jusqu’à 5 langues)',
    'Rôles et permissions éditoriales',
    'Workflow de validation et publication planifiée',
    'Formulaires avec export CSV',
    'Support prioritaire sous 24 h ouvrées',
  ],
  featuresEn: [
    'Multilingual sites (up to 5 languages)',
    'Editorial roles and permissions',
    'Review workflow and scheduled publishing',
    'Forms with CSV export',
    'Priority support within 24 business hours',
  ],
  sortOrder: 20,
};

const agence: Plan = {
  key: 'agence',
  name: 'Agence',
  nameEn: 'Agency',
  description: 'Pour les agences web qui créent et maintiennent les sites de leurs clients.',
  descriptionEn: "For web agencies that build and maintain their clients' websites.",
  domainLimit: 10,
  installationLimit: 10,
  updatePermissions: true,
  features: [
    'Tableau de bord multi-sites',
    'Gestion des clients et facturation intégrée',
    'Interface d’administration en marque blanche',
    'API REST et webhooks',
    'Environnements de préproduction',
    'Support prioritaire et formation de votre équipe',
  ],
  featuresEn: [
    'Multi-site dashboard',
    'Built-in client management and billing',
    'White-label administration interface',
    'REST API and webhooks',
    'Staging environments',
    'Priority support and onboarding for your team',
  ],
  sortOrder: 30,
};

const entreprise: Plan = {
  key: 'entreprise',
  name: 'Entreprise',
  nameEn: 'Enterprise',
  description:
    'Pour les organisations aux exigences élevées de sécurité, de conformité et de disponibilité.',
  descriptionEn:
    'For organisations with demanding security, compliance and availability requirements.',
  domainLimit: 50,
  installationLimit: 100,
  updatePermissions: true,
  features: [
    'Authentification unique SAML et OpenID Connect',
    'Journal d’audit avec durée de conservation configurable',
    'Haute disponibilité et réplication PostgreSQL',
    'Accompagnement à la migration de vos contenus',
    'Interlocuteur technique dédié',
    'Disponibilité garantie de 99,9 % (SLA)',
    'Support 24/7 pour les incidents critiques',
  ],
  featuresEn: [
    'Single sign-on with SAML and OpenID Connect',
    'Audit log with configurable retention',
    'High availability and PostgreSQL replication',
    'Assisted migration of your content',
    'Dedicated technical contact',
    '99.9% uptime guarantee (SLA)',
    '24/7 support for critical incidents',
  ],
  sortOrder: 40,
};

interface Offer {
  cycle: 'monthly' | 'annually' | 'biennially';
  price: number;
  setupFee: number;
  renewal: number;
  featured?: boolean;
  active?: boolean;
}

const offer = (plan: Plan, o: Offer): TemplateSeed => ({
  seedKey: `${plan.key}-${o.cycle}`,
  name: plan.name,
  nameEn: plan.nameEn,
  description: plan.description,
  descriptionEn: plan.descriptionEn,
  priceCents: o.price,
  setupFeeCents: o.setupFee,
  renewalPriceCents: o.renewal,
  billingCycle: o.cycle,
  domainLimit: plan.domainLimit,
  installationLimit: plan.installationLimit,
  sortOrder: plan.sortOrder,
  isFeatured: o.featured ?? false,
  updatePermissions: plan.updatePermissions,
  features: plan.features,
  featuresEn: plan.featuresEn,
  isActive: o.active ?? true,
});

/** Amounts in cents. */
export const DEMO_TEMPLATES: readonly TemplateSeed[] = [
  offer(starter, { cycle: 'monthly', price: 1900, setupFee: 0, renewal: 1900 }),
  offer(pro, { cycle: 'monthly', price: 4900, setupFee: 0, renewal: 4900 }),
  offer(agence, { cycle: 'monthly', price: 11_900, setupFee: 4900, renewal: 11_900 }),
  offer(starter, { cycle: 'annually', price: 19_000, setupFee: 0, renewal: 19_000 }),
  offer(pro, { cycle: 'annually', price: 49_000, setupFee: 0, renewal: 49_000, featured: true }),
  offer(agence, {
    cycle: 'annually',
    price: 119_000,
    setupFee: 0,
    renewal: 119_000,
    featured: true,
  }),
  offer(entreprise, {
    cycle: 'annually',
    price: 299_000,
    setupFee: 49_000,
    renewal: 269_000,
    featured: true,
  }),
  offer(pro, { cycle: 'biennially', price: 89_000, setupFee: 0, renewal: 89_000 }),
  offer(agence, { cycle: 'biennially', price: 214_000, setupFee: 0, renewal: 214_000 }),
  offer(entreprise, { cycle: 'biennially', price: 539_000, setupFee: 49_000, renewal: 499_000 }),
  // Retired offer kept for tests and for old orders that point to it: never listed.
  offer(
    {
      ...starter,
      key: 'solo',
      name: 'Solo (ancienne offre)',
      nameEn: 'Solo (legacy plan)',
      description: 'Ancienne offre mono-site, remplacée par Starter.',
      descriptionEn: 'Former single-site plan, replaced by Starter.',
      sortOrder: 5,
    },
    { cycle: 'annually', price: 9900, setupFee: 0, renewal: 9900, active: false },
  ),
];
