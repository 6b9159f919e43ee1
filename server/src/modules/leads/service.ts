import type { ActivityListResponse, ChangeLeadStageRequest, CreateLead, Lead, PipelineSummary, UpdateLead, updateLeadSchema } from '@app/shared/contracts';
import type { z } from 'zod';
import { notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
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

/** The lead's answer (detail, create, update, a stage move, a conversion), by the writer of the list's rows, as the caller sees it. */
export async function loadLead(db: ScopedDbOrTx, tenantId: string, id: string): Promise<Lead> {
  const lead = await leadsRepository(db).answerById<Lead>(tenantId, id);
  if (!lead) throw notFound(LEAD_NOT_FOUND_DETAIL);
  return lead;
}

/** Leads, each call on the caller's database (request.db). */
export const leadsService = {
  ...companyList('leads', leadsRepository, LEAD_ORDERS),

  /** Count, value and weighted value of the tenant's leads (of the search), per stage and in all. */
  async summary(db: ScopedDb, tenantId: string, query: { q?: string; owner_id?: string; team_id?: string }): Promise<PipelineSummary> {
    const [currency, figures] = await Promise.all([
      tenantsRepository(db).currency(tenantId),
      leadsRepository(db).summary(tenantId, { q: query.q || undefined, ownerId: ownerOf(query.owner_id, db.scope.userId ?? undefined), teamId: query.team_id }),
    ]);
    return { currency, ...figures };
  },

  /** A lead added by hand (the add-lead dialog): not made from a prospect; its creator (the caller) owns it. */
  async create(
    db: ScopedDb,
    tenantId: string,
    input: Omit<CreateLead, 'tenant_id' | keyof LeadValueInput> & CompanyInput & LeadValueInput,
    actor: AuditActor,
  ): Promise<Lead> {
    const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
    await assertPhoneFree(db, tenantId, values.phone1E164, { kind: 'lead' });
    const stageId = await startingStage(db, tenantId, input.pipeline_stage_id);
    const row = await db.transaction(async (tx) => {
      const inserted = await leadsRepository(tx).insert(tenantId, {
        ...values,
        ...valueColumns(input),
        name: input.name,
        phone1: input.phone1,
        pipelineStageId: stageId,
        ownerId: tx.scope.userId,
      });
      await recordAudit(tx, actor, { tenantId, action: 'lead.created', targetType: 'lead', targetId: inserted.id, targetName: input.name });
      return inserted;
    });
    return loadLead(db, tenantId, row.id);
  },

  async get(db: ScopedDb, id: string): Promise<Lead> {
    const { tenantId } = await leadsRepository(db).visible(id, LEAD_NOT_FOUND_DETAIL);
    return loadLead(db, tenantId, id);
  },

  async activities(db: ScopedDb, id: string): Promise<ActivityListResponse> {
    const lead = await leadsRepository(db).visible(id, LEAD_NOT_FOUND_DETAIL);
    return { activities: await activitiesRepository(db).history(lead.tenantId, { leadId: id, prospectId: lead.prospectId }) };
  },

  async update(db: ScopedDb, id: string, input: Omit<UpdateLead, keyof LeadValueInput> & CompanyInput & LeadValueInput, actor: AuditActor): Promise<Lead> {
    const lead = await leadsRepository(db).visible(id, LEAD_NOT_FOUND_DETAIL);
    const { tenantId } = lead;
    const values = { ...companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId)), ...valueColumns(input) };
    await assertPhoneFree(db, tenantId, values.phone1E164, { kind: 'lead', id, prospectId: lead.prospectId, current: lead.phone1E164 });
    return db.transaction(async (tx) => {
      if (!(await leadsRepository(tx).update(tenantId, id, values))) throw notFound(LEAD_NOT_FOUND_DETAIL);
      const updated = await loadLead(tx, tenantId, id);
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

  async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
    const { tenantId } = await leadsRepository(db).visible(id, LEAD_NOT_FOUND_DETAIL);
    await db.transaction(async (tx) => {
      const deleted = await leadsRepository(tx).delete(tenantId, id);
      if (!deleted) throw notFound(LEAD_NOT_FOUND_DETAIL);
      await auditRepository(tx).record(actor, { tenantId, action: 'lead.deleted', targetType: 'lead', targetId: id, targetName: deleted.name });
    });
  },

  async changeStage(db: ScopedDb, input: ChangeLeadStageRequest, actor: AuditActor): Promise<Lead> {
    const { tenantId } = await leadsRepository(db).visible(input.lead_id, LEAD_NOT_FOUND_DETAIL);
    return db.transaction(async (tx) => {
      const records = leadsRepository(tx);
      const stageName = await moveToStage(tx, tenantId, {
        // The reason goes with the move; the leads_outcome trigger keeps it only in a lost stage.
        records: { update: (within, leadId, values) => records.update(within, leadId, { ...values, lostReason: input.lost_reason ?? null }) },
        about: 'leadId',
        id: input.lead_id,
        stageId: input.pipeline_stage_id,
        notes: input.notes,
        notFoundDetail: LEAD_NOT_FOUND_DETAIL,
      });
      const lead = await loadLead(tx, tenantId, input.lead_id);
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
