/** Which version of each remote a user gets, the failures browsers report, and the admins' release controls. The rest of the server imports this module through this file only. */
export { releasesRoutes } from './routes';
export { releasesService } from './service';
export { releaseStores } from './stores';
export { remotesManifest } from './placement';
