import type { SessionRecord } from './repository';

/** How long a verified session is trusted without asking the database again. */
export const DEFAULT_SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Verified sessions, kept a few seconds: a list page would otherwise spend a database round
 * trip per request on the token alone. Changes made in this process (logout, password change
 * or reset, deactivation, group or team changes, deletion) drop the user's entries at once; another
 * instance's changes are seen when the entry expires, at most ttlMs later.
 */
export class SessionCache {
  private readonly entries = new Map<string, { record: SessionRecord; expiresAt: number }>();
  /** Lookups under way: when an entry expires under load, its requests share one query. */
  private readonly pending = new Map<string, Promise<SessionRecord | undefined>>();

  constructor(
    private readonly ttlMs: number = DEFAULT_SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string, userId: string): SessionRecord | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now() || entry.record.user.id !== userId) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.record;
  }

  /** The cached session, or the one `load` finds (then cached); concurrent misses share one load. */
  async resolve(sessionId: string, userId: string, load: () => Promise<SessionRecord | undefined>): Promise<SessionRecord | undefined> {
    const cached = this.get(sessionId, userId);
    if (cached) return cached;
    if (this.ttlMs <= 0) return load();
    const key = `${sessionId}:${userId}`;
    let lookup = this.pending.get(key);
    if (!lookup) {
      lookup = load()
        .then((record) => {
          // Not cached if it was forgotten while the lookup ran (a logout racing the lookup).
          if (record && this.pending.get(key) === lookup) this.set(record);
          return record;
        })
        .finally(() => {
          if (this.pending.get(key) === lookup) this.pending.delete(key);
        });
      this.pending.set(key, lookup);
    }
    return lookup;
  }

  set(record: SessionRecord): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.prune();
    this.entries.set(record.sessionId, { record, expiresAt: this.now() + this.ttlMs });
  }

  forgetSession(sessionId: string): void {
    this.entries.delete(sessionId);
    for (const key of this.pending.keys()) if (key.startsWith(`${sessionId}:`)) this.pending.delete(key);
  }

  forgetUser(userId: string): void {
    this.forgetUsers([userId]);
  }

  forgetUsers(userIds: Iterable<string>): void {
    const ids = new Set(userIds);
    if (ids.size === 0) return;
    for (const [sessionId, entry] of this.entries) if (ids.has(entry.record.user.id)) this.entries.delete(sessionId);
    for (const key of this.pending.keys()) if (ids.has(key.slice(key.lastIndexOf(':') + 1))) this.pending.delete(key);
  }

  private prune() {
    const now = this.now();
    for (const [sessionId, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(sessionId);
    // Still full: drop the oldest; they are re-verified on their next request.
    for (const sessionId of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(sessionId);
    }
  }
}
