/** The server's day, the CRM's "today", for the screens' date defaults. The rest of the server imports this module through this file only. */
export { todayRoutes } from './routes';
