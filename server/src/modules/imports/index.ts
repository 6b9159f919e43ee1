/** Uploaded files of prospects: the record of each upload, its refused and warned rows, and its revert. The rest of the server imports this module through this file only. */
export { importsRepository } from './repository';
export { importsRoutes } from './routes';
export { IMPORT_NOT_FOUND_DETAIL, type ImportedProspects, importsService, REVERT_NOT_ALLOWED_DETAIL } from './service';
