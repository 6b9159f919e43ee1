/** The prospects and leads lists as CSV and Excel downloads. The rest of the server imports this module through this file only. */
export { listExportsRoutes } from './routes';
export { listExportsService } from './service';
