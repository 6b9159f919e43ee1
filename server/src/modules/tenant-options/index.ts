/** What status options and pipeline stages share: the list, create, change and delete of a tenant's options. The rest of the server imports this module through this file only. */
export { tenantOptionsRepository } from './repository';
export { tenantOptionsRoutes } from './routes';
export { chosenOrInitial, optionDto, optionValues, tenantOptionsService } from './service';
