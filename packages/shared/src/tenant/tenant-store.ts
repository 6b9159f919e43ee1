import { useSyncExternalStore } from 'react';

export const TENANT_STORAGE_KEY = 'selected_tenant_id';
const TENANT_CHANGE_EVENT = 'tenantChange';

export function getSelectedTenantId(): string | null {
  try {
    return window.localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The one place every app reads and writes the selected tenant; it survives reloads. */
export function setSelectedTenantId(tenantId: string | null) {
  try {
    if (tenantId) window.localStorage.setItem(TENANT_STORAGE_KEY, tenantId);
    else window.localStorage.removeItem(TENANT_STORAGE_KEY);
  } catch {
    /* storage blocked: the choice lasts for this page */
  }
  window.dispatchEvent(new Event(TENANT_CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TENANT_STORAGE_KEY) listener();
  };
  window.addEventListener(TENANT_CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TENANT_CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedTenantId(): [string | null, (tenantId: string | null) => void] {
  const tenantId = useSyncExternalStore(subscribe, getSelectedTenantId, getSelectedTenantId);
  return [tenantId, setSelectedTenantId];
}
