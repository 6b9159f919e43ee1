import type { ContactRequest, ContactService, SupportMessage } from '@app/shared/contracts';
import type { Database, ScopedDb } from '../../tenancy/database';
import { notFound } from '../../lib/refusal';
import { type AuditActor, recordAudit } from '../audit';
import type { prospectsService } from '../prospects';
import { messageAddition } from './add-to-prospect';
import { MESSAGE_NOT_FOUND_DETAIL, messageConversion } from './conversion';
import { assertInboxAccess } from './inbox-access';
import { supportMessagesRepository, type SupportMessageRow } from './repository';

/** Subjects by the service the visitor picked, so the Messages page can be scanned by topic. */
export const CONTACT_SUBJECTS: Record<ContactService, string> = {
  payofina: 'Payofina enquiry',
  web: 'Web development enquiry',
  mobile: 'Mobile apps enquiry',
  integration: 'Systems integration enquiry',
  consulting: 'IT consulting enquiry',
};
export const GENERAL_SUBJECT = 'General enquiry';

export function toSupportMessageDto(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    company: row.company,
    service: row.service,
  };
}

/** A customer message as the audit trail names it: its subject and sender, kept after the message is deleted. */
function messageTarget(message: SupportMessageRow) {
  return {
    targetType: 'message',
    targetId: message.id,
    targetName: message.subject,
    details: { subject: message.subject, from: message.email },
  };
}

/**
 * The customer messages (the Messages page) and what staff make of them. Staff's calls run on the
 * caller's database (request.db); the contact form, which nobody signs in to, is the system's work.
 */
export function supportService({ prospects }: { prospects: ReturnType<typeof prospectsService> }) {
  return {
    ...messageConversion({ prospects }),
    ...messageAddition({ prospects }),

    /** A visitor's message from the public contact form: stored unsolved, for the Messages page. */
    async submit(database: Database, input: ContactRequest): Promise<void> {
      await supportMessagesRepository(database.asSystem('contact form')).insert({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: null,
        company: input.company || null,
        service: input.service ?? null,
        subject: input.service ? CONTACT_SUBJECTS[input.service] : GENERAL_SUBJECT,
        message: input.message,
      });
    },

    async listUnsolved(db: ScopedDb): Promise<SupportMessage[]> {
      await assertInboxAccess(db);
      return (await supportMessagesRepository(db).listUnsolved()).map(toSupportMessageDto);
    },

    async solve(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const tenantId = await assertInboxAccess(tx);
        const messages = supportMessagesRepository(tx);
        const message = await messages.visible(id, MESSAGE_NOT_FOUND_DETAIL);
        if (!(await messages.solve(id))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { tenantId, action: 'message.solved', ...messageTarget(message) });
      });
    },

    async remove(db: ScopedDb, id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const tenantId = await assertInboxAccess(tx);
        const messages = supportMessagesRepository(tx);
        const message = await messages.visible(id, MESSAGE_NOT_FOUND_DETAIL);
        if (!(await messages.delete(id))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { tenantId, action: 'message.deleted', ...messageTarget(message) });
      });
    },
  };
}
