import {
  MAX_BULK_ROWS,
  type ActivityListResponse,
  type BulkProspectsResponse,
  type BulkRowError,
  type BulkRowWarning,
  type CreateProspect,
  type Prospect,
  type UpdateProspect,
  type UploadAssign,
} from '@app/shared/contracts';
import { tooDeepDetail, tooManyRowsDetail } from '@app/shared/crm/prospect-upload';
import { isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound, tooLarge } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx, ScopedTx } from '../../tenancy/database';
import { seesOwner } from '../../tenancy/scope';
import { type AuditActor, auditRepository } from '../audit';
import { activitiesRepository } from '../activities';
import {
  assertPhoneFree,
  companyColumns,
  type CompanyInput,
  companyList,
  leadPhonesHeld,
  phoneTakenByUnseenDetail,
  phoneTakenDetail,
  startingStage,
} from '../companies';
import { chosenOrInitial } from '../tenant-options';
import { statusOptionsRepository } from '../status-options';
import { tenantsRepository } from '../tenants';
import { IMPORT_NOT_FOUND_DETAIL, type ImportedProspects, importsRepository } from '../imports';
import { notifyUpload } from '../notifications';
import {
  dropRepeatedPhones,
  DUPLICATE_OF_UNSEEN_DETAIL,
  DUPLICATE_OF_UNSEEN_LEAD_DETAIL,
  duplicateOfExistingDetail,
  refusedRows,
  savedRowWarnings,
  toBulkRow,
  warnedRows,
  type UploadCandidate,
} from './bulk-upload';
import { importedProspectsRepository, prospectsRepository } from './repository';
import type { UploadChecker } from './upload-checker';
import { runUpload, uploadOwners } from './upload-owners';

export const PROSPECT_NOT_FOUND_DETAIL = 'Prospect not found.';
export const STATUS_NOT_IN_TENANT_DETAIL = 'status_id: Status option not found.';

/** Where a prospect created one by one came from, and what must happen with its creation or not at all. */
export interface ProspectOrigin {
  userId: string;
  summary: string;
  within?: (tx: ScopedTx, prospectId: string) => Promise<void>;
}

/** The prospect's answer (detail, create, update, a status change), by the writer of the list's rows, as the caller sees it. */
export async function loadProspect(db: ScopedDbOrTx, tenantId: string, id: string): Promise<Prospect> {
  const prospect = await prospectsRepository(db).answerById<Prospect>(tenantId, id);
  if (!prospect) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
  return prospect;
}

/** The status or stage a create names must be one of the same tenant; none given: the tenant's first. */
async function resolveStatusAndStage(db: ScopedDbOrTx, tenantId: string, statusId: string | null | undefined, stageId: string | null | undefined) {
  const [status, stage] = await Promise.all([
    chosenOrInitial(statusOptionsRepository(db), tenantId, statusId, STATUS_NOT_IN_TENANT_DETAIL),
    startingStage(db, tenantId, stageId),
  ]);
  return { statusId: status, stageId: stage };
}

export const IMPORT_REVERTED_DETAIL = 'This import has been reverted; upload the file again as a new import.';
/** The name an upload is recorded under when it names no file. */
export const UNNAMED_UPLOAD = 'Untitled upload';

/** Where an upload's rows come from: the file, and after its first slice the import that slice started. */
export interface BulkUploadSource {
  userId: string | null;
  /** Whom the rows go to (default the uploader). */
  assign?: UploadAssign;
  fileName?: string;
  importId?: string;
}

/**
 * The import a slice belongs to (a new one for a first slice), and the number its first row has in
 * the file. A later slice names an import the uploader sees; a team upload's transaction is the
 * system's (it passes the owner wall), which finds any import of the tenant.
 */
async function openImport(tx: ScopedTx, tenantId: string, upload: BulkUploadSource): Promise<{ importId: string; firstRow: number }> {
  const imports = importsRepository(tx);
  if (!upload.importId) {
    const created = await imports.create(tenantId, { fileName: upload.fileName ?? UNNAMED_UPLOAD, createdBy: upload.userId });
    return { importId: created.id, firstRow: 0 };
  }
  const open = await imports.lock(tenantId, upload.importId);
  if (!open) throw notFound(IMPORT_NOT_FOUND_DETAIL);
  if (open.revertedAt) throw conflict(IMPORT_REVERTED_DETAIL);
  return { importId: upload.importId, firstRow: open.rowsReceived };
}

/** What an import's revert does to, and asks of, the import's prospects (imports/service.ts). */
export const importedProspects: ImportedProspects = {
  /** Those nobody has worked since are deleted and leave the tenant's total, the others are kept. */
  async remove(tx, tenantId, importId) {
    const prospects = importedProspectsRepository(tx);
    const removed = await prospects.deleteUnworked(tenantId, importId);
    const kept = await prospects.countRemaining(tenantId, importId);
    return { removed, kept };
  },
  countUnseen: (tx, tenantId, importId, owners) => importedProspectsRepository(tx).countUnseen(tenantId, importId, owners),
};

