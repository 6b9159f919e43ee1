import { z } from 'zod';
import { tenantIdSchema } from './crm-common';

export const TEAM_NAME_MAX_LENGTH = 100;
/** A team is a group of people, not a directory: more members than this is a mistake. */
export const TEAM_MEMBERS_MAX = 500;
export const TEAM_NAME_REQUIRED = 'Team name is required. Please enter a name for the team.';

/**
 * A tenant's team. A user is in at most one team per tenant; with visibility `team` they see the
 * records owned by anyone in it.
 */
export const teamSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  name: z.string(),
  /** The members' user ids, in no particular order. */
  member_ids: z.array(z.uuid()),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.array(teamSchema);

const teamNameSchema = z
  .string({ error: TEAM_NAME_REQUIRED })
  .trim()
  .min(1, TEAM_NAME_REQUIRED)
  .max(TEAM_NAME_MAX_LENGTH, `name: must be at most ${TEAM_NAME_MAX_LENGTH} characters`);

/** Each id once; a repeated id is the same member. */
const memberIdsSchema = z
  .array(
    z.uuid('member_ids: each must be a valid user id').transform((id) => id.toLowerCase()),
    { error: 'member_ids: must be a list of user ids' },
  )
  .max(TEAM_MEMBERS_MAX, `member_ids: at most ${TEAM_MEMBERS_MAX} members`)
  .transform((ids) => [...new Set(ids)]);

export const createTeamSchema = z.object({
  tenant_id: tenantIdSchema,
  name: teamNameSchema,
  member_ids: memberIdsSchema.default([]),
});
export type CreateTeamInput = z.input<typeof createTeamSchema>;
export type CreateTeam = z.output<typeof createTeamSchema>;

/** PUT is partial: a name or member list left out keeps its value; member_ids replaces the whole list. */
export const updateTeamSchema = z.object({
  name: teamNameSchema.optional(),
  member_ids: memberIdsSchema.optional(),
});
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;
export type UpdateTeam = z.output<typeof updateTeamSchema>;
