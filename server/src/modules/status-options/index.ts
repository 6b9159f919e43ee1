/** A tenant's status options. The rest of the server imports this module through this file only. */
export { statusOptionsRepository } from './repository';
export { statusOptionsRoutes } from './routes';
export { statusOptionsService } from './service';
