/** The CRM's figures of the day. The rest of the server imports this module through this file only. */
export { dashboardRoutes } from './routes';
export { dashboardService } from './service';
