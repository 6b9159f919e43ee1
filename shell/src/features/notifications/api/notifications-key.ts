/**
 * A user's notifications span the tenants they work in, so their cache is the user's, not a
 * tenant's: signing in as someone else never shows the last user's.
 */
export const notificationsKey = (userId: string, ...rest: string[]) => ['user', userId, 'notifications', ...rest] as const;
