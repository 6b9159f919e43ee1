import { carryOverFrom, databaseManifest, type ManifestQuery, type ReleaseFiles, type ReleaseStores } from '@app/shared/build/release-control';
import { bucketFiles, folderFiles } from '@app/shared/build/release-files';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import type { CdnBucket } from '../../config';
import type { Database } from '../../tenancy/database';

/** A statement of the release library (`$1`, `$2`… for its parameters) as drizzle runs it, its parameters bound, never spliced. */
function statement(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
}

/**
 * The release manifest in this database, through the same library (and the same statements) as
 * `pnpm promote`; the CDN folder's manifest.json, if any, is carried into its row the first time it is read.
 * The manifest belongs to no tenant and is read for whoever loads a page, signed in or not: it is
 * read and written as the system's, for that one named task.
 */
export function releaseStores(database: Database, options: { cdnDir: string; bucket?: CdnBucket; files?: ReleaseFiles }): ReleaseStores {
  const db = database.asSystem('release manifest');
  const query =
    (tx: Pick<Db, 'execute'>): ManifestQuery =>
    async (text, params = []) =>
      rowsOf<Record<string, unknown>>(await tx.execute(statement(text, params)));
  const files = options.files ?? (options.bucket ? bucketFiles(options.bucket) : folderFiles(options.cdnDir));
  return {
    manifest: databaseManifest((work) => db.transaction((tx) => work(query(tx))), carryOverFrom(options.cdnDir)),
    files,
  };
}
