/** Who did what: the audit trail every change writes, and its page for admins. The rest of the server imports this module through this file only. */
export { type AuditActor, auditActor, NO_ACTOR } from './actor';
export { recordMessageConverted } from './events';
export { auditRepository, recordAudit } from './repository';
export { auditRoutes } from './routes';
export { auditService } from './service';
