import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ROADMAP_STATUSES } from '@cadran/domain/roadmap-model';
import { belongsToInteger, belongsToUuid, createdAt, sqlList, updatedAt } from './columns';
import { users } from './users';

export { ROADMAP_STATUSES };

/** Public roadmap items (docs/product.md 'Roadmap'); `seed_key` as in license_templates. */
export const roadmapItems = pgTable(
  'roadmap_items',
  {
    id: serial('id').primaryKey(),
    seedKey: text('seed_key').unique(),
    title: text('title').notNull(),
    // English texts are optional: the page falls back to the French ones.
    titleEn: text('title_en'),
    description: text('description'),
    descriptionEn: text('description_en'),
    category: text('category'),
    status: text('status', { enum: ROADMAP_STATUSES }).notNull().default('planned'),
    isPublic: boolean('is_public').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('roadmap_items_status_valid', sql.raw(`status IN (${sqlList(ROADMAP_STATUSES)})`)),
    index('roadmap_items_public_idx').on(t.isPublic, t.sortOrder),
  ],
);

/** One vote per client and item: the composite key makes a double vote a conflict, not a count. */
export const roadmapVotes = pgTable(
  'roadmap_votes',
  {
    itemId: belongsToInteger('item_id', () => roadmapItems.id),
    userId: belongsToUuid('user_id', () => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('roadmap_votes_user_id_idx').on(t.userId),
  ],
);
