import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantId, users } from './tenancy';

/** A list's or the board's search, filters and sort saved under a name; shared ones are offered to the saver's team. */
export const savedViews = pgTable(
  'saved_views',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    target: text('target').$type<'prospects' | 'leads' | 'board'>().notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('saved_views_target_valid', sql`${t.target} in ('prospects', 'leads', 'board')`),
    index('saved_views_id_idx').on(t.id),
    uniqueIndex('saved_views_user_target_name_unique').on(t.tenantId, t.userId, t.target, sql`lower(${t.name})`),
    index('saved_views_shared_idx')
      .on(t.tenantId, t.target)
      .where(sql`${t.shared}`),
  ],
);
