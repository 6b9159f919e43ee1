import type { ActivityListResponse, ChangeLeadStageRequest, CreateLead, Lead, UpdateLead } from '@app/shared/contracts';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import { type AuditActor, auditRepository } from '../audit';
import { activitiesRepository } from '../activities';
import { companyColumns, companyDto, type CompanyInput, type CompanyView, companyList, moveToStage, startingStage } from '../companies';
import { tenantsRepository } from '../tenants';
import { leadsRepository } from './repository';

export const LEAD_NOT_FOUND_DETAIL = 'Lead not found.';

type LeadView = CompanyView & {
  id: string;
  tenantId: string;
  prospectId: string | null;
  assignedTo: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toLeadDto(row: LeadView): Lead {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    prospect_id: row.prospectId,
    ...companyDto(row),
    assigned_to: row.assignedTo,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function load(db: Db | Tx, tenantId: string, id: string): Promise<Lead> {
  const row = await leadsRepository(db).findById(tenantId, id);
  if (!row) throw notFound(LEAD_NOT_FOUND_DETAIL);
  return toLeadDto(row);
}

export function leadsService(db: Db) {
  const repo = leadsRepository(db);

  return {
    ...companyList('leads', repo),

    /** A lead added by hand (the add-lead dialog): not made from a prospect. */
    async create(tenantId: string, input: Omit<CreateLead, 'tenant_id'> & CompanyInput): Promise<Lead> {
      const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
      const stageId = await startingStage(db, tenantId, input.pipeline_stage_id);
      const row = await repo.insert(tenantId, { ...values, name: input.name, phone1: input.phone1, pipelineStageId: stageId });
      return load(db, tenantId, row.id);
    },

    async get(user: TenantMember, id: string): Promise<Lead> {
      return load(db, assertRowTenant(user, await repo.tenantOf(id), LEAD_NOT_FOUND_DETAIL), id);
    },

    async activities(user: TenantMember, id: string): Promise<ActivityListResponse> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), LEAD_NOT_FOUND_DETAIL);
      const lead = await repo.findById(tenantId, id);
      if (!lead) throw notFound(LEAD_NOT_FOUND_DETAIL);
      return { activities: await activitiesRepository(db).history(tenantId, { leadId: id, prospectId: lead.prospectId }) };
    },

    async update(user: TenantMember, id: string, input: UpdateLead & CompanyInput): Promise<Lead> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), LEAD_NOT_FOUND_DETAIL);
      const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
      if (!(await repo.update(tenantId, id, values))) throw notFound(LEAD_NOT_FOUND_DETAIL);
      return load(db, tenantId, id);
    },

    async remove(user: TenantMember, id: string, actor: AuditActor): Promise<void> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), LEAD_NOT_FOUND_DETAIL);
      await db.transaction(async (tx) => {
        const deleted = await leadsRepository(tx).delete(tenantId, id);
        if (!deleted) throw notFound(LEAD_NOT_FOUND_DETAIL);
        await auditRepository(tx).record(actor, { tenantId, action: 'lead.deleted', targetType: 'lead', targetId: id, targetName: deleted.name });
      });
    },

    async changeStage(user: TenantMember & { id: string }, input: ChangeLeadStageRequest): Promise<Lead> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(input.lead_id), LEAD_NOT_FOUND_DETAIL);
      return db.transaction(async (tx) => {
        await moveToStage(tx, tenantId, {
          records: leadsRepository(tx),
          about: 'leadId',
          id: input.lead_id,
          stageId: input.pipeline_stage_id,
          notes: input.notes,
          userId: user.id,
          notFoundDetail: LEAD_NOT_FOUND_DETAIL,
        });
        return load(tx, tenantId, input.lead_id);
      });
    },
  };
}
