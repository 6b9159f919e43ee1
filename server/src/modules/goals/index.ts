/** Call goals of a tenant and the calls counted towards them. The rest of the server imports this module through this file only. */
export { GOAL_NOT_IN_TENANT_DETAIL, goalForCall } from './call-goal';
export { goalsRepository, isGoalActiveOn } from './repository';
export { goalsRoutes } from './routes';
export { goalsService } from './service';
