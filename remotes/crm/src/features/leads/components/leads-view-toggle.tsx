import styled from 'styled-components';
import { Button } from '@app/shared';
import type { LeadsView } from '../hooks/use-leads-view';

const StyledGroup = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const LABELS: Record<LeadsView, string> = { list: 'List', board: 'Board' };

export function LeadsViewToggle({ view, onChange }: { view: LeadsView; onChange: (view: LeadsView) => void }) {
  return (
    <StyledGroup role="group" aria-label="Leads view">
      {(Object.keys(LABELS) as LeadsView[]).map((option) => (
        <Button key={option} $variant={option === view ? 'primary' : 'secondary'} aria-pressed={option === view} onClick={() => onChange(option)}>
          {LABELS[option]}
        </Button>
      ))}
    </StyledGroup>
  );
}
