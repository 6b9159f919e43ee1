import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';
import { listQuerySchema } from './crm-common';

/** Every action the audit trail records; the Audit Log's action filter offers these. */
export const AUDIT_ACTIONS = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'auth.session_revoked',
  'auth.signed_out_everywhere',
  'auth.password_changed',
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.deleted',
  'user.groups_changed',
  'tenant.created',
  'tenant.updated',
  'team.created',
  'team.updated',
  'team.deleted',
  'prospect.bulk_uploaded',
  'prospect.import_reverted',
  'prospect.deleted',
  'prospect.assigned',
  'lead.deleted',
  'lead.assigned',
  'prospect.exported',
  'lead.exported',
  'message.converted',
  'email_account.password_revealed',
  'quotation.sent',
  'quotation.accepted',
  'quotation.rejected',
  'quotation.duplicated',
  'release.promoted',
  'release.canary_started',
  'release.canary_ended',
  'release.rolled_back',
  'status_option.created',
  'status_option.updated',
  'status_option.deleted',
  'pipeline_stage.created',
  'pipeline_stage.updated',
  'pipeline_stage.deleted',
  'goal.created',
  'goal.updated',
  'goal.deleted',
  'prospect.created',
  'prospect.updated',
  'prospect.status_changed',
  'prospect.stage_changed',
  'lead.created',
  'lead.updated',
  'lead.stage_changed',
  'call_queue.claimed',
  'call_queue.renewed',
  'call_queue.skipped',
  'view.created',
  'view.deleted',
  'message.solved',
  'message.deleted',
  'email_account.created',
  'email_account.updated',
  'email_account.deleted',
  'quotation.created',
  'quotation.updated',
  'quotation.deleted',
  'quotation_profile.updated',
  'note.created',
  'note.updated',
  'note.deleted',
  'task.created',
  'task.updated',
  'task.completed',
  'task.reopened',
  'task.deleted',
  'calendar_feed.created',
  'calendar_feed.revoked',
  'notification_preferences.updated',
  'email_account.checked',
  'record_mail.sent',
  'mail_template.created',
  'mail_template.updated',
  'mail_template.deleted',
  'product.created',
  'product.updated',
  'product.archived',
  'product.restored',
  'product.deleted',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: `action: must be one of ${AUDIT_ACTIONS.join(', ')}` });
export type AuditAction = z.infer<typeof auditActionSchema>;

