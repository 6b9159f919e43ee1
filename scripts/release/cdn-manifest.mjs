// The release manifest as the command line reaches it: the server's database row, through the same
// library as the server's Releases API, so both promote, refuse and record alike. A CDN folder's
// manifest.json from before is carried into the row the first time either reads it.
import releaseControl from '@app/shared/build/release-control';

export const { BUILTIN, MANIFEST_FILE, databaseManifest, carryOverFrom, setLive, rollBack, remoteState } = releaseControl;

/** The manifest of the database `db` (openDatabase), carrying over the manifest file of the CDN folder `cdn`. */
export function manifestIn(db, cdn) {
  return databaseManifest((work) => db.transaction(work), carryOverFrom(cdn));
}
