import styled from 'styled-components';
import { formatDateTimeLong } from '@app/shared/staff';
import { type AuditEvent } from '@app/shared/forms';
import { actionLabel, detailsText, targetLabel } from '../utils/audit-display';

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
  td.nowrap { white-space: nowrap; }
  td.details { min-width: 14rem; color: ${({ theme }) => theme.colors.textMuted}; word-break: break-word; }
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
              <td className="nowrap">{formatDateTimeLong(event.created_at)}</td>
              <td>{event.actor_email ?? 'Client (no sign-in)'}</td>
              <td>{tenantName(event.tenant_id)}</td>
              <td className="nowrap">{actionLabel(event.action)}</td>
              <td>{targetLabel(event)}</td>
              <td className="nowrap">{event.client_ip ?? ''}</td>
              <td className="details">{detailsText(event.details)}</td>
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledScroller>
  );
}
