/** A tenant's quotation profile: the sender and terms its quotations carry. The rest of the server imports this module through this file only. */
export { quotationProfilesRepository } from './repository';
export { quotationProfileRoutes } from './routes';
export { quotationProfilesService } from './service';
