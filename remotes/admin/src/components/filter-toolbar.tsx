import styled from 'styled-components';

/** The row of search and filters above an admin list; it wraps on narrow screens. */
export const StyledFilterToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** One filter of the toolbar: narrow on a desktop, full width on a phone. */
export const StyledFilterSlot = styled.div`
  flex: 1 1 9rem;
  max-width: 14rem;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { max-width: none; }
`;
