/** A tenant's teams and their members. The rest of the server imports this module through this file only. */
export { teamsRoutes } from './routes';
export { teamsService, type TeamsServiceOptions } from './service';
export { teamsRepository } from './repository';
