import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@app/shared';
import { formatDate } from '@app/shared/staff';
import type { DailyRow, DayTone } from '../utils/goal-metrics';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: 0.85rem;
`;

const StyledRow = styled.li<{ $tone: DayTone }>`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  border-left: 4px solid ${({ theme, $tone }) => ({ met: theme.colors.success, partial: theme.colors.warning, none: theme.colors.danger })[$tone]};
  background: ${({ theme, $tone }) => ({ met: theme.colors.successSoft, partial: theme.colors.warningSoft, none: theme.colors.dangerSoft })[$tone]};
`;

/** Colour is never the only cue: each row also says how the day went. */
const TONE_TEXT: Record<DayTone, string> = { met: 'Target met', partial: 'Below target', none: 'No calls' };

/** Rows shown before 'Show all'. */
export const VISIBLE_DAYS = 7;

export function DailyCallsList({ rows, target }: { rows: readonly DailyRow[]; target: number }) {
  const [expanded, setExpanded] = useState(false);
  if (rows.length === 0) return null;
  const shown = expanded ? rows : rows.slice(0, VISIBLE_DAYS);
  return (
    <>
      <StyledList aria-label="Daily calls">
        {shown.map((row) => (
          <StyledRow key={row.date} $tone={row.tone} data-tone={row.tone}>
            <span>{formatDate(row.date)}</span>
            <span>
              {row.calls_made}/{target} · {TONE_TEXT[row.tone]}
            </span>
          </StyledRow>
        ))}
      </StyledList>
      {rows.length > VISIBLE_DAYS && (
        <Button $variant="ghost" $size="sm" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show fewer days' : `Show all ${rows.length} days`}
        </Button>
      )}
    </>
  );
}
