import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { emailSchema, newPasswordSchema, visibilitySchema } from './auth';

/** The two groups every installation has; is_admin and is_staff mirror membership of them. */
export const ADMIN_GROUP = 'admin';
export const STAFF_GROUP = 'staff';

export const FULL_NAME_MAX_LENGTH = 200;

export const groupSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = z.array(groupSchema);

/** A user as the admin screens see it; never a password or its hash. */
export const userSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  full_name: z.string(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  is_staff: z.boolean(),
  tenant_id: uuidSchema.nullable(),
  created_at: timestampSchema,
  groups: z.array(groupSchema),
  visibility: visibilitySchema,
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

const fullNameSchema = z.string().trim().max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters.`);

export const createUserSchema = z.object({
  email: emailSchema,
  full_name: fullNameSchema.default(''),
  password: newPasswordSchema,
  tenant_id: uuidSchema.nullable().default(null),
  is_admin: z.boolean().default(false),
  is_staff: z.boolean().default(false),
  is_active: z.boolean().default(true),
  visibility: visibilitySchema.default('all'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

/** PUT is partial: fields left out keep their value; a password is set only when given. */
export const updateUserSchema = z.object({
  email: emailSchema.optional(),
  full_name: fullNameSchema.optional(),
  password: newPasswordSchema.optional(),
  tenant_id: uuidSchema.nullable().optional(),
  is_admin: z.boolean().optional(),
  is_staff: z.boolean().optional(),
  is_active: z.boolean().optional(),
  visibility: visibilitySchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

/** Body of PUT /auth/users/{userId}/groups: the complete list of the user's group ids. */
export const setUserGroupsSchema = z.array(uuidSchema).max(100);
export type SetUserGroups = z.infer<typeof setUserGroupsSchema>;

export const userIdParamsSchema = z.object({ userId: uuidSchema });
