/** A tenant's catalogue of products and services, which quotations' lines copy. The rest of the server imports this module through this file only. */
export { productsRoutes } from './routes';
export { productsService } from './service';
