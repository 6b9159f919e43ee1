/** A prospect's or lead's history: status and stage changes, calls and notes. The rest of the server imports this module through this file only. */
export { activitiesRepository, recentActivitiesJson } from './repository';
export { activitiesRouteOptions } from './route-options';
