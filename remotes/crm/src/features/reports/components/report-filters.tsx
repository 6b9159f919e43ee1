import styled from 'styled-components';
import { SelectField, TextField } from '@app/shared';
import type { ReportFilters } from '../api/report-query';
import type { ReportFilterErrors } from '../hooks/use-report-filters';

const StyledFilters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

export interface ReportFiltersProps {
  value: ReportFilters;
  onChange: (change: ReportFilters, options?: { replace?: boolean }) => void;
  errors: ReportFilterErrors;
  /** The tenant's users, besides Mine and Unassigned. */
  users: readonly { id: string; name: string }[];
  /** Shown only when the tenant has teams (or a link names one). */
  teams: { id: string; name: string }[];
}

const UNLISTED = 'Someone not listed';

/** Date range, owner and team: every report below follows them; each field says what is wrong with it. */
export function ReportFiltersBar({ value, onChange, errors, users, teams }: ReportFiltersProps) {
  // A link may name a user or team this list does not hold (yet): the box says so rather than showing another choice.
  const unlistedOwner = value.owner_id && !['me', 'none'].includes(value.owner_id) && !users.some((user) => user.id === value.owner_id);
  const unlistedTeam = value.team_id && !teams.some((team) => team.id === value.team_id);
  return (
    <StyledFilters role="group" aria-label="Report filters">
      <TextField
        label="From"
        type="date"
        value={value.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value }, { replace: true })}
        hint="Empty: 12 months back"
        error={errors.from}
      />
      <TextField
        label="To"
        type="date"
        value={value.to ?? ''}
        onChange={(event) => onChange({ to: event.target.value }, { replace: true })}
        hint="Empty: today"
        error={errors.to}
      />
      <SelectField label="Owner" value={value.owner_id ?? ''} onChange={(event) => onChange({ owner_id: event.target.value })} error={errors.owner_id}>
        <option value="">Any owner</option>
        <option value="me">Mine</option>
        <option value="none">Unassigned</option>
        {users.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
        {unlistedOwner && <option value={value.owner_id}>{UNLISTED}</option>}
      </SelectField>
      {(teams.length > 0 || value.team_id) && (
        <SelectField label="Team" value={value.team_id ?? ''} onChange={(event) => onChange({ team_id: event.target.value })} error={errors.team_id}>
          <option value="">Any team</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
          {unlistedTeam && <option value={value.team_id}>{UNLISTED}</option>}
        </SelectField>
      )}
    </StyledFilters>
  );
}
