import type { ImportListResponse, ProspectImport, RefusedRowsResponse, RevertImportResponse, WarnedRowsResponse } from '@app/shared/contracts';
import type { Db, Tx } from '../../db/client';
import { passOwnerWall } from '../../db/wall/owner-wall';
import { conflict, notFound, Refusal } from '../../lib/refusal';
import { assertRowTenant } from '../../tenancy/tenant-access';
import { userScope, type Scope, type ScopeUser } from '../../tenancy/scope';
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
  remove(tx: Tx, tenantId: string, importId: string): Promise<{ removed: number; kept: number }>;
  /** How many of the import's prospects belong to owners the scope does not see. */
  countUnseen(tx: Tx, tenantId: string, importId: string, scope: Scope): Promise<number>;
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

export function importsService(db: Db, options: { prospects: ImportedProspects }) {
  const repo = importsRepository(db);
  const tenantOfImport = async (user: ScopeUser, id: string) => {
    const scope = userScope(user);
    return { scope, tenantId: assertRowTenant(user, await repo.tenantOf(scope, id), IMPORT_NOT_FOUND_DETAIL) };
  };

  return {
    async list(scope: Scope, tenantId: string): Promise<ImportListResponse> {
      return { imports: (await repo.list(scope, tenantId)).map(toImportDto) };
    },

    async refusedRows(user: ScopeUser, id: string): Promise<RefusedRowsResponse> {
      const { scope, tenantId } = await tenantOfImport(user, id);
      const found = await repo.refusedRows(scope, tenantId, id);
      if (!found) throw notFound(IMPORT_NOT_FOUND_DETAIL);
      return { file_name: found.fileName, rows: found.rows };
    },

    async warnedRows(user: ScopeUser, id: string): Promise<WarnedRowsResponse> {
      const { scope, tenantId } = await tenantOfImport(user, id);
      const found = await repo.warnedRows(scope, tenantId, id);
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
    async revert(user: ScopeUser, id: string, actor: AuditActor): Promise<RevertImportResponse> {
      const { scope, tenantId } = await tenantOfImport(user, id);
      return passOwnerWall(db, 'reverting an import, whoever its rows went to', async (tx) => {
        const imports = importsRepository(tx);
        const locked = await imports.lock(scope, tenantId, id);
        if (!locked) throw notFound(IMPORT_NOT_FOUND_DETAIL);
        const mayRevert = user.isAdmin || locked.createdBy === user.id || (await options.prospects.countUnseen(tx, tenantId, id, scope)) === 0;
        if (!mayRevert) throw new Refusal('forbidden', REVERT_NOT_ALLOWED_DETAIL);
        if (locked.revertedAt) throw conflict(ALREADY_REVERTED_DETAIL);
        const { removed, kept } = await options.prospects.remove(tx, tenantId, id);
        await imports.markReverted(scope, tenantId, id, { by: user.id, removed, kept });
        const row = await imports.find(scope, tenantId, id);
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
