/** The CRM's reports: pipeline, won and lost, calls and funnel. The rest of the server imports this module through this file only. */
export { reportsRoutes } from './routes';
export { reportsService } from './service';
