import { createUserSchema, updateUserSchema, validateWith, type CreateUserInput, type UpdateUserInput, type User, type Visibility } from '@app/shared/forms';

export interface UserFormValues {
  fullName: string;
  email: string;
  /** Required for a new user; on edit, blank keeps the current password. */
  password: string;
  /** '' for no tenant. */
  tenantId: string;
  isActive: boolean;
  isAdmin: boolean;
  isStaff: boolean;
  visibility: Visibility;
}

export type UserFormErrors = Partial<Record<'fullName' | 'email' | 'password', string>>;

export const EMPTY_USER_FORM: UserFormValues = {
  fullName: '',
  email: '',
  password: '',
  tenantId: '',
  isActive: true,
  isAdmin: false,
  isStaff: false,
  visibility: 'all',
};

export function userFormValues(user: User): UserFormValues {
  return {
    fullName: user.full_name,
    email: user.email,
    password: '',
    tenantId: user.tenant_id ?? '',
    isActive: user.is_active,
    isAdmin: user.is_admin,
    isStaff: user.is_staff,
    visibility: user.visibility,
  };
}

/** The contract the server applies to a new user, or to an edit (where a blank password keeps the current one). */
export function validateUserForm(values: UserFormValues, { passwordRequired }: { passwordRequired: boolean }): UserFormErrors {
  const input = { ...toCreateUser(values), password: values.password || undefined };
  const { errors } = passwordRequired ? validateWith(createUserSchema, input) : validateWith(updateUserSchema, input);
  const found: UserFormErrors = {};
  if (errors.email) found.email = errors.email;
  if (errors.full_name) found.fullName = errors.full_name;
  if (errors.password) found.password = errors.password;
  return found;
}

export function toCreateUser(values: UserFormValues): CreateUserInput {
  return {
    email: values.email.trim().toLowerCase(),
    full_name: values.fullName.trim(),
    password: values.password,
    tenant_id: values.tenantId || null,
    is_admin: values.isAdmin,
    is_staff: values.isStaff,
    is_active: values.isActive,
    visibility: values.visibility,
  };
}

/**
 * Only what changed: the server acts on every field it is sent (a repeated is_active: false
 * would sign the user out again), so untouched fields stay out of the body.
 */
export function toUpdateUser(user: User, values: UserFormValues): UpdateUserInput {
  const body: UpdateUserInput = {};
  const email = values.email.trim().toLowerCase();
  const fullName = values.fullName.trim();
  const tenantId = values.tenantId || null;
  if (email !== user.email) body.email = email;
  if (fullName !== user.full_name) body.full_name = fullName;
  if (tenantId !== user.tenant_id) body.tenant_id = tenantId;
  if (values.isActive !== user.is_active) body.is_active = values.isActive;
  if (values.isAdmin !== user.is_admin) body.is_admin = values.isAdmin;
  if (values.isStaff !== user.is_staff) body.is_staff = values.isStaff;
  if (values.visibility !== user.visibility) body.visibility = values.visibility;
  if (values.password) body.password = values.password;
  return body;
}
