import type { roadmapItems } from '../schema/roadmap';

type RoadmapSeed = Omit<typeof roadmapItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  seedKey: string;
};

/**
 * Demo public roadmap (docs/product.md 'Roadmap'): items in the three columns, French and English
 * copy. Categories are stable keys ('editor', 'security'...) that the web app translates for its
 * badge. The last item is internal (is_public false) and must never appear on the public page.
 */
export const DEMO_ROADMAP: readonly RoadmapSeed[] = [
  {
    seedKey: 'realtime-collaboration',
    title: 'Édition collaborative en temps réel',
    titleEn: 'Real-time collaborative editing',
    description:
      'Plusieurs rédacteurs sur la même page, avec curseurs partagés et verrouillage par bloc.',
    descriptionEn: 'Several editors on the same page, with shared cursors and per-block locking.',
    category: 'editor',
    status: 'planned',
    sortOrder: 10,
  },
  {
    seedKey: 'wordpress-import',
    title: 'Import depuis WordPress',
    titleEn: 'WordPress import',
    description: 'Reprise des pages, articles, médias et redirections depuis un export WordPress.',
    descriptionEn: 'Bring over pages, posts, media and redirects from a WordPress export.',
    category: 'integrations',
    status: 'planned',
    sortOrder: 20,
  },
  {
    seedKey: 'mobile-app',
    title: 'Application mobile de publication',
    titleEn: 'Mobile publishing app',
    description: null,
    descriptionEn: null,
    category: 'mobile',
    status: 'planned',
    sortOrder: 30,
  },
  {
    seedKey: 'multilingual-search',
    title: 'Recherche plein texte multilingue',
    titleEn: 'Multilingual full-text search',
    description:
      'Recherche instantanée dans les contenus, tolérante aux fautes de frappe et aux accents.',
    descriptionEn: 'Instant search across content, tolerant of typos and accents.',
    category: 'search',
    status: 'in_progress',
    sortOrder: 10,
  },
  {
    seedKey: 'accessibility-checker',
    title: 'Assistant d’accessibilité RGAA',
    titleEn: 'Accessibility checker (WCAG)',
    description: 'Contrôle des contrastes, des textes alternatifs et des titres avant publication.',
    descriptionEn: 'Checks contrast, alternative text and headings before publishing.',
    category: 'accessibility',
    status: 'in_progress',
    sortOrder: 20,
  },
  {
    seedKey: 'two-factor-auth',
    title: 'Authentification à deux facteurs',
    titleEn: 'Two-factor authentication',
    description: 'Codes TOTP et clés de sécurité WebAuthn pour tous les comptes d’administration.',
    descriptionEn: 'TOTP codes and WebAuthn security keys for every administration account.',
    category: 'security',
    status: 'done',
    sortOrder: 10,
  },
  {
    seedKey: 'avif-media',
    title: 'Images AVIF et WebP automatiques',
    titleEn: 'Automatic AVIF and WebP images',
    description: 'Chaque image est servie dans le format le plus léger accepté par le navigateur.',
    descriptionEn: 'Every image is served in the lightest format the browser accepts.',
    category: 'performance',
    status: 'done',
    sortOrder: 20,
  },
  {
    seedKey: 'scheduled-publishing',
    title: 'Publication planifiée',
    titleEn: 'Scheduled publishing',
    description: null,
    descriptionEn: null,
    category: null,
    status: 'done',
    sortOrder: 30,
  },
  {
    seedKey: 'billing-engine-rewrite',
    title: 'Refonte interne du moteur de facturation',
    titleEn: 'Internal billing engine rewrite',
    description: 'Chantier interne, non annoncé publiquement.',
    descriptionEn: 'Internal work, not announced publicly.',
    category: 'billing',
    status: 'in_progress',
    isPublic: false,
    sortOrder: 90,
  },
];
