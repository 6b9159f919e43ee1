import type { ScopedDbOrTx } from '../../tenancy/database';
import type { AuditActor } from './actor';
import { recordAudit } from './repository';

/** A customer message turned into a prospect, or added to one the tenant already has. */
export interface MessageConverted {
  tenantId: string;
  message: { id: string; subject: string; email: string };
  prospect: { id: string; name: string };
  /** Whether the conversion made the prospect or added the message to an existing one. */
  into: 'new' | 'existing';
}

/**
 * The trail's entry for a message conversion, in the conversion's transaction. The target is the
 * prospect (what the tenant's staff will look for); the message is named in the details.
 */
export function recordMessageConverted(tx: ScopedDbOrTx, actor: AuditActor, conversion: MessageConverted): Promise<void> {
  const { tenantId, message, prospect, into } = conversion;
  return recordAudit(tx, actor, {
    tenantId,
    action: 'message.converted',
    targetType: 'prospect',
    targetId: prospect.id,
    targetName: prospect.name,
    details: {
      message_id: message.id,
      subject: message.subject,
      from: message.email,
      prospect: into === 'new' ? 'created from the message' : 'existing, message added',
    },
  });
}
