import { and, desc, eq, getTableColumns, gte, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEventsQuery } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { containsPattern } from '../../db/raw-sql';
import type { AuditActor } from './actor';

export interface AuditEntry {
  tenantId?: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string;
  /** How a reader knows the target now: a tenant's name, a user's email, a quotation's number. */
  targetName?: string | null;
  /** Context for a reader of the trail; never a secret. */
  details?: Record<string, unknown>;
}

export type AuditRow = typeof auditEvents.$inferSelect & { cursor: string };

/** A target id that can name a row: the trail also keeps targets that are not ids (an unknown email tried at sign-in). */
const targetUuid = sql`case when ${auditEvents.targetId} ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then ${auditEvents.targetId}::uuid end`;

/**
 * The target's name as it is now, while the target exists, so a renamed tenant reads as it does in
 * the tenant filter and everywhere else; a deleted target keeps the name it had at the time.
 */
const currentTargetName = sql<string | null>`coalesce(case ${auditEvents.targetType}
    when 'tenant' then (select t.name from tenants t where t.id = ${targetUuid})
    when 'user' then (select u.email from users u where u.id = ${targetUuid})
    when 'quotation' then (select q.number from quotations q where q.tenant_id = ${auditEvents.tenantId} and q.id = ${targetUuid})
    when 'prospect' then (select p.name from prospects p where p.tenant_id = ${auditEvents.tenantId} and p.id = ${targetUuid})
    when 'lead' then (select l.name from leads l where l.tenant_id = ${auditEvents.tenantId} and l.id = ${targetUuid})
    when 'team' then (select tm.name from teams tm where tm.tenant_id = ${auditEvents.tenantId} and tm.id = ${targetUuid})
    when 'import' then (select i.file_name from prospect_imports i where i.tenant_id = ${auditEvents.tenantId} and i.id = ${targetUuid})
  end, ${auditEvents.targetName})`;

/** A page boundary: the created_at (to the microsecond, as the database keeps it) and id of the last row shown. */
export interface AuditCursor {
  createdAt: string;
  id: string;
}

/** Records one event in the caller's transaction, so it stands or falls with the action: the one call an action makes. */
export function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return auditRepository(tx).record(actor, entry);
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
        targetName: entry.targetName ?? null,
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
          ? sql`lower(${auditEvents.targetType} || ' ' || ${auditEvents.targetId} || ' ' || coalesce(${auditEvents.targetName}, '') || ' ' || coalesce(${auditEvents.clientIp}, '') || ' ' || ${auditEvents.details}::text) like ${containsPattern(filters.q)}`
          : undefined,
        before ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : undefined,
      ];
      return db
        .select({
          ...getTableColumns(auditEvents),
          targetName: currentTargetName,
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
