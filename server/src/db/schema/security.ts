import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and failed-login counters, shared by every instance of the server: a limit that each
 * process counted on its own would let N instances allow N times the limit. One row per key and
 * window; expired rows are pruned.
 */
export const securityCounters = pgTable('security_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Exports being downloaded now, counted across every instance: a lease per export and per holder
 * (`user:<id>`, `tenant:<id>`), renewed while the export runs and gone once it ends. One an instance
 * left behind (a crash) lapses at its `expires_at`.
 */
export const exportLeases = pgTable(
  'export_leases',
  {
    holder: text('holder').notNull(),
    leaseId: uuid('lease_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holder, t.leaseId] })],
);
