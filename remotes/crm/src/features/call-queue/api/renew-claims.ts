import { apiRequest, callQueueRenewResponseSchema } from '@app/shared';

/** Keeps this caller's claims in the tenant while the queue is open. */
export function renewClaims(tenantId: string) {
  return apiRequest('/crm/call-queue/renew', { method: 'POST', body: { tenant_id: tenantId }, schema: callQueueRenewResponseSchema });
}
