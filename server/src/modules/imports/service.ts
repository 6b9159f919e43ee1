import type { ImportListResponse, ProspectImport, RefusedRowsResponse, RevertImportResponse, WarnedRowsResponse } from '@app/shared/contracts';
import { conflict, forbidden, notFound } from '../../lib/refusal';
import { passOwnerWall, type ScopedDb, type ScopedTx } from '../../tenancy/database';
import type { Scope } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { importsRepository, type ImportView } from './repository';

export const IMPORT_NOT_FOUND_DETAIL = 'Import not found.';
export const ALREADY_REVERTED_DETAIL = 'This import has already been reverted.';
export const REVERT_NOT_ALLOWED_DETAIL =
  'Only the person who uploaded this import, an admin, or someone who sees the records of everyone its prospects went to can revert it.';

/**
 * What a revert does to, and asks of, the import's prospects, in the revert's transaction: the
 * prospects module hands it in, as it records its uploads here and so is the one of the two to know the other.
 */
export interface ImportedProspects {
  remove(tx: ScopedTx, tenantId: string, importId: string): Promise<{ removed: number; kept: number }>;
  /** How many of the import's prospects belong to others than `owners` (a scope's; unassigned ones count as seen). */
  countUnseen(tx: ScopedTx, tenantId: string, importId: string, owners: Scope['owners']): Promise<number>;
}

export function toImportDto(row: ImportView): ProspectImport {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    rows_created: row.rowsCreated,
    rows_refused: row.rowsRefused,
    rows_warned: row.rowsWarned,
    reverted_at: row.revertedAt?.toISOString() ?? null,
    reverted_by: row.revertedBy,
    revert_removed: row.revertRemoved,
    revert_kept: row.revertKept,
  };
}

/** Imports, each call on the caller's database (request.db); `prospects` is what a revert does to the import's prospects. */
export function importsService({ prospects }: { prospects: ImportedProspects }) {
  return {
    async list(db: ScopedDb, tenantId: string): Promise<ImportListResponse> {
      return { imports: (await importsRepository(db).list(tenantId)).map(toImportDto) };
    },

    async refusedRows(db: ScopedDb, id: string): Promise<RefusedRowsResponse> {
      const repo = importsRepository(db);
      const { tenantId } = await repo.visible(id, IMPORT_NOT_FOUND_DETAIL);
      const found = await repo.refusedRows(tenantId, id);
      if (!found) throw notFound(IMPORT_NOT_FOUND_DETAIL);
      return { file_name: found.fileName, rows: found.rows };
    },

    async warnedRows(db: ScopedDb, id: string): Promise<WarnedRowsResponse> {
      const repo = importsRepository(db);
      const { tenantId } = await repo.visible(id, IMPORT_NOT_FOUND_DETAIL);
      const found = await repo.warnedRows(tenantId, id);
      if (!found) throw notFound(IMPORT_NOT_FOUND_DETAIL);
      return { file_name: found.fileName, rows: found.rows };
    },

    /**
     * One transaction: deletes the prospects the import created that nobody has worked since,
     * keeps the others, lowers the tenant's prospects total and records the revert. A second revert is refused.
     * The revert undoes the import, not the user's own rows: it passes the owner wall, so rows of the
     * import that went to owners the reverter does not see are removed or counted as kept like the
     * others, and removed + kept always accounts for every row of the import still there. So only its
     * uploader, an admin, or a user who sees every owner its rows went to may revert it (403, nothing
     * removed): a teammate who sees the upload may not remove rows handed to another team.
     */
    async revert(db: ScopedDb, id: string, actor: AuditActor): Promise<RevertImportResponse> {
      // The import must be one the reverter sees; past the wall, their scope is theirs to judge by.
      const { tenantId } = await importsRepository(db).visible(id, IMPORT_NOT_FOUND_DETAIL);
      const reverter = db.scope;
      return passOwnerWall(db, 'reverting an import, whoever its rows went to', async (tx) => {
        const imports = importsRepository(tx);
        const locked = await imports.lock(tenantId, id);
        if (!locked) throw notFound(IMPORT_NOT_FOUND_DETAIL);
        const mayRevert = reverter.isAdmin || locked.createdBy === reverter.userId || (await prospects.countUnseen(tx, tenantId, id, reverter.owners)) === 0;
        if (!mayRevert) throw forbidden(REVERT_NOT_ALLOWED_DETAIL);
        if (locked.revertedAt) throw conflict(ALREADY_REVERTED_DETAIL);
        const { removed, kept } = await prospects.remove(tx, tenantId, id);
        await imports.markReverted(tenantId, id, { by: reverter.userId!, removed, kept });
        const row = await imports.find(tenantId, id);
        if (!row) throw notFound(IMPORT_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, {
          tenantId,
          action: 'prospect.import_reverted',
          targetType: 'import',
          targetId: id,
          targetName: row.fileName,
          details: { file_name: row.fileName, removed, kept },
        });
        return { removed, kept, import: toImportDto(row) };
      });
    },
  };
}
