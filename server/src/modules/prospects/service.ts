import {
  MAX_BULK_ROWS,
  type ActivityListResponse,
  type BulkProspectsResponse,
  type CreateProspect,
  type Prospect,
  type UpdateProspect,
} from '@app/shared/contracts';
import { phoneKey } from '@app/shared/crm/prospect-upload';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, HttpError, isUniqueViolation, notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import type { AuditActor } from '../audit/actor';
import { auditRepository } from '../audit/repository';
import { activitiesRepository } from '../crm-shared/activities';
import { companyColumns, companyDto, type CompanyInput, type CompanyView } from '../crm-shared/company';
import { companyList } from '../crm-shared/company-list';
import { chosenOrInitial, startingStage } from '../crm-shared/company-stage';
import { statusOptionsRepository } from '../status-options/repository';
import { checkUploadRows, duplicateOfExistingDetail, toBulkRow, tooManyRowsDetail, type UploadCandidate } from './bulk-upload';
import { prospectCountersRepository, prospectsRepository } from './repository';

export const PROSPECT_NOT_FOUND_DETAIL = 'Prospect not found.';
export const STATUS_NOT_IN_TENANT_DETAIL = 'status_id: Status option not found.';

export const phoneTakenDetail = (name: string) => `A prospect with this phone number already exists: ${name}.`;

type ProspectView = CompanyView & { id: string; tenantId: string; createdAt: Date; updatedAt: Date };

export function toProspectDto(row: ProspectView): Prospect {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    ...companyDto(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The status or stage a create names must be one of the same tenant; none given: the tenant's first. */
async function resolveStatusAndStage(db: DbOrTx, tenantId: string, statusId: string | null | undefined, stageId: string | null | undefined) {
  const [status, stage] = await Promise.all([
    chosenOrInitial(statusOptionsRepository(db), tenantId, statusId, STATUS_NOT_IN_TENANT_DETAIL),
    startingStage(db, tenantId, stageId),
  ]);
  return { statusId: status, stageId: stage };
}

export function prospectsService(db: Db) {
  const repo = prospectsRepository(db);

  async function load(tenantId: string, id: string): Promise<Prospect> {
    const row = await repo.findById(tenantId, id);
    if (!row) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
    return toProspectDto(row);
  }

  async function rethrowPhoneTaken(error: unknown, tenantId: string, digits: string): Promise<never> {
    if (isUniqueViolation(error, 'prospects_tenant_phone_unique'))
      throw conflict(phoneTakenDetail((await repo.phoneTakenBy(tenantId, digits)) ?? 'another prospect'));
    throw error;
  }

  return {
    ...companyList('prospects', repo),

    async activities(user: TenantMember, id: string): Promise<ActivityListResponse> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), PROSPECT_NOT_FOUND_DETAIL);
      return { activities: await activitiesRepository(db).history(tenantId, { prospectId: id }) };
    },

    async get(user: TenantMember, id: string): Promise<Prospect> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), PROSPECT_NOT_FOUND_DETAIL);
      return load(tenantId, id);
    },

    async create(tenantId: string, input: Omit<CreateProspect, 'tenant_id'> & CompanyInput): Promise<Prospect> {
      const digits = phoneKey(input.phone1);
      const taken = await repo.phoneTakenBy(tenantId, digits);
      if (taken) throw conflict(phoneTakenDetail(taken));
      const { statusId, stageId } = await resolveStatusAndStage(db, tenantId, input.status_id, input.pipeline_stage_id);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await prospectsRepository(tx).insert(tenantId, {
            ...companyColumns(input),
            name: input.name,
            phone1: input.phone1,
            phoneDigits: digits,
            statusId,
            pipelineStageId: stageId,
          });
          await prospectCountersRepository(tx).add(tenantId, 1);
          return inserted;
        });
        return load(tenantId, row.id);
      } catch (error) {
        return rethrowPhoneTaken(error, tenantId, digits);
      }
    },

    async update(user: TenantMember, id: string, input: UpdateProspect & CompanyInput): Promise<Prospect> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), PROSPECT_NOT_FOUND_DETAIL);
      const values = { ...companyColumns(input), ...(input.phone1 !== undefined ? { phoneDigits: phoneKey(input.phone1) } : {}) };
      if (values.phoneDigits) {
        const taken = await repo.phoneTakenBy(tenantId, values.phoneDigits, id);
        if (taken) throw conflict(phoneTakenDetail(taken));
      }
      try {
        if (!(await repo.update(tenantId, id, values))) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
      } catch (error) {
        return rethrowPhoneTaken(error, tenantId, values.phoneDigits ?? '');
      }
      return load(tenantId, id);
    },

    /** Deletes the prospect and, through the foreign key, its lead. */
    async remove(user: TenantMember, id: string, actor: AuditActor): Promise<void> {
      const tenantId = assertRowTenant(user, await repo.tenantOf(id), PROSPECT_NOT_FOUND_DETAIL);
      await db.transaction(async (tx) => {
        const deleted = await prospectsRepository(tx).delete(tenantId, id);
        if (!deleted) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
        if (deleted.state === 'active') await prospectCountersRepository(tx).add(tenantId, -1);
        await auditRepository(tx).record(actor, {
          tenantId,
          action: 'prospect.deleted',
          targetType: 'prospect',
          targetId: id,
          details: { name: deleted.name },
        });
      });
    },

    /**
     * Inserts the rows that pass the upload's checks in one transaction and reports the others.
     * A row whose Phone1 digits match a prospect the tenant already has (listed or not) is a duplicate.
     */
    async bulkUpload(tenantId: string, records: readonly unknown[], actor: AuditActor): Promise<BulkProspectsResponse> {
      if (records.length > MAX_BULK_ROWS) throw new HttpError(413, tooManyRowsDetail(records.length));
      const { errors, candidates } = checkUploadRows(records);
      const created = await db.transaction(async (tx) => {
        const prospects = prospectsRepository(tx);
        const taken = await prospects.phonesTaken(tenantId, candidates.map((candidate) => candidate.digits).filter(Boolean));
        const fresh: UploadCandidate[] = [];
        for (const candidate of candidates) {
          const name = candidate.digits ? taken.get(candidate.digits) : undefined;
          if (name !== undefined) errors.push({ row: candidate.row, detail: duplicateOfExistingDetail(name) });
          else fresh.push(candidate);
        }
        const { statusId, stageId } = await resolveStatusAndStage(tx, tenantId, null, null);
        const inserted = await prospects.bulkInsert(tenantId, fresh.map(toBulkRow), { statusId, stageId });
        if (inserted.length < fresh.length) {
          // Another upload inserted some of these phones after the check above; they count as duplicates.
          const insertedDigits = new Set(inserted);
          for (const candidate of fresh) {
            if (candidate.digits && !insertedDigits.has(candidate.digits))
              errors.push({ row: candidate.row, detail: duplicateOfExistingDetail('added by another upload') });
          }
        }
        await prospectCountersRepository(tx).add(tenantId, inserted.length);
        await auditRepository(tx).record(actor, {
          tenantId,
          action: 'prospect.bulk_uploaded',
          targetType: 'tenant',
          targetId: tenantId,
          details: { rows: records.length, created: inserted.length, errors: records.length - inserted.length },
        });
        return inserted.length;
      });
      errors.sort((a, b) => a.row - b.row);
      return { total_created: created, total_errors: errors.length, errors };
    },
  };
}
