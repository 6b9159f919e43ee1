/** Liveness answer for load balancers. The rest of the server imports this module through this file only. */
export { databaseProbe } from './probe';
export { healthRoutes } from './routes';
