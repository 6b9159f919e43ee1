import { MESSAGE_ALREADY_CONVERTED_DETAIL, phoneKey, type ConvertMessageRequest, type MessageDuplicate, type Prospect } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';
import { conflict } from '../../lib/refusal';
import { type AuditActor, recordMessageConverted } from '../audit';
import type { CompanyInput } from '../companies';
import { prospectsRepository, type prospectsService } from '../prospects';
import { tenantsRepository } from '../tenants';
import { assertInboxAccess } from './inbox-access';
import { isLinked } from './message-link';
import { supportMessagesRepository, type SupportMessageRow } from './repository';

export const MESSAGE_NOT_FOUND_DETAIL = 'Message not found.';

/** Which message: its subject, sender and day, as the prospect's history names it. */
export function messageReference(message: SupportMessageRow): string {
  const sender = `${message.firstName} ${message.lastName}`.trim();
  return `customer message "${message.subject}" from ${sender} <${message.email}>, received ${message.createdAt.toISOString().slice(0, 10)}`;
}

/** The line the prospect's history starts with: which message it was made from. */
export function originSummary(message: SupportMessageRow): string {
  return `Created from ${messageReference(message)}`;
}

/**
 * A customer message becomes a prospect of a tenant (checked by the route): created by the
 * prospects service with its rules, and in the same transaction the message is linked to it and
 * marked solved, so there is never a prospect without its link nor a link without a prospect. Each
 * call on the caller's database (request.db).
 */
export function messageConversion({ prospects }: { prospects: ReturnType<typeof prospectsService> }) {
  return {
    /** Prospects of the tenant that already hold the phone (a create would be refused) or the email. */
    async duplicates(db: ScopedDb, id: string, tenantId: string, match: { phone1?: string; email?: string }): Promise<MessageDuplicate[]> {
      await assertInboxAccess(db);
      await supportMessagesRepository(db).visible(id, MESSAGE_NOT_FOUND_DETAIL);
      // The same number however it is written: its E.164 digits in the tenant's country.
      const digits = phoneKey(match.phone1, await tenantsRepository(db).defaultCountry(tenantId));
      const email = (match.email ?? '').toLowerCase();
      const rows = await prospectsRepository(db).duplicatesOf(tenantId, { digits, email });
      return rows.map((row) => {
        const phone = Boolean(digits) && row.phoneDigits === digits;
        const mail = Boolean(email) && (row.email ?? '').toLowerCase() === email;
        return {
          id: row.id,
          name: row.name,
          phone1: row.phone1,
          phone1_e164: row.phone1E164,
          email: row.email,
          matches: phone && mail ? 'both' : phone ? 'phone' : 'email',
        };
      });
    },

    async convert(db: ScopedDb, id: string, tenantId: string, fields: ConvertMessageRequest['fields'] & CompanyInput, actor: AuditActor): Promise<Prospect> {
      await assertInboxAccess(db);
      const message = await supportMessagesRepository(db).visible(id, MESSAGE_NOT_FOUND_DETAIL);
      if (await isLinked(db, message)) throw conflict(MESSAGE_ALREADY_CONVERTED_DETAIL);
      // The one who converts the message owns the prospect.
      const { userId } = userScopeOf(db.scope);
      return prospects.create(db, tenantId, fields, actor, {
        userId,
        summary: originSummary(message),
        within: async (tx, prospectId) => {
          // Another conversion of the same message won the race: this one is undone.
          if (!(await supportMessagesRepository(tx).markConverted(id, { tenantId, id: prospectId }, message.prospectId)))
            throw conflict(MESSAGE_ALREADY_CONVERTED_DETAIL);
          await recordMessageConverted(tx, actor, { tenantId, message, prospect: { id: prospectId, name: fields.name }, into: 'new' });
        },
      });
    },
  };
}
