import styled from 'styled-components';
import { wrapAnywhere } from './text-wrap';

/** A responsive grid of cards: one column on a phone, as many as fit on wider screens. */
// Cards in one row share its height.
export const CardGrid = styled.ul<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min ?? '20rem'}), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  > li { display: flex; min-width: 0; }
  > li > * { flex: 1; min-width: 0; }
`;

/** Card header: avatar, title block, then the card menu (when there is one) pushed to the end. */
// The title block takes the room left, so without a menu the title stays beside the avatar.
export const CardHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h3 { font-size: 1.05rem; margin: 0; }
  > :nth-child(2) { flex: 1; ${wrapAnywhere} }
`;

export const CardBadges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

/** Label and value pairs of a card or a details dialog. */
// On cards a long value is cut rather than broken mid-word; the details dialog shows it whole.
export const CardFacts = styled.dl<{ $truncate?: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  font-size: 0.9rem;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dt, dd { ${wrapAnywhere} }
  dd { margin: 0; }
  ${({ $truncate }) => ($truncate ? 'dd { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }' : '')}
`;
