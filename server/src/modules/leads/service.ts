import type { ActivityListResponse, ChangeLeadStageRequest, CreateLead, Lead, PipelineSummary, UpdateLead, updateLeadSchema } from '@app/shared/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/refusal';
import { assertRowTenant } from '../../tenancy/tenant-access';
import { userScope, type Scope, type ScopeUser } from '../../tenancy/scope';
import { type AuditActor, auditRepository, recordAudit } from '../audit';
import { activitiesRepository } from '../activities';
import { assertPhoneFree, companyColumns, type CompanyInput, companyList, moveToStage, ownerOf, startingStage } from '../companies';
import { tenantsRepository } from '../tenants';
import { LEAD_ORDERS } from './lead-orders';
import { leadsRepository, type NewLeadValues } from './repository';

export const LEAD_NOT_FOUND_DETAIL = 'Lead not found.';

/** The value fields of a create or edit body as columns; a field left out keeps its value. */
function valueColumns(input: LeadValueInput): Partial<Pick<NewLeadValues, 'value' | 'expectedCloseDate' | 'probability'>> {
  const values: Partial<Pick<NewLeadValues, 'value' | 'expectedCloseDate' | 'probability'>> = {};
  if (input.value !== undefined) values.value = input.value;
  if (input.expected_close_date !== undefined) values.expectedCloseDate = input.expected_close_date;
  if (input.probability !== undefined) values.probability = input.probability;
  return values;
}

type LeadValueInput = Pick<z.output<typeof updateLeadSchema>, 'value' | 'expected_close_date' | 'probability'>;

/** The lead's answer (detail, create, update, a stage move, a conversion), by the writer of the list's rows. */
export async function loadLead(db: DbOrTx, scope: Scope, tenantId: string, id: string): Promise<Lead> {
  const lead = await leadsRepository(db).answerById<Lead>(scope, tenantId, id);
  if (!lead) throw notFound(LEAD_NOT_FOUND_DETAIL);
  return lead;
}

