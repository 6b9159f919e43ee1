import styled from 'styled-components';
import { formatDateTimeLong } from '@app/shared/staff';
import { type AuditEvent } from '@app/shared/forms';
import { actionLabel, detailsText } from '../utils/audit-display';
import { AuditTarget } from './audit-target';

const StyledScroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
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
   * Emails, names, addresses and details may be one long word: they break anywhere, so no cell's
   * narrowest width pushes the table past its box and Details keeps the room that is left, wrapping
   * in it instead of running off the right edge (at 1366 px beside the sidebar).
   */
  td.breakable { overflow-wrap: anywhere; }
  td.name { min-width: 9rem; }
  td.address { min-width: 6rem; }
  td.details { min-width: 14rem; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

const COLUMNS = ['When', 'Who', 'Tenant', 'Action', 'Target', 'Address', 'Details'];

export interface AuditTableProps {
  events: readonly AuditEvent[];
  tenantName: (tenantId: string | null) => string;
}

export function AuditTable({ events, tenantName }: AuditTableProps) {
  return (
    <StyledScroller tabIndex={0} role="region" aria-label="Audit entries">
      <StyledTable>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>{formatDateTimeLong(event.created_at)}</td>
              <td className="breakable name">{event.actor_email ?? 'Client (no sign-in)'}</td>
              <td className="breakable name">{tenantName(event.tenant_id)}</td>
              <td>{actionLabel(event.action)}</td>
              <td className="breakable name">
                <AuditTarget event={event} />
              </td>
              <td className="breakable address">{event.client_ip ?? ''}</td>
              <td className="details">{detailsText(event.details)}</td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledScroller>
  );
}
