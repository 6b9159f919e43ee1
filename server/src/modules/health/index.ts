/** Liveness answer for load balancers. The rest of the server imports this module through this file only. */
export { databaseProbe, healthRoutes } from './routes';
