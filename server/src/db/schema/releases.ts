import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The release manifest: per remote the live version, the versions live before it, the canary (share,
 * tenants) and the dated history, as packages/shared/build/release-control.cjs reads and writes it.
 * One row, so every server instance, the release commands and the Releases page change it in turn
 * under its row lock. carried_over_from names the CDN folder's manifest.json it was made from, when
 * there was one (the manifest was a file before). No tenant: it is the platform's.
 */
export const releaseManifest = pgTable(
  'release_manifest',
  {
    id: boolean('id').primaryKey().default(true),
    remotes: jsonb('remotes').notNull().default({}),
    carriedOverFrom: text('carried_over_from'),
    updatedAt: updatedAt(),
  },
  (t) => [check('release_manifest_one_row', sql`${t.id}`)],
);

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
