import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
