import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';
import { timestampSchema, uuidSchema } from './common';

/**
 * What a user is told about: a callback or a task of theirs come due, records handed to them by someone
 * else, a quotation of theirs viewed, accepted or rejected through its link, an upload of theirs done, a mail
 * arriving on a record of theirs, and a mailbox of theirs whose password stopped working.
 * A new kind is one more word here and a migration widening the table's checks (db:generate writes it).
 */
export const NOTIFICATION_KINDS = [
  'callback_due',
  'task_due',
  'record_assigned',
  'quotation_viewed',
  'quotation_accepted',
  'quotation_rejected',
  'import_finished',
  'mail_received',
  'mailbox_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The preferences panel's label of each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  callback_due: 'A callback comes due',
  task_due: 'A task of mine comes due',
  record_assigned: 'Records are assigned to me',
  quotation_viewed: 'My quotation is viewed',
  quotation_accepted: 'My quotation is accepted',
  quotation_rejected: 'My quotation is rejected',
  import_finished: 'My import is finished',
  mail_received: 'A reply arrives on my record',
  mailbox_failed: 'My mailbox stops taking its password',
};

/** Rows of one page of notifications: the panel's first page, at most PAGE_SIZE_MAX. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int('page: must be a whole number').min(1, 'page: must be at least 1').max(10_000, 'page: must be at most 10000').default(1),
  limit: z.coerce
    .number()
    .int('limit: must be a whole number')
    .min(1, 'limit: must be at least 1')
    .max(PAGE_SIZE_MAX, `limit: must be at most ${PAGE_SIZE_MAX}`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: uuidSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence shown, written when the event happened. */
  text: z.string(),
  /** What it is about (one of them, or none: a batch of records, an import). */
  prospect_id: uuidSchema.nullable(),
  lead_id: uuidSchema.nullable(),
  quotation_id: uuidSchema.nullable(),
  /** Where it leads in the app (a path): the record's page, the quotations, the imports; null: nowhere. */
  link: z.string().nullable(),
  /** Null while unread. */
  read_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationsReadResponseSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationsReadResponse = z.infer<typeof notificationsReadResponseSchema>;

/** Which kinds are also mailed to the user (through the outbox); every kind is always in the bell. */
export const notificationPreferencesSchema = z.object({
  mail: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean({ error: 'mail: each kind must be true or false' }), {
    error: 'mail: must map each kind to true or false',
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';
