import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, passwordResets, refreshTokens, sessions, userGroups, users } from '../../db/schema';
import { teamMemberIdsOfUser, teamOfUser } from '../../tenancy/scope-user-sql';

export interface SessionRecord {
  sessionId: string;
  user: typeof users.$inferSelect;
  groupNames: string[];
  /** The user's team in their home tenant, and everyone in it (the user included). */
  teamId: string | null;
  teamMemberIds: string[];
}

// The user's team and its members, read with the session: visibility `team` needs them on every request.
const teamId = teamOfUser(users.id, users.tenantId);
const teamMemberIds = teamMemberIdsOfUser(users.id, users.tenantId);

export function sessionsRepository(db: DbOrTx) {
  return {
    async create(userId: string, expiresAt: Date): Promise<string> {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
      return row.id;
    },

    /** The session with its user and group names, if neither revoked, expired nor deactivated: one query per request. */
    async findActive(sessionId: string, userId: string, now = new Date()): Promise<SessionRecord | undefined> {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          user: users,
          groupNames: sql<string[]>`coalesce(array_agg(${groups.name} order by ${groups.name}) filter (where ${groups.name} is not null), '{}')`,
          teamId,
          teamMemberIds,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(userGroups, eq(userGroups.userId, users.id))
        .leftJoin(groups, eq(groups.id, userGroups.groupId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.isActive, true)))
        .groupBy(sessions.id, users.id)
        .limit(1);
      return row;
    },

    async revoke(sessionId: string, now = new Date()): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every open session of the user, or every one but `keep` (the session changing the password); answers how many. */
    async revokeAllOfUser(userId: string, keep?: string, now = new Date()): Promise<number> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}

/** What presenting a refresh token found. */
export type SpentRefreshToken =
  /** First use: the token is spent now; its session may still have ended (revoked, expired, user deactivated). */
  | { kind: 'spent'; sessionId: string; userId: string; sessionExpiresAt: Date }
  /** Spent before: whoever presents it copied it. */
  | { kind: 'reused'; sessionId: string; userId: string; email: string; tenantId: string | null }
  | { kind: 'unknown' };

export function refreshTokensRepository(db: DbOrTx) {
  return {
    async issue(sessionId: string, tokenHash: string): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash });
    },

    /** Marks the token used; the WHERE makes it single-use under races, so of two refreshes with one token the second is a reuse. */
    async spend(tokenHash: string, now = new Date()): Promise<SpentRefreshToken> {
      const [spent] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      const [row] = await db
        .select({ sessionId: sessions.id, userId: sessions.userId, sessionExpiresAt: sessions.expiresAt, email: users.email, tenantId: users.tenantId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (!row) return { kind: 'unknown' };
      if (spent) return { kind: 'spent', sessionId: row.sessionId, userId: row.userId, sessionExpiresAt: row.sessionExpiresAt };
      return { kind: 'reused', sessionId: row.sessionId, userId: row.userId, email: row.email, tenantId: row.tenantId };
    },
  };
}

export function passwordResetsRepository(db: DbOrTx) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
    },

    /** Marks the token used if it is still valid and returns its user; the WHERE makes it single-use under races. */
    async consume(tokenHash: string, now = new Date()): Promise<string | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      return row?.userId;
    },

    /** After a successful reset, other outstanding links of the user stop working too. */
    async invalidateAllOfUser(userId: string, now = new Date()): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },
  };
}
