import type { DbOrTx } from '../../db/client';
import { pipelineStages, prospectCounters, statusOptions } from '../../db/schema';

/**
 * What every new tenant starts with; the tenant may change or delete all of it. Tenants that
 * existed before the CRM got the same list from migration 0005_crm_defaults.sql.
 */
export const DEFAULT_STATUSES = [
  { name: 'New', description: 'Not contacted yet', convertsToLead: false, removesFromProspects: false, isCallback: false },
  { name: 'No Answer', description: 'Called; nobody answered', convertsToLead: false, removesFromProspects: false, isCallback: false },
  // The status a callback (C in the call queue) records; tenants that existed before the flag got it from 0034_calls.sql.
  { name: 'Call Back', description: 'Asked to be called again later', convertsToLead: false, removesFromProspects: false, isCallback: true },
  { name: 'Interested', description: 'Wants to talk business: becomes a lead', convertsToLead: true, removesFromProspects: false, isCallback: false },
  { name: 'Not Interested', description: 'Declined: leaves the prospects list', convertsToLead: false, removesFromProspects: true, isCallback: false },
  {
    name: 'Do Not Call',
    description: 'Must not be called again: leaves the prospects list',
    convertsToLead: false,
    removesFromProspects: true,
    isCallback: false,
  },
] as const;

export const DEFAULT_STAGES = [
  { name: 'New', description: 'Just added', color: '#6B7280', kind: 'open', probability: 10 },
  { name: 'Contacted', description: 'First conversation held', color: '#3B82F6', kind: 'open', probability: 20 },
  { name: 'Qualified', description: 'Has the need and the budget', color: '#8B5CF6', kind: 'open', probability: 40 },
  { name: 'Proposal', description: 'Offer sent', color: '#F59E0B', kind: 'open', probability: 60 },
  { name: 'Negotiation', description: 'Agreeing terms', color: '#F97316', kind: 'open', probability: 80 },
  { name: 'Won', description: 'Became a customer', color: '#10B981', kind: 'won', probability: 100 },
  { name: 'Lost', description: 'Went elsewhere or stopped', color: '#EF4444', kind: 'lost', probability: 0 },
] as const;

/** Run in the transaction that creates the tenant, so a tenant never exists without them. */
export async function createTenantDefaults(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx.insert(statusOptions).values(DEFAULT_STATUSES.map((status, index) => ({ tenantId, sortOrder: index, ...status })));
  await tx.insert(pipelineStages).values(DEFAULT_STAGES.map((stage, index) => ({ tenantId, sortOrder: index, ...stage })));
  await tx.insert(prospectCounters).values({ tenantId, active: 0 }).onConflictDoNothing();
}
