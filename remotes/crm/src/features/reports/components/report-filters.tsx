import styled from 'styled-components';
import { SelectField, TextField } from '@app/shared';
import type { ReportFilters } from '../api/report-query';

const StyledFilters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

const StyledError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export interface ReportFiltersProps {
  value: ReportFilters;
  onChange: (change: Partial<ReportFilters>) => void;
  error?: string;
  /** The tenant's users, besides Mine and Unassigned. */
  users: readonly { id: string; name: string }[];
  /** Shown only when the tenant has teams. */
  teams: { id: string; name: string }[];
}

/** Date range, owner and team: every report below follows them. */
export function ReportFiltersBar({ value, onChange, error, users, teams }: ReportFiltersProps) {
  return (
    <>
      <StyledFilters role="group" aria-label="Report filters">
        <TextField
          label="From"
          type="date"
          value={value.from ?? ''}
          onChange={(event) => onChange({ from: event.target.value })}
          hint="Empty: 12 months back"
        />
        <TextField label="To" type="date" value={value.to ?? ''} onChange={(event) => onChange({ to: event.target.value })} hint="Empty: today" />
        <SelectField label="Owner" value={value.owner_id ?? ''} onChange={(event) => onChange({ owner_id: event.target.value })}>
          <option value="">Any owner</option>
          <option value="me">Mine</option>
          <option value="none">Unassigned</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </SelectField>
        {teams.length > 0 && (
          <SelectField label="Team" value={value.team_id ?? ''} onChange={(event) => onChange({ team_id: event.target.value })}>
            <option value="">Any team</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
        )}
      </StyledFilters>
      {error && <StyledError role="alert">{error}</StyledError>}
    </>
  );
}
