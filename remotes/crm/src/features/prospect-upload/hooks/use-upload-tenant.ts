import { useEffect, useMemo, useState } from 'react';
import { useSelectedTenantId } from '@app/shared';
import { useTenants } from '@app/shared/staff';

/** The tenant the upload goes to: the header's tenant when it is offered, else the first one. */
export function useUploadTenant() {
  const tenants = useTenants();
  const [selectedTenantId] = useSelectedTenantId();
  const [tenantId, setTenantId] = useState('');
  const { refetch } = tenants;
  const tenantList = useMemo(() => tenants.data ?? [], [tenants.data]);

  // The tenant list is loaded afresh whenever the dialog opens, so a tenant added meanwhile is offered.
  useEffect(() => {
    void refetch();
  }, [refetch]);

  useEffect(() => {
    if (tenantId || tenantList.length === 0) return;
    setTenantId(tenantList.some((tenant) => tenant.id === selectedTenantId) ? selectedTenantId! : tenantList[0]!.id);
  }, [tenantId, tenantList, selectedTenantId]);

  return { tenantId, setTenantId, tenantList, loading: tenants.isPending };
}
