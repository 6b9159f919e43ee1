import type { ContactRequest, ContactService, SupportMessage } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { notFound } from '../../lib/refusal';
import { type AuditActor, recordAudit } from '../audit';
import type { prospectsService } from '../prospects';
import { messageAddition } from './add-to-prospect';
import { MESSAGE_NOT_FOUND_DETAIL, messageConversion } from './conversion';
import { assertInboxAccess, type InboxReader } from './inbox-access';
import { supportMessagesRepository, type SupportMessageRow } from './repository';

/** Subjects by the service the visitor picked, so the inbox can be scanned by topic. */
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

/** A message as the audit trail names it: its subject and sender, kept after the message is deleted. */
function messageTarget(message: SupportMessageRow) {
  return {
    targetType: 'message',
    targetId: message.id,
    targetName: message.subject,
    details: { subject: message.subject, from: message.email },
  };
}

export function supportService(db: ScopedDb, prospects: ReturnType<typeof prospectsService>) {
  const repo = supportMessagesRepository(db);

  return {
    ...messageConversion(db, prospects),
    ...messageAddition(db, prospects),

    async submit(input: ContactRequest): Promise<void> {
      await repo.insert({
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

    async listUnsolved(user: InboxReader): Promise<SupportMessage[]> {
      await assertInboxAccess(db, user);
      return (await repo.listUnsolved()).map(toSupportMessageDto);
    },

    async solve(user: InboxReader & { id: string }, id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const tenantId = await assertInboxAccess(tx, user);
        const messages = supportMessagesRepository(tx);
        const message = await messages.findById(id);
        if (!message || !(await messages.solve(id, user.id))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { tenantId, action: 'message.solved', ...messageTarget(message) });
      });
    },

    async remove(user: InboxReader, id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const tenantId = await assertInboxAccess(tx, user);
        const messages = supportMessagesRepository(tx);
        const message = await messages.findById(id);
        if (!message || !(await messages.delete(id))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { tenantId, action: 'message.deleted', ...messageTarget(message) });
      });
    },
  };
}
