/** Prospects: the companies to call, one by one or uploaded in bulk, and their status changes. The rest of the server imports this module through this file only. */
export { prospectsAssignService } from './assign';
export { BULK_COLUMNS, isActive, prospectCountersRepository, prospectsRepository } from './repository';
export { prospectsRoutes } from './routes';
export { importedProspects, PROSPECT_NOT_FOUND_DETAIL, prospectsService, STATUS_NOT_IN_TENANT_DETAIL } from './service';
export { GOAL_NOT_IN_TENANT_DETAIL, prospectStatusService } from './status-change';
export { uploadChecker } from './upload-checker';
