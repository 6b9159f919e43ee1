import styled from 'styled-components';
import { scrollEdges } from '@app/shared/ui/scroll-edges';

/** The row above every list: search, filters and actions, wrapping on narrow screens. */
export const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export const StyledToolbarActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export const StyledFilter = styled.div`
  flex: 0 1 14rem;
  min-width: 10rem;
`;

export const StyledListFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export const StyledCardText = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** A table that scrolls sideways inside its border on narrow screens (keyboard-scrollable: give it tabIndex and a label). */
// Positioned, so a visually hidden header (absolutely placed) is clipped here too instead of widening the page.
export const StyledTableScroller = styled.div`
  position: relative;
  ${scrollEdges('surface')}
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Rows of text with a shaded header row. */
export const StyledDataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  th { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

// Kept under their local names so the screens read the same; the styles live in the shared kit.
export { FormError as StyledFormError, FormStack as StyledFormStack, TwoColumns as StyledTwoColumns } from '@app/shared';

/** Only a target for the pointer and the focus (to start loading what they head for): no box of its own. */
export const StyledPreloadArea = styled.div`
  display: contents;
`;
