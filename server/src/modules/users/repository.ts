import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, userGroups, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Users and groups are global (not tenant-owned): a user's tenant_id is only their home tenant. */
export function usersRepository(db: DbOrTx) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      const condition = exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email);
      const [row] = await db.select({ id: users.id }).from(users).where(condition).limit(1);
      return Boolean(row);
    },

    list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row;
    },

    async update(id: string, values: Partial<Omit<NewUserRow, 'id'>>): Promise<UserRow | undefined> {
      if (Object.keys(values).length === 0) return this.findById(id);
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async countActiveMembers(groupName: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .innerJoin(users, eq(users.id, userGroups.userId))
        .where(and(eq(groups.name, groupName), eq(users.isActive, true)));
      return Number(row?.n ?? 0);
    },
  };
}

export function groupsRepository(db: DbOrTx) {
  return {
    list(): Promise<GroupRow[]> {
      return db.select().from(groups).orderBy(asc(groups.name));
    },

    async findByName(name: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(groups).where(eq(groups.name, name)).limit(1);
      return row;
    },

    findByIds(ids: string[]): Promise<GroupRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(groups).where(inArray(groups.id, ids));
    },

    /**
     * Row lock on a group: changes to admin membership take it first, so two requests cannot
     * each remove a different "other" admin and leave none.
     */
    async lockByName(name: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(groups).where(eq(groups.name, name)).for('update').limit(1);
      return row;
    },

    /** Groups of each given user, by user id. */
    async forUsers(userIds: string[]): Promise<Map<string, GroupRow[]>> {
      const byUser = new Map<string, GroupRow[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return byUser;
      const rows = await db
        .select({ userId: userGroups.userId, group: groups })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(userGroups.userId, userIds))
        .orderBy(asc(groups.name));
      for (const row of rows) byUser.get(row.userId)?.push(row.group);
      return byUser;
    },

    async addMember(userId: string, groupId: string): Promise<void> {
      await db.insert(userGroups).values({ userId, groupId }).onConflictDoNothing();
    },

    async removeMember(userId: string, groupId: string): Promise<void> {
      await db.delete(userGroups).where(and(eq(userGroups.userId, userId), eq(userGroups.groupId, groupId)));
    },

    async replaceMemberships(userId: string, groupIds: string[]): Promise<void> {
      await db.delete(userGroups).where(eq(userGroups.userId, userId));
      if (groupIds.length > 0) await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
    },
  };
}
