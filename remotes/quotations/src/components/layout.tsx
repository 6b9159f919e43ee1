import styled from 'styled-components';

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

/** Card header: avatar, title block, then the card menu pushed to the end. */
export const StyledCardHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: 1.05rem; margin: 0; overflow-wrap: anywhere; }
  > :nth-child(2) { flex: 1; min-width: 0; }
`;

export const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 0.9rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;