/** Another prospect took the number between the check and the write: named when the writer sees it (the lookup reads as the writer). */
async function rethrowPhoneTaken(db: ScopedDb, error: unknown, tenantId: string, digits: string): Promise<never> {
  if (isUniqueViolation(error, 'prospects_tenant_phone_unique')) {
    const holder = await prospectsRepository(db).phoneTakenBy(tenantId, digits);
    throw conflict(holder ? phoneTakenDetail(holder) : phoneTakenByUnseenDetail('prospect'));
  }
  throw error;
}

/** Prospects, each call on the caller's database (request.db); `checker` checks an upload's rows off the request thread. */
export function prospectsService(checker: UploadChecker) {
  return {
    ...companyList('prospects', prospectsRepository),

    async activities(db: ScopedDb, id: string): Promise<ActivityListResponse> {
      const { tenantId } = await prospectsRepository(db).visible(id, PROSPECT_NOT_FOUND_DETAIL);
      return { activities: await activitiesRepository(db).history(tenantId, { prospectId: id }) };
    },

    async get(db: ScopedDb, id: string): Promise<Prospect> {
      const { tenantId } = await prospectsRepository(db).visible(id, PROSPECT_NOT_FOUND_DETAIL);
      return loadProspect(db, tenantId, id);
    },

    /**
     * A new prospect, owned by its creator (the caller). `origin`, when given, is written into the new
     * prospect's history and may add work to its transaction.
     */
    async create(
      db: ScopedDb,
      tenantId: string,
      input: Omit<CreateProspect, 'tenant_id'> & CompanyInput,
      actor: AuditActor,
      origin?: ProspectOrigin,
    ): Promise<Prospect> {
      const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
      const digits = values.phone1E164?.slice(1) ?? '';
      await assertPhoneFree(db, tenantId, values.phone1E164, { kind: 'prospect' });
      const { statusId, stageId } = await resolveStatusAndStage(db, tenantId, input.status_id, input.pipeline_stage_id);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await prospectsRepository(tx).insert(tenantId, {
            ...values,
            name: input.name,
            phone1: input.phone1,
            statusId,
            pipelineStageId: stageId,
            ownerId: tx.scope.userId,
          });
          await auditRepository(tx).record(actor, {
            tenantId,
            action: 'prospect.created',
            targetType: 'prospect',
            targetId: inserted.id,
            targetName: input.name,
          });
          if (origin) {
            await activitiesRepository(tx).add(tenantId, { prospectId: inserted.id, userId: origin.userId, kind: 'origin', summary: origin.summary });
            await origin.within?.(tx, inserted.id);
          }
          return inserted;
        });
        return loadProspect(db, tenantId, row.id);
      } catch (error) {
        return rethrowPhoneTaken(db, error, tenantId, digits);
      }
    },

    async update(db: ScopedDb, id: string, input: UpdateProspect & CompanyInput, actor: AuditActor): Promise<Prospect> {
      const { tenantId } = await prospectsRepository(db).visible(id, PROSPECT_NOT_FOUND_DETAIL);
      const values = companyColumns(input, await tenantsRepository(db).defaultCountry(tenantId));
      const digits = values.phone1E164?.slice(1) ?? '';
      await assertPhoneFree(db, tenantId, values.phone1E164, { kind: 'prospect', id });
      try {
        await db.transaction(async (tx) => {
          const updated = await prospectsRepository(tx).update(tenantId, id, values);
          if (!updated) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
          await auditRepository(tx).record(actor, {
            tenantId,
            action: 'prospect.updated',
            targetType: 'prospect',
            targetId: id,
            targetName: input.name ?? null,
            details: { fields: Object.keys(input) },
          });
        });
      } catch (error) {
        return rethrowPhoneTaken(db, error, tenantId, digits);
      }
      return loadProspect(db, tenantId, id);
    },

    /** Deletes the prospect and, through the foreign key, its lead. */
    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      const { tenantId } = await prospectsRepository(db).visible(id, PROSPECT_NOT_FOUND_DETAIL);
      await db.transaction(async (tx) => {
        const deleted = await prospectsRepository(tx).delete(tenantId, id);
        if (!deleted) throw notFound(PROSPECT_NOT_FOUND_DETAIL);
        await auditRepository(tx).record(actor, {
          tenantId,
          action: 'prospect.deleted',
          targetType: 'prospect',
          targetId: id,
          targetName: deleted.name,
          details: { name: deleted.name },
        });
      });
    },

    /**
     * Inserts the rows that pass the upload's checks in one transaction and reports the others.
     * A row whose Phone1 is the same number (E.164) as a prospect the tenant already has (listed or not) is a duplicate.
     * The first slice of a file records the import; later slices name it and add to it.
     */
    async bulkUpload(db: ScopedDb, tenantId: string, records: readonly unknown[], upload: BulkUploadSource, actor: AuditActor): Promise<BulkProspectsResponse> {
      // The uploader's: whose leads a duplicate names, to whom rows may go (a team upload's transaction is the system's).
      const uploader = db.scope;
      if (records.length > MAX_BULK_ROWS) throw tooLarge(tooManyRowsDetail(records.length));
      // Before any copy to the checking worker, which would recurse through such a value and overflow.
      const tooDeep = tooDeepDetail(records);
      if (tooDeep) throw badRequest(tooDeep);
      // Checked on a worker thread, a slice at a time: the request thread stays free for everyone
      // else, and each slice is inserted while the next is being checked.
      const slices = checker.check(records, await tenantsRepository(db).defaultCountry(tenantId));
      const errors: BulkRowError[] = [];
      const candidates: UploadCandidate[] = [];
      let warnings: BulkRowWarning[] = [];
      const { created, importId } = await runUpload(db, upload.assign, async (tx) => {
        const { importId, firstRow } = await openImport(tx, tenantId, upload);
        const prospects = prospectsRepository(tx);
        const { statusId, stageId } = await resolveStatusAndStage(tx, tenantId, null, null);
        const phonesSeen = new Set<string>();
        let insertedCount = 0;
        for (const slice of slices) {
          const checked = dropRepeatedPhones(await slice, phonesSeen);
          errors.push(...checked.errors);
          candidates.push(...checked.candidates);
          const digits = checked.candidates.map((candidate) => candidate.digits).filter(Boolean);
          const taken = await prospects.phonesTaken(tenantId, digits);
          // One company per phone: a number a lead of the tenant holds is a duplicate too, whoever's lead it is.
          const leadPhones = await leadPhonesHeld(tx, tenantId, digits);
          const fresh: UploadCandidate[] = [];
          for (const candidate of checked.candidates) {
            const name = candidate.digits ? taken.get(candidate.digits) : undefined;
            const lead = candidate.digits ? leadPhones.get(candidate.digits) : undefined;
            if (name !== undefined) errors.push({ row: candidate.row, detail: duplicateOfExistingDetail(name) });
            else if (lead)
              errors.push({
                row: candidate.row,
                detail: seesOwner(uploader, lead.ownerId) ? duplicateOfExistingDetail(lead.name, 'lead') : DUPLICATE_OF_UNSEEN_LEAD_DETAIL,
              });
            else fresh.push(candidate);
          }
          // Owners in turn carry on from the rows the import holds so far, this request's earlier slices included.
          const owners = await uploadOwners(tx, uploader, tenantId, upload, importId, fresh.length);
          const inserted = await prospects.bulkInsert(tenantId, fresh.map(toBulkRow), { statusId, stageId, importId, owners });
          insertedCount += inserted.length;
          if (inserted.length < fresh.length) {
            // The tenant has these phones though the check above did not see them: prospects the uploader
            // cannot see, or ones another upload inserted after it. They count as duplicates, unnamed.
            const insertedDigits = new Set(inserted);
            for (const candidate of fresh) {
              if (candidate.digits && !insertedDigits.has(candidate.digits)) errors.push({ row: candidate.row, detail: DUPLICATE_OF_UNSEEN_DETAIL });
            }
          }
        }
        errors.sort((a, b) => a.row - b.row);
        warnings = savedRowWarnings(candidates, errors);
        await importsRepository(tx).addSlice(tenantId, importId, {
          received: records.length,
          created: insertedCount,
          refused: refusedRows(records, errors, firstRow),
          warned: warnedRows(records, warnings, firstRow),
        });
        await notifyUpload(tx, { tenantId, importId, uploaderId: upload.userId, teamUpload: typeof upload.assign === 'object' });
        await auditRepository(tx).record(actor, {
          tenantId,
          action: 'prospect.bulk_uploaded',
          // The upload is its import: the trail names its file (the audit log reads the import's name).
          targetType: 'import',
          targetId: importId,
          targetName: upload.fileName ?? null,
          details: {
            import_id: importId,
            rows: records.length,
            created: insertedCount,
            errors: records.length - insertedCount,
            assign: upload.assign ?? 'uploader',
          },
        });
        return { created: insertedCount, importId };
      });
      return {
        import_id: importId,
        total_created: created,
        total_errors: errors.length,
        errors,
        total_warned: new Set(warnings.map((warning) => warning.row)).size,
        warnings,
      };
    },
  };
}
