import type { User } from '@app/shared/forms';

export type StatusFilter = 'all' | 'active' | 'inactive';
export type GroupFilter = 'all' | 'admin' | 'staff';

export interface UserFilters {
  search: string;
  status: StatusFilter;
  group: GroupFilter;
}

export const NO_FILTERS: UserFilters = { search: '', status: 'all', group: 'all' };

export function hasActiveFilter(filters: UserFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all' || filters.group !== 'all';
}

/** Case-insensitive substring match on email or full name; status and group narrow further. */
export function filterUsers(users: readonly User[], { search, status, group }: UserFilters): User[] {
  const needle = search.trim().toLowerCase();
  return users.filter((user) => {
    if (needle && !user.email.toLowerCase().includes(needle) && !user.full_name.toLowerCase().includes(needle)) return false;
    if (status === 'active' && !user.is_active) return false;
    if (status === 'inactive' && user.is_active) return false;
    if (group === 'admin' && !user.is_admin) return false;
    if (group === 'staff' && !user.is_staff) return false;
    return true;
  });
}

export interface UserCounts {
  total: number;
  active: number;
  admins: number;
  staff: number;
  inactive: number;
}

export function countUsers(users: readonly User[]): UserCounts {
  const active = users.filter((user) => user.is_active).length;
  return {
    total: users.length,
    active,
    admins: users.filter((user) => user.is_admin).length,
    staff: users.filter((user) => user.is_staff).length,
    inactive: users.length - active,
  };
}