/** How the Audit Log names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.signed_out': 'Signed out',
  'auth.session_revoked': 'Session ended (refresh token reused)',
  'auth.signed_out_everywhere': 'Signed out everywhere',
  'auth.password_changed': 'Password changed',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'user.deactivated': 'User deactivated',
  'user.deleted': 'User deleted',
  'user.groups_changed': 'Groups changed',
  'tenant.created': 'Tenant created',
  'tenant.updated': 'Tenant changed',
  'team.created': 'Team created',
  'team.updated': 'Team changed',
  'team.deleted': 'Team deleted',
  'prospect.bulk_uploaded': 'Bulk upload',
  'prospect.import_reverted': 'Import reverted',
  'prospect.deleted': 'Prospect deleted',
  'prospect.assigned': 'Prospects assigned',
  'lead.deleted': 'Lead deleted',
  'lead.assigned': 'Leads assigned',
  'prospect.exported': 'Prospects exported',
  'lead.exported': 'Leads exported',
  'message.converted': 'Message converted',
  'email_account.password_revealed': 'Mailbox password revealed',
  'quotation.sent': 'Quotation sent',
  'quotation.accepted': 'Quotation accepted',
  'quotation.rejected': 'Quotation rejected',
  'quotation.duplicated': 'Quotation duplicated',
  'release.promoted': 'Release promoted',
  'release.canary_started': 'Canary started',
  'release.canary_ended': 'Canary ended',
  'release.rolled_back': 'Release rolled back',
  'status_option.created': 'Status created',
  'status_option.updated': 'Status changed',
  'status_option.deleted': 'Status deleted',
  'pipeline_stage.created': 'Stage created',
  'pipeline_stage.updated': 'Stage changed',
  'pipeline_stage.deleted': 'Stage deleted',
  'goal.created': 'Goal created',
  'goal.updated': 'Goal changed',
  'goal.deleted': 'Goal deleted',
  'prospect.created': 'Prospect created',
  'prospect.updated': 'Prospect changed',
  'prospect.status_changed': 'Prospect status changed',
  'prospect.stage_changed': 'Prospect stage changed',
  'lead.created': 'Lead created',
  'lead.updated': 'Lead changed',
  'lead.stage_changed': 'Lead stage changed',
  'call_queue.claimed': 'Queue prospect claimed',
  'call_queue.renewed': 'Queue claim renewed',
  'call_queue.skipped': 'Queue prospect skipped',
  'view.created': 'View saved',
  'view.deleted': 'View deleted',
  'message.solved': 'Message solved',
  'message.deleted': 'Message deleted',
  'email_account.created': 'Mailbox added',
  'email_account.updated': 'Mailbox changed',
  'email_account.deleted': 'Mailbox deleted',
  'quotation.created': 'Quotation created',
  'quotation.updated': 'Quotation changed',
  'quotation.deleted': 'Quotation deleted',
  'quotation_profile.updated': 'Quotation profile changed',
  'note.created': 'Note added',
  'note.updated': 'Note changed',
  'note.deleted': 'Note deleted',
  'task.created': 'Task added',
  'task.updated': 'Task changed',
  'task.completed': 'Task done',
  'task.reopened': 'Task reopened',
  'task.deleted': 'Task deleted',
  'calendar_feed.created': 'Calendar feed address made',
  'calendar_feed.revoked': 'Calendar feed turned off',
  'notification_preferences.updated': 'Notification mail changed',
  'email_account.checked': 'Mailbox connection checked',
  'record_mail.sent': 'Email sent from a record',
  'mail_template.created': 'Mail template created',
  'mail_template.updated': 'Mail template changed',
  'mail_template.deleted': 'Mail template deleted',
  'product.created': 'Product created',
  'product.updated': 'Product changed',
  'product.archived': 'Product archived',
  'product.restored': 'Product restored',
  'product.deleted': 'Product deleted',
};

export const auditEventSchema = z.object({
  id: uuidSchema,
  created_at: timestampSchema,
  actor_user_id: uuidSchema.nullable(),
  /** Kept as text: the entry still names the actor after the user is deleted. */
  actor_email: z.string().nullable(),
  tenant_id: uuidSchema.nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * How a reader knows the target (a tenant's name, a user's email, a quotation's number): its
   * current name while it exists, else the one it had when the event happened; null when neither is known.
   */
  target_name: z.string().nullable(),
  client_ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const AUDIT_SEARCH_MAX_LENGTH = 200;
/** Forms send untouched filters as blank strings: those mean "not given". */
const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const moment = (field: string) => z.iso.datetime({ offset: true, error: `${field}: must be a date and time (ISO 8601)` });

const optionalFilter = (field: string) =>
  z
    .string()
    .trim()
    .max(AUDIT_SEARCH_MAX_LENGTH, `${field}: must be at most ${AUDIT_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value || undefined);

/**
 * Newest first, one page at a time: `before` is the `next` cursor of the previous page, so pages
 * stay stable while new entries arrive.
 */
export const auditEventsQuerySchema = z.object({
  action: blankAsMissing(auditActionSchema),
  /** The actor's email, or part of it. */
  actor: optionalFilter('actor'),
  tenant_id: blankAsMissing(z.uuid('tenant_id: must be a valid id')),
  from: blankAsMissing(moment('from')),
  to: blankAsMissing(moment('to')),
  /** Matched against the target, the address and the details. */
  q: optionalFilter('q'),
  before: optionalFilter('before'),
  limit: listQuerySchema.shape.limit,
});
export type AuditEventsQuery = z.output<typeof auditEventsQuerySchema>;
export type AuditEventsQueryInput = z.input<typeof auditEventsQuerySchema>;

export const auditEventPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next, older page; null on the last page. */
  next: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;
