import styled from 'styled-components';

/** A responsive grid of cards: one column on a phone, as many as fit on wider screens. */
export const StyledCardGrid = styled.ul<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min ?? '20rem'}), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  /* Cards in one row share its height. */
  > li { display: flex; min-width: 0; }
  > li > * { flex: 1; min-width: 0; }
`;

/** Card header: avatar, title block, then whatever ends the row (a menu) pushed to the end. */
export const StyledCardHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  > div:nth-child(2) { flex: 1; min-width: 0; }
  h3 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
`;

export const StyledBadges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

export const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 0.9rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

// Kept under their local names so the screens read the same; the styles live in the shared kit.
export { FormError as StyledFormError, FormStack as StyledFormStack, TwoColumns as StyledTwoColumns } from '@app/shared';
