import { useMemo, useState } from 'react';
import type { User } from '@app/shared/forms';
import { filterUsers, hasActiveFilter, NO_FILTERS, type UserFilters } from '../utils/user-filters';

export function useUserFilters(users: readonly User[]) {
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const shown = useMemo(() => filterUsers(users, filters), [users, filters]);
  const update = (change: Partial<UserFilters>) => setFilters((current) => ({ ...current, ...change }));
  return { filters, update, shown, filtering: hasActiveFilter(filters) };
}
