/** Saved views of the CRM's lists and board. The rest of the server imports this module through this file only. */
export { savedViewsRoutes } from './routes';
export { savedViewsService } from './service';
