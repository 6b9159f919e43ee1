import { and, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditEvent {
  tenantId?: string | null;
  /** What happened, as `<area>.<verb>` (e.g. email_account.password_revealed). */
  action: string;
  targetType: string;
  targetId: string;
  clientIp: string | null;
  /** Context for a reader of the trail; never a secret. */
  details?: Record<string, unknown>;
}

/** The audit trail: append-only, one row per event, keyed by the user who acted. */
export function auditRepository(db: DbOrTx) {
  return {
    async record(actorUserId: string, event: AuditEvent): Promise<void> {
      await db.insert(auditEvents).values({
        actorUserId,
        tenantId: event.tenantId ?? null,
        action: event.action,
        targetType: event.targetType,
        targetId: event.targetId,
        clientIp: event.clientIp,
        details: event.details ?? {},
      });
    },

    /** When the actor last did `action` to each of the targets; targets never acted on are absent. */
    async lastByActor(actorUserId: string, action: string, targetType: string, targetIds: string[]): Promise<Map<string, Date>> {
      if (targetIds.length === 0) return new Map();
      const rows = await db
        .select({ targetId: auditEvents.targetId, at: max(auditEvents.createdAt) })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.actorUserId, actorUserId),
            eq(auditEvents.action, action),
            eq(auditEvents.targetType, targetType),
            inArray(auditEvents.targetId, targetIds),
          ),
        )
        .groupBy(auditEvents.targetId);
      return new Map(rows.filter((row) => row.at).map((row) => [row.targetId, new Date(row.at as Date | string)]));
    },
  };
}
