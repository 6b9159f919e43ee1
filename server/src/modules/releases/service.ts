import {
  assertRemote,
  BUILTIN,
  fallbackVersion,
  listReleases,
  promote as promoteRelease,
  readRecord,
  ReleaseError,
  remoteState,
  rollback as rollbackRelease,
  REMOTE_NAMES,
  type HistoryEntry,
  type ReleaseStores,
} from '@app/shared/build/release-control';
import { type PromoteRelease, type ReleaseFailure, type ReleasesList, type RemoteReleases } from '@app/shared/contracts';
import { badRequest, conflict, notFound, unavailable } from '../../lib/refusal';
import type { Database, ScopedDb } from '../../tenancy/database';
import { type AuditActor, auditRepository } from '../audit';
import { tenantsRepository } from '../tenants';
import { releaseFailuresRepository } from './repository';

export const UNKNOWN_TENANT_DETAIL = (id: string) => `tenant_ids: no tenant ${id}.`;

export const FILES_UNAVAILABLE_DETAIL = 'The published versions cannot be read right now. Try again shortly.';

/**
 * The release library's refusals (it is the release commands' too, which know no Refusal) as the
 * domain's: an unknown remote or version not found, a bad share invalid, the bucket out of reach
 * unavailable (its message, naming the bucket, stays in the log), the rest a conflict.
 */
function asRefusal(error: unknown): unknown {
  if (!(error instanceof ReleaseError)) return error;
  if (error.reason === 'not-found') return notFound(error.message);
  if (error.reason === 'bad-input') return badRequest(error.message);
  if (error.reason === 'unavailable') return Object.assign(unavailable(FILES_UNAVAILABLE_DETAIL), { cause: error });
  return conflict(error.message);
}

async function releaseCall<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asRefusal(error);
  }
}

const historyDto = (h: HistoryEntry) => ({ action: h.action, version: h.version, percent: h.percent ?? null, tenant_ids: h.tenants ?? [], at: h.at });

/**
 * Which version of each remote is live or a canary, through the same library as `pnpm promote`:
 * the manifest's row in the database is the one record of it, the CDN folder or the bucket holds the
 * versions. Browsers that reported a version failing are counted per version. Admins' calls run on
 * their own database (request.db); a browser's failure report, signed in or not, on the system's.
 */
export function releasesService(stores: ReleaseStores) {
  async function remoteReleases(remote: string, counts: Map<string, number>): Promise<RemoteReleases> {
    const state = await remoteState(stores.manifest, remote);
    return {
      remote,
      live: state.live,
      // The fallbacks as /mf-remotes.json names them for the canary's users and for everyone else.
      canary: state.canary
        ? {
            version: state.canary.version,
            percent: state.canary.percent,
            tenant_ids: state.canary.tenants,
            since: state.canary.since,
            fallback: fallbackVersion(state, true)!,
          }
        : null,
      fallback: fallbackVersion(state, false),
      versions: (await listReleases(stores, remote)).map((r) => ({
        version: r.version,
        commit: r.commit,
        published_at: r.publishedAt,
        live: r.live,
        canary: r.canary !== null,
        failing_browsers_24h: counts.get(`${remote}/${r.version}`) ?? 0,
      })),
      history: state.history.map(historyDto).reverse(),
    };
  }

  async function failureCounts(db: ScopedDb): Promise<Map<string, number>> {
    return new Map((await releaseFailuresRepository(db).countsOfLastDay()).map((row) => [`${row.remote}/${row.version}`, row.count]));
  }

  async function get(db: ScopedDb, remote: string): Promise<RemoteReleases> {
    const counts = await failureCounts(db);
    return releaseCall(() => remoteReleases(remote, counts));
  }

  return {
    async list(db: ScopedDb): Promise<ReleasesList> {
      const counts = await failureCounts(db);
      return releaseCall(async () => ({ remotes: await Promise.all(REMOTE_NAMES.map((remote) => remoteReleases(remote, counts))) }));
    },

    get,

    /**
     * A browser's report, signed in or not (a failing page still reports); only versions that exist
     * are counted, so made-up ones cannot fill the table.
     */
    async reportFailure(database: Database, remote: string, failure: ReleaseFailure, reporter: string): Promise<void> {
      await releaseCall(async () => {
        if (failure.version !== BUILTIN) await readRecord(stores.files, remote, failure.version);
        else assertRemote(remote);
      });
      await releaseFailuresRepository(database.asSystem('release failure report')).record(remote, failure, reporter);
    },

    async promote(db: ScopedDb, actor: AuditActor, remote: string, input: PromoteRelease): Promise<RemoteReleases> {
      const tenants = input.tenant_ids === undefined ? undefined : [...new Set(input.tenant_ids)];
      for (const id of tenants ?? []) if (!(await tenantsRepository(db).findById(id))) throw notFound(UNKNOWN_TENANT_DETAIL(id));
      // A share or tenant list the request leaves out keeps the running canary's own (the library decides).
      const changed = await releaseCall(() => promoteRelease(stores, remote, input.version, { percent: input.percent, tenants }));
      if (changed) {
        const { canary } = await releaseCall(() => remoteState(stores.manifest, remote));
        const started = canary?.version === input.version ? canary : null;
        await auditRepository(db).record(actor, {
          action: started ? 'release.canary_started' : 'release.promoted',
          targetType: 'release',
          targetId: remote,
          targetName: `${remote} ${input.version}`,
          details: started ? { version: input.version, percent: started.percent, tenant_ids: started.tenants } : { version: input.version },
        });
      }
      return get(db, remote);
    },

    /** Ends the canary when there is one, else goes back to the version live before. */
    async rollback(db: ScopedDb, actor: AuditActor, remote: string): Promise<RemoteReleases> {
      const { ended, restored } = await releaseCall(() => rollbackRelease(stores, remote));
      const version = (ended ?? restored)!;
      await auditRepository(db).record(actor, {
        action: ended ? 'release.canary_ended' : 'release.rolled_back',
        targetType: 'release',
        targetId: remote,
        targetName: `${remote} ${version}`,
        details: { version },
      });
      return get(db, remote);
    },
  };
}
