import styled from 'styled-components';
import { Button } from '@app/shared';

/** The list of a Manage … dialog (statuses, stages, teams): one bordered row per item, its actions at the end. */
export const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

export const StyledRow = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  h3 { font-size: 1rem; margin: 0; overflow-wrap: anywhere; }
  > div:first-child { flex: 1; min-width: 0; }
`;

export const StyledRowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
`;

export const StyledHeaderRow = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** A row's Edit and Delete buttons, each naming the item for screen readers. */
export function RowEditDelete({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <StyledRowActions>
      <Button $variant="ghost" $size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button $variant="ghost" $size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </StyledRowActions>
  );
}
