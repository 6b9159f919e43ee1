import type { UploadAssign } from '@app/shared/contracts';
import { passOwnerWall, type ScopedDb, type ScopedTx } from '../../tenancy/database';
import type { Scope } from '../../tenancy/scope';
import { teamInTurn } from '../owners';
import { importedProspectsRepository, type UploadOwners } from './repository';

/**
 * The owners of the `count` rows a slice saves. A team's members (by name, then id) take rows in
 * turn, each one the uploader sees; a later slice of the same file carries on where the import's
 * saved rows left off.
 */
export async function uploadOwners(
  tx: ScopedTx,
  uploader: Scope,
  tenantId: string,
  upload: { assign?: UploadAssign; userId: string | null },
  importId: string,
  count: number,
): Promise<UploadOwners> {
  const assign = upload.assign ?? 'uploader';
  if (assign === 'uploader') return upload.userId;
  if (assign === 'none') return null;
  const members = await teamInTurn(tx, uploader, tenantId, assign.team_id);
  const start = await importedProspectsRepository(tx).countRemaining(tenantId, importId);
  return Array.from({ length: count }, (_, index) => members[(start + index) % members.length]!.id);
}

/**
 * Runs an upload's transaction. A team upload hands rows only to members the uploader sees
 * (teamInTurn), but the duplicate check must still find every prospect of the tenant, colleagues'
 * hidden ones included, and the import's earlier slices may have gone to members since hidden: such
 * an upload passes the owner wall, within the tenant the route has already checked.
 */
export function runUpload<T>(db: ScopedDb, assign: UploadAssign | undefined, work: (tx: ScopedTx) => Promise<T>): Promise<T> {
  return typeof assign === 'object' ? passOwnerWall(db, 'an upload handing its rows to a team', work) : db.transaction(work);
}
