import { SelectField, TextField } from '@app/shared';
import { SearchField } from '@app/shared/ui/search-field';
import { useTenants } from '@app/shared/staff';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditEventsQuerySchema, maxLengthsOf, type AuditAction } from '@app/shared/forms';

/** The filters take what the audit query's contract takes. */
const LIMITS = maxLengthsOf(auditEventsQuerySchema);
import { StyledFilterSlot, StyledFilterToolbar } from '../../../components/filter-toolbar';
import type { AuditFilters } from '../utils/audit-filters';

export interface AuditToolbarProps {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>) => void;
}

export function AuditToolbar({ filters, onChange }: AuditToolbarProps) {
  const tenants = useTenants();
  return (
    <StyledFilterToolbar>
      <SearchField
        label="Search the audit log"
        placeholder="Search target or details..."
        value={filters.q}
        maxLength={LIMITS.q}
        onChange={(event) => onChange({ q: event.target.value })}
      />
      <StyledFilterSlot>
        <SelectField label="Action" value={filters.action} onChange={(event) => onChange({ action: event.target.value as AuditAction | '' })}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
      </StyledFilterSlot>
      <StyledFilterSlot>
        <TextField
          label="Who"
          placeholder="Email..."
          maxLength={LIMITS.actor}
          value={filters.actor}
          onChange={(event) => onChange({ actor: event.target.value })}
        />
      </StyledFilterSlot>
      <StyledFilterSlot>
        <SelectField label="Tenant" value={filters.tenantId} onChange={(event) => onChange({ tenantId: event.target.value })}>
          <option value="">All tenants</option>
          {(tenants.data ?? []).map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </SelectField>
      </StyledFilterSlot>
      <StyledFilterSlot>
        <TextField label="From" type="date" value={filters.fromDay} onChange={(event) => onChange({ fromDay: event.target.value })} />
      </StyledFilterSlot>
      <StyledFilterSlot>
        <TextField label="To" type="date" value={filters.toDay} onChange={(event) => onChange({ toDay: event.target.value })} />
      </StyledFilterSlot>
    </StyledFilterToolbar>
  );
}
