/** Mail on prospects and leads: written from the record, fetched from mailboxes, and the tenant's templates. The rest of the server imports this module through this file only. */
export { composeMail, newMessageId } from './compose';
export { withMailboxDelivery } from './delivery';
export { mailboxFetch } from './fetch';
export { recordMailsRepository } from './repository';
export { recordMailsRoutes } from './routes';
export { recordMailsService } from './service';
export { mailTemplatesService } from './templates';
