/**
 * Customer messages: what visitors send through the website's contact form, and what staff make of
 * them on the Messages page (solve, delete, convert into a prospect or add to one). The module, its
 * routes (/support/...) and its table (support_messages) keep the older name. The rest of the server
 * imports this module through this file only.
 */
export { supportRoutes } from './routes';
export { supportService } from './service';
