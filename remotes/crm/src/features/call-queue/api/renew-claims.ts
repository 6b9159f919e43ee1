import { apiRequest } from '@app/shared';
import { callQueueRenewResponseSchema } from '@app/shared/forms';

/** Keeps this caller's claims in the tenant while the queue is open. */
export function renewClaims(tenantId: string) {
  return apiRequest('/crm/call-queue/renew', { method: 'POST', body: { tenant_id: tenantId }, schema: callQueueRenewResponseSchema });
}
