import styled from 'styled-components';

/** The row above a list of cards: its search, its filters and their buttons, wrapping on a phone. */
export const ListToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** One filter's select in a list's toolbar. */
export const ListFilter = styled.div`
  flex: 0 1 12rem;
  min-width: 9rem;
`;
