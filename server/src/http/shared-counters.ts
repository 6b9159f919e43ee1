import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf, toInt } from '../db/raw-sql';

export interface CounterState {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

/**
 * Security counters that every instance of the server shares (failed logins per account, calls
 * per address). Kept in the database, whose clock decides the windows, so instances with
 * drifting clocks still agree.
 */
export interface CounterStore {
  /** Counts one hit on `key`; the first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The count in the open window, without counting; none when no window is open. */
  peek(key: string): Promise<CounterState | null>;
  reset(key: string): Promise<void>;
  /** Drops every counter whose key starts with `prefix` (one account's counters from every address). */
  resetStartingWith(prefix: string): Promise<void>;
}

/** Expired rows are swept at most this often per process, so the table stays as small as the keys in use. */
const PRUNE_EVERY_MS = 60_000;

/**
 * `db` is the system's (app.ts hands it `database.asSystem(...)`): counters are kept before anyone is
 * signed in (a login, a contact form), and they belong to no tenant.
 */
export function databaseCounterStore(db: Db, now: () => number = Date.now): CounterStore {
  let prunedAt = 0;
  const prune = async () => {
    if (now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now();
    await db.execute(sql`delete from security_counters where reset_at <= now()`);
  };

  return {
    async hit(key, windowMs) {
      await prune();
      // One atomic statement: concurrent hits from several instances each see their own count.
      const [row] = rowsOf<{ count: unknown; ttl_ms: unknown }>(
        await db.execute(sql`
          insert into security_counters as c (key, count, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            count = case when c.reset_at <= now() then 1 else c.count + 1 end,
            reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
          returning count, ceil(extract(epoch from reset_at - now()) * 1000) as ttl_ms`),
      );
      return { count: toInt(row.count), ttlMs: Math.max(0, toInt(row.ttl_ms)) };
    },

    async peek(key) {
      const [row] = rowsOf<{ count: unknown; ttl_ms: unknown }>(
        await db.execute(sql`
          select count, ceil(extract(epoch from reset_at - now()) * 1000) as ttl_ms
          from security_counters where key = ${key} and reset_at > now()`),
      );
      return row ? { count: toInt(row.count), ttlMs: Math.max(0, toInt(row.ttl_ms)) } : null;
    },

    async reset(key) {
      await db.execute(sql`delete from security_counters where key = ${key}`);
    },

    async resetStartingWith(prefix) {
      // starts_with, not LIKE: an email's _ and % are not wildcards here.
      await db.execute(sql`delete from security_counters where starts_with(key, ${prefix})`);
    },
  };
}
