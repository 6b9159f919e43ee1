import type { User } from '@app/shared/forms';

/** How a member is named: their full name, else their email; an id the user list does not hold (yet) stays readable. */
export function memberName(user: Pick<User, 'full_name' | 'email'> | undefined, id: string): string {
  if (!user) return `Unknown user (${id.slice(0, 8)})`;
  return user.full_name.trim() || user.email;
}
