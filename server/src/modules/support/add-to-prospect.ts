import { MESSAGE_ALREADY_CONVERTED_DETAIL, type Prospect } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, recordMessageConverted } from '../audit';
import { conflict, notFound } from '../../lib/refusal';
import { userScopeOf, worksInTenant } from '../../tenancy/scope';
import { activitiesRepository } from '../activities';
import type { prospectsService } from '../prospects';
import { MESSAGE_NOT_FOUND_DETAIL, messageReference } from './conversion';
import { assertInboxAccess } from './inbox-access';
import { isLinked } from './message-link';
import { supportMessagesRepository, type SupportMessageRow } from './repository';

/** The entry the message becomes in the prospect's history; its text is kept as the entry's notes. */
export function addedSummary(message: SupportMessageRow): string {
  return `Added ${messageReference(message)}`;
}

/**
 * A customer message joins an existing prospect instead of making a new one (the way out when a
 * prospect already holds its phone): in one transaction the message becomes an entry of the
 * prospect's history and is marked solved and linked to it, as a conversion would. Each call on the
 * caller's database (request.db).
 */
export function messageAddition({ prospects }: { prospects: ReturnType<typeof prospectsService> }) {
  return {
    async addToProspect(db: ScopedDb, messageId: string, prospectId: string, actor: AuditActor): Promise<Prospect> {
      await assertInboxAccess(db);
      const message = await supportMessagesRepository(db).visible(messageId, MESSAGE_NOT_FOUND_DETAIL);
      const linked = await isLinked(db, message);
      // A message already linked into a tenant the caller does not work in is none of theirs: the same 404 as no message.
      if (linked && message.prospectTenantId && !worksInTenant(db.scope, message.prospectTenantId)) throw notFound(MESSAGE_NOT_FOUND_DETAIL);
      const prospect = await prospects.get(db, prospectId);
      if (linked) throw conflict(MESSAGE_ALREADY_CONVERTED_DETAIL);
      await db.transaction(async (tx) => {
        // Another conversion or addition of the same message won the race: this one is undone.
        if (!(await supportMessagesRepository(tx).markConverted(messageId, { tenantId: prospect.tenant_id, id: prospect.id }, message.prospectId)))
          throw conflict(MESSAGE_ALREADY_CONVERTED_DETAIL);
        await activitiesRepository(tx).add(prospect.tenant_id, {
          prospectId: prospect.id,
          userId: userScopeOf(tx.scope).userId,
          kind: 'message',
          summary: addedSummary(message),
          notes: message.message,
        });
        await recordMessageConverted(tx, actor, {
          tenantId: prospect.tenant_id,
          message,
          prospect: { id: prospect.id, name: prospect.name },
          into: 'existing',
        });
      });
      return prospect;
    },
  };
}
