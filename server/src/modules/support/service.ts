import type { ContactRequest, ContactService, SupportMessage } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { type AuditActor, recordAudit } from '../audit';
import type { prospectsService } from '../prospects';
import { messageAddition } from './add-to-prospect';
import { MESSAGE_NOT_FOUND_DETAIL, messageConversion } from './conversion';
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

export function supportService(db: Db, prospects: ReturnType<typeof prospectsService>) {
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

    async listUnsolved(): Promise<SupportMessage[]> {
      return (await repo.listUnsolved()).map(toSupportMessageDto);
    },

    async solve(id: string, userId: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await supportMessagesRepository(tx).solve(id, userId))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { action: 'message.solved', targetType: 'message', targetId: id });
      });
    },

    async remove(id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await supportMessagesRepository(tx).delete(id))) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
        await recordAudit(tx, actor, { action: 'message.deleted', targetType: 'message', targetId: id });
      });
    },
  };
}
