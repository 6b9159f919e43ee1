import { and, desc, eq, getTableColumns, gte, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEventsQuery } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { containsPattern } from '../crm-shared/sql-rows';
import type { AuditActor } from './actor';

export interface AuditEntry {
  tenantId?: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string;
  /** Context for a reader of the trail; never a secret. */
  details?: Record<string, unknown>;
}

export type AuditRow = typeof auditEvents.$inferSelect & { cursor: string };

/** A page boundary: the created_at (to the microsecond, as the database keeps it) and id of the last row shown. */
export interface AuditCursor {
  createdAt: string;
  id: string;
}

/** The audit trail: append-only, one row per event. */
export function auditRepository(db: DbOrTx) {
  return {
    async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
      await db.insert(auditEvents).values({
        actorUserId: actor.userId,
        actorEmail: actor.email,
        tenantId: entry.tenantId ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        clientIp: actor.clientIp,
        details: entry.details ?? {},
      });
    },

    /** Newest first; `before` continues after the last row of the previous page. */
    async page(filters: Omit<AuditEventsQuery, 'before'>, before: AuditCursor | null): Promise<AuditRow[]> {
      const where: Array<SQL | undefined> = [
        filters.action ? eq(auditEvents.action, filters.action) : undefined,
        filters.actor ? sql`lower(coalesce(${auditEvents.actorEmail}, '')) like ${containsPattern(filters.actor)}` : undefined,
        filters.tenant_id ? eq(auditEvents.tenantId, filters.tenant_id) : undefined,
        filters.from ? gte(auditEvents.createdAt, new Date(filters.from)) : undefined,
        filters.to ? lte(auditEvents.createdAt, new Date(filters.to)) : undefined,
        filters.q
          ? sql`lower(${auditEvents.targetType} || ' ' || ${auditEvents.targetId} || ' ' || coalesce(${auditEvents.clientIp}, '') || ' ' || ${auditEvents.details}::text) like ${containsPattern(filters.q)}`
          : undefined,
        before ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : undefined,
      ];
      return db
        .select({
          ...getTableColumns(auditEvents),
          cursor: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${auditEvents.id}`,
        })
        .from(auditEvents)
        .where(and(...where))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(filters.limit);
    },

    /** When the actor last did `action` to each of the targets; targets never acted on are absent. */
    async lastByActor(actorUserId: string, action: AuditAction, targetType: string, targetIds: string[]): Promise<Map<string, Date>> {
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
