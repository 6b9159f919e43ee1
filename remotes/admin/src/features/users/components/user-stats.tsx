import styled from 'styled-components';
import { Card } from '@app/shared';
import type { UserCounts } from '../utils/user-filters';

// Three to a row on a phone, all five in one row on a desktop.
const StyledStats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(6.25rem, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) { gap: ${({ theme }) => theme.space(3)}; }
`;

const StyledStat = styled(Card)`
  padding: ${({ theme }) => theme.space(3)};
  dt { font-size: 0.8rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: ${({ theme }) => theme.space(1)} 0 0; font-size: 1.5rem; font-weight: 700; line-height: 1.2; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(4)};
    dt { font-size: 0.85rem; }
    dd { font-size: 1.75rem; }
  }
`;

const STATS: { key: keyof UserCounts; label: string }[] = [
  { key: 'total', label: 'Total Users' },
  { key: 'active', label: 'Active' },
  { key: 'admins', label: 'Admins' },
  { key: 'staff', label: 'Staff' },
  { key: 'inactive', label: 'Inactive' },
];

export function UserStats({ counts }: { counts: UserCounts }) {
  return (
    <StyledStats aria-label="User statistics">
      {STATS.map(({ key, label }) => (
        <StyledStat key={key} data-stat={key}>
          <dt>{label}</dt>
          <dd>{counts[key].toLocaleString('en-US')}</dd>
        </StyledStat>
      ))}
    </StyledStats>
  );
}
