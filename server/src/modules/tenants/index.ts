/** Tenants, and what each new one starts with. The rest of the server imports this module through this file only. */
export { tenantsRepository } from './repository';
export { tenantsRoutes } from './routes';
export { TENANT_NOT_FOUND_DETAIL, tenantsService } from './service';
export { createTenantDefaults, DEFAULT_STAGES, DEFAULT_STATUSES } from './tenant-defaults';
export { assertMayChangeSetup } from './setup-changes';
