/** Call goals of a tenant and the calls counted towards them. The rest of the server imports this module through this file only. */
export { goalsRepository, isGoalActiveOn } from './repository';
export { goalsRoutes } from './routes';
export { goalsService } from './service';