export function leadsService(db: Db) {
  const repo = leadsRepository(db);

  return {
    ...companyList('leads', repo, LEAD_ORDERS),

    /** Count, value and weighted value of the tenant's leads (of the search), per stage and in all. */
    async summary(scope: Scope, tenantId: string, query: { q?: string; owner_id?: string; team_id?: string }): Promise<PipelineSummary> {
      const [currency, figures] = await Promise.all([
        tenantsRepository(db).currency(tenantId),
        repo.summary(scope, tenantId, { q: query.q || undefined, ownerId: ownerOf(query.owner_id, scope.userId ?? undefined), teamId: query.team_id }),
      ]);
      return { currency, ...figures };
    },

    /** A lead added by hand (the add-lead dialog): not made from a prospect; its creator owns it. */
    async create(
      scope: Scope,
      tenantId: string,
      ownerId: string,
      input: Omit<CreateLead, 'tenant_id' | keyof LeadValueInput> & CompanyInput & LeadValueInput,
      actor: AuditActor,
    ): Promise<Lead> {
      const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
      await assertPhoneFree(scope, db, tenantId, values.phone1E164, { kind: 'lead' });
      const stageId = await startingStage(db, tenantId, input.pipeline_stage_id);
      const row = await db.transaction(async (tx) => {
        const inserted = await leadsRepository(tx).insert(tenantId, {
          ...values,
          ...valueColumns(input),
          name: input.name,
          phone1: input.phone1,
          pipelineStageId: stageId,
          ownerId,
        });
        await recordAudit(tx, actor, { tenantId, action: 'lead.created', targetType: 'lead', targetId: inserted.id, targetName: input.name });
        return inserted;
      });
      return loadLead(db, scope, tenantId, row.id);
    },

    async get(user: ScopeUser, id: string): Promise<Lead> {
      const scope = userScope(user);
      return loadLead(db, scope, assertRowTenant(user, await repo.tenantOf(scope, id), LEAD_NOT_FOUND_DETAIL), id);
    },

    async activities(user: ScopeUser, id: string): Promise<ActivityListResponse> {
      const scope = userScope(user);
      const tenantId = assertRowTenant(user, await repo.tenantOf(scope, id), LEAD_NOT_FOUND_DETAIL);
      const lead = await repo.findById(scope, tenantId, id);
      if (!lead) throw notFound(LEAD_NOT_FOUND_DETAIL);
      return { activities: await activitiesRepository(db).history(tenantId, { leadId: id, prospectId: lead.prospectId }) };
    },

    async update(user: ScopeUser, id: string, input: Omit<UpdateLead, keyof LeadValueInput> & CompanyInput & LeadValueInput, actor: AuditActor): Promise<Lead> {
      const scope = userScope(user);
      const tenantId = assertRowTenant(user, await repo.tenantOf(scope, id), LEAD_NOT_FOUND_DETAIL);
      const values = { ...companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId)), ...valueColumns(input) };
      const lead = await repo.findById(scope, tenantId, id);
      if (!lead) throw notFound(LEAD_NOT_FOUND_DETAIL);
      await assertPhoneFree(scope, db, tenantId, values.phone1E164, { kind: 'lead', id, prospectId: lead.prospectId, current: lead.phone1E164 });
      return db.transaction(async (tx) => {
        if (!(await leadsRepository(tx).update(scope, tenantId, id, values))) throw notFound(LEAD_NOT_FOUND_DETAIL);
        const updated = await loadLead(tx, scope, tenantId, id);
        // A value edit says what the lead was worth before and after: the figures follow it.
        await recordAudit(tx, actor, {
          tenantId,
          action: 'lead.updated',
          targetType: 'lead',
          targetId: id,
          targetName: updated.name,
          details: {
            fields: Object.keys(input),
            value: { from: lead.value, to: updated.value },
            // The figure every list and report uses, and the one a user set (null: the stage's).
            probability: { from: lead.effectiveProbability, to: updated.probability },
            own_probability: { from: lead.probability, to: updated.own_probability },
            expected_close_date: { from: lead.expectedCloseDate, to: updated.expected_close_date },
          },
        });
        return updated;
      });
    },

    async remove(user: ScopeUser, id: string, actor: AuditActor): Promise<void> {
      const scope = userScope(user);
      const tenantId = assertRowTenant(user, await repo.tenantOf(scope, id), LEAD_NOT_FOUND_DETAIL);
      await db.transaction(async (tx) => {
        const deleted = await leadsRepository(tx).delete(scope, tenantId, id);
        if (!deleted) throw notFound(LEAD_NOT_FOUND_DETAIL);
        await auditRepository(tx).record(actor, { tenantId, action: 'lead.deleted', targetType: 'lead', targetId: id, targetName: deleted.name });
      });
    },

    async changeStage(user: ScopeUser, input: ChangeLeadStageRequest, actor: AuditActor): Promise<Lead> {
      const scope = userScope(user);
      const tenantId = assertRowTenant(user, await repo.tenantOf(scope, input.lead_id), LEAD_NOT_FOUND_DETAIL);
      return db.transaction(async (tx) => {
        const records = leadsRepository(tx);
        const stageName = await moveToStage(tx, tenantId, {
          // The reason goes with the move; the leads_outcome trigger keeps it only in a lost stage.
          records: { update: (within, id, leadId, values) => records.update(within, id, leadId, { ...values, lostReason: input.lost_reason ?? null }) },
          scope,
          about: 'leadId',
          id: input.lead_id,
          stageId: input.pipeline_stage_id,
          notes: input.notes,
          userId: user.id,
          notFoundDetail: LEAD_NOT_FOUND_DETAIL,
        });
        const lead = await loadLead(tx, scope, tenantId, input.lead_id);
        await recordAudit(tx, actor, {
          tenantId,
          action: 'lead.stage_changed',
          targetType: 'lead',
          targetId: lead.id,
          targetName: lead.name,
          details: { stage: stageName, ...(input.lost_reason ? { lost_reason: input.lost_reason } : {}) },
        });
        return lead;
      });
    },
  };
}
