import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * A remote version that failed in someone's browser (its files did not load, its module threw, its
 * page crashed), as the shell reported it before falling back. Its distinct reporters per version
 * over a day are counted on the Releases page; no tenant (visitors report too) and no stack trace, only a short message.
 */
export const releaseFailures = pgTable(
  'release_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    phase: text('phase').notNull(),
    message: text('message').notNull(),
    /** Who reported it: "user:<id>" when signed in, else "address:<keyed hash of the client address>"; null for reports older than the column. */
    reporter: text('reporter'),
  },
  (t) => [index('release_failures_remote_created_idx').on(t.remote, t.createdAt)],
);
