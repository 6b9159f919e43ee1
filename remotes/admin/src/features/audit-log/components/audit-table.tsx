import styled from 'styled-components';
import { formatDateTimeLong, STACKED_TABLE_BELOW, stackedTableRows, StyledStackedTableFrame } from '@app/shared/staff';
import { type AuditEvent } from '@app/shared/forms';
import { actionLabel, detailsText } from '../utils/audit-display';
import { AuditTarget } from './audit-target';
import { BreakableText } from './breakable-text';

const StyledScroller = styled(StyledStackedTableFrame)`
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.85rem;
  th, td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  thead th { border-top: none; background: ${({ theme }) => theme.colors.surfaceAlt}; white-space: nowrap; }
  /*
   * Emails and names wrap after their @ and dots (BreakableText); a part still wider than its cell
   * breaks where it must (break-word, which unlike anywhere does not make every letter a place to
   * wrap when the table sizes its columns). The table scrolls inside its frame when it is wider
   * than the window; Details keeps the room that is left and wraps in it. On a phone each entry is a
   * card of its columns' names and values (the reports' stacked rows), read without scrolling sideways.
   */
  td.breakable { overflow-wrap: break-word; }
  td.details { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
  @media not all and (max-width: ${STACKED_TABLE_BELOW}) {
    td.name { min-width: 9rem; }
    td.address { min-width: 6rem; }
    td.details { min-width: 14rem; }
  }
  ${stackedTableRows}
`;

/*
 * A cell's text in a box of bounded width: a table sizes a column by its longest unbroken part,
 * so a name of one 100-character word would otherwise widen the column past the window; in the
 * box it breaks at the box's edge, and emails still wrap first after their @ and dots.
 */
const StyledCellText = styled.div`
  max-width: 16rem;
  overflow-wrap: break-word;
`;

const COLUMNS = ['When', 'Who', 'Tenant', 'Action', 'Target', 'Address', 'Details'];

export interface AuditTableProps {
  events: readonly AuditEvent[];
  tenantName: (tenantId: string | null) => string;
}

export function AuditTable({ events, tenantName }: AuditTableProps) {
  return (
    <StyledScroller tabIndex={0} role="region" aria-label="Audit entries">
      <StyledTable role="table">
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {events.map((event) => (
            <tr key={event.id} role="row">
              <td role="cell" data-label="When">
                {formatDateTimeLong(event.created_at)}
              </td>
              <td role="cell" data-label="Who" className="breakable name">
                <StyledCellText>{event.actor_email ? <BreakableText text={event.actor_email} /> : 'Client (no sign-in)'}</StyledCellText>
              </td>
              <td role="cell" data-label="Tenant" className="breakable name">
                <StyledCellText>{tenantName(event.tenant_id)}</StyledCellText>
              </td>
              <td role="cell" data-label="Action">
                {actionLabel(event.action)}
              </td>
              <td role="cell" data-label="Target" className="breakable name">
                <StyledCellText>
                  <AuditTarget event={event} />
                </StyledCellText>
              </td>
              <td role="cell" data-label="Address" className="breakable address">
                {event.client_ip ?? ''}
              </td>
              <td role="cell" data-label="Details" className="details">
                {detailsText(event.details)}
              </td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledScroller>
  );
}
