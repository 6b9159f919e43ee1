import { SelectField } from '@app/shared';
import { SearchField } from '@app/shared/ui/search-field';
import { StyledFilterSlot, StyledFilterToolbar } from '../../../components/filter-toolbar';
import type { GroupFilter, StatusFilter, UserFilters } from '../utils/user-filters';

export interface UserToolbarProps {
  filters: UserFilters;
  onChange: (change: Partial<UserFilters>) => void;
}

export function UserToolbar({ filters, onChange }: UserToolbarProps) {
  return (
    <StyledFilterToolbar>
      <SearchField
        label="Search users by email or full name"
        placeholder="Search by email or name..."
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
      />
      <StyledFilterSlot>
        <SelectField label="Status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as StatusFilter })}>
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
      </StyledFilterSlot>
      <StyledFilterSlot>
        <SelectField label="Group" value={filters.group} onChange={(event) => onChange({ group: event.target.value as GroupFilter })}>
          <option value="all">All groups</option>
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
        </SelectField>
      </StyledFilterSlot>
    </StyledFilterToolbar>
  );
}
