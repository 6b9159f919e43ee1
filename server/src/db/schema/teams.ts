import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantId, users } from './tenancy';

/** A tenant's team: its members see each other's records when their visibility is `team`. */
export const teams = pgTable(
  'teams',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('teams_id_idx').on(t.id),
    uniqueIndex('teams_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Who is in which team; the key makes a user a member of at most one team per tenant. */
export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: tenantId(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id], name: 'team_members_team_fk' }).onDelete('cascade'),
    index('team_members_team_idx').on(t.tenantId, t.teamId),
    index('team_members_user_idx').on(t.userId),
  ],
);
