/** Mailbox accounts, with their passwords stored encrypted. The rest of the server imports this module through this file only. */
export { type EmailKey, emailKeyFromBytes, resolveEmailKey } from './email-key';
export { emailAccountsRoutes } from './routes';
export { emailAccountsService } from './service';
export { decryptPassword } from './password-cipher';
export { loginOf } from './service';
export { emailAccountsRepository, type EmailAccountRow } from './repository';
