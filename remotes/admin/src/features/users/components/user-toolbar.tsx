import styled from 'styled-components';
import { SearchField, SelectField } from '@app/shared';
import type { GroupFilter, StatusFilter, UserFilters } from '../utils/user-filters';

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const StyledFilter = styled.div`
  flex: 1 1 9rem;
  max-width: 14rem;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { max-width: none; }
`;

export interface UserToolbarProps {
  filters: UserFilters;
  onChange: (change: Partial<UserFilters>) => void;
}

export function UserToolbar({ filters, onChange }: UserToolbarProps) {
  return (
    <StyledToolbar>
      <SearchField
        label="Search users by email or full name"
        placeholder="Search by email or name..."
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
      />
      <StyledFilter>
        <SelectField label="Status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as StatusFilter })}>
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
      </StyledFilter>
      <StyledFilter>
        <SelectField label="Group" value={filters.group} onChange={(event) => onChange({ group: event.target.value as GroupFilter })}>
          <option value="all">All groups</option>
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
        </SelectField>
      </StyledFilter>
    </StyledToolbar>
  );
}
