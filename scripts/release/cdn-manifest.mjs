// The runtime manifest of the CDN folder lives with the server's Releases API in one library, so the
// command line and the API promote, refuse and record alike.
import releaseControl from '@app/shared/build/release-control';

export const { BUILTIN, MANIFEST_FILE, readManifest, updateManifest, setLive, rollBack, remoteState } = releaseControl;
