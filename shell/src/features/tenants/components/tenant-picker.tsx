import { useEffect, useId } from 'react';
import styled from 'styled-components';
import { hasStaffAccess, MutedText, Skeleton, StyledSelect, useSelectedTenantId, useSession } from '@app/shared';
import { useTenants } from '@app/shared/tenants';

// As wide as the header allows, up to a long tenant name.
const StyledPicker = styled.div`
  display: flex;
  align-items: center;
  flex: 0 1 16rem;
  min-width: 7rem;
  select { min-height: 2.25rem; width: 100%; padding: 0 ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)}; }
`;

/** An account without staff access works in no tenant: it gets no picker (and no tenant list is asked for). */
export function TenantPicker() {
  const { user } = useSession();
  return hasStaffAccess(user) ? <StaffTenantPicker /> : null;
}

function StaffTenantPicker() {
  const id = useId();
  const { data: tenants, isPending, isError } = useTenants();
  const [tenantId, setTenantId] = useSelectedTenantId();

  useEffect(() => {
    if (!tenants) return;
    if (tenants.length === 0) {
      if (tenantId) setTenantId(null);
    } else if (!tenantId || !tenants.some((tenant) => tenant.id === tenantId)) {
      // The first loaded tenant is chosen automatically; a stored choice that still exists is kept.
      setTenantId(tenants[0]!.id);
    }
  }, [tenants, tenantId, setTenantId]);

  if (isPending) {
    return (
      <StyledPicker aria-busy="true" aria-label="Loading tenants" data-testid="tenant-picker-loading">
        <Skeleton $width="8rem" $height="2rem" />
      </StyledPicker>
    );
  }
  if (isError) return <MutedText>Failed to load tenants</MutedText>;
  if (!tenants || tenants.length === 0) return <MutedText>No tenants</MutedText>;

  return (
    <StyledPicker>
      <label htmlFor={id} className="visually-hidden">
        Tenant
      </label>
      <StyledSelect id={id} value={tenantId ?? ''} onChange={(event) => setTenantId(event.target.value)}>
        {tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </StyledSelect>
    </StyledPicker>
  );
}
