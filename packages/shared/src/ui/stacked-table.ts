import styled, { css } from 'styled-components';

/** Below this width a table's row is a card of label and value lines, so no column hides past the edge of a phone. */
export const STACKED_TABLE_BELOW = '599.98px';

/** A stacking table's frame: a wide table scrolls inside it; on a phone, where the rows are cards, it draws no border. */
export const StyledStackedTableFrame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  @media (max-width: ${STACKED_TABLE_BELOW}) {
    border: 0;
  }
`;

/**
 * A table's rows stacked on a phone: the head is hidden (screen readers still read it), each row is
 * a card, and each cell a line of its column's name (the cell's `data-label`) and its value. Put it
 * last in the table's styles, so it wins over the wide layout's. `display: block` takes a table's
 * meaning away, so the table, its row groups, rows and cells carry their roles.
 */
export const stackedTableRows = css`
  @media (max-width: ${STACKED_TABLE_BELOW}) {
    caption { padding-left: 0; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    tbody, tfoot, tr { display: block; }
    tr {
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.md};
      margin-bottom: ${({ theme }) => theme.space(2)};
      padding: ${({ theme }) => theme.space(1)} 0;
    }
    th, td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(3)};
      min-width: 0;
      border-top: 0;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    th:first-child, td:first-child { font-weight: 700; }
    [data-label]::before {
      content: attr(data-label);
      flex: none;
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 400;
      text-align: left;
    }
  }
`;
