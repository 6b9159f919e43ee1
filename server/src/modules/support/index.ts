/** Messages of the contact form and what staff make of them. The rest of the server imports this module through this file only. */
export { supportRoutes } from './routes';
export { supportService } from './service';
