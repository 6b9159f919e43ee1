import styled from 'styled-components';

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

export const StyledCardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  /* Cards in one row share its height. */
  > li { display: flex; min-width: 0; }
  > li > * { flex: 1; min-width: 0; }
`;

export const StyledListFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** Card header: avatar, title block, then the card menu pushed to the end. */
export const StyledCardHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
  /* The title block takes the room left, so the menu (when there is one) sits at the end and,
     without one, the title stays beside the avatar. */
  > :nth-child(2) { flex: 1; min-width: 0; }
`;

export const StyledBadges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

export const StyledFacts = styled.dl<{ $truncate?: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 0.9rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  /* On cards a long address is cut rather than broken mid-word; the details dialog shows it whole. */
  ${({ $truncate }) => ($truncate ? 'dd { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }' : '')}
`;

export const StyledCardText = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

// Kept under their local names so the screens read the same; the styles live in the shared kit.
export { FormError as StyledFormError, FormStack as StyledFormStack, TwoColumns as StyledTwoColumns } from '@app/shared';
