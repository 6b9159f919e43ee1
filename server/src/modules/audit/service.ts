import type { AuditEvent, AuditEventPage, AuditEventsQuery } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { badRequest } from '../../lib/refusal';
import { auditRepository, type AuditCursor, type AuditRow } from './repository';

export const INVALID_CURSOR_DETAIL = 'before: must be the next value of an earlier page.';
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function parseCursor(before: string | undefined): AuditCursor | null {
  if (!before) return null;
  const match = CURSOR_PATTERN.exec(before);
  if (!match || Number.isNaN(Date.parse(match[1]))) throw badRequest(INVALID_CURSOR_DETAIL);
  return { createdAt: match[1], id: match[2] };
}

function toDto(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_user_id: row.actorUserId,
    actor_email: row.actorEmail,
    tenant_id: row.tenantId,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName,
    client_ip: row.clientIp,
    details: row.details,
  };
}

/** The audit trail's page for admins: each call on the caller's database (request.db). */
export const auditService = {
  async page(db: ScopedDb, query: AuditEventsQuery): Promise<AuditEventPage> {
    const { before, ...filters } = query;
    // One row more than asked tells whether an older page exists.
    const rows = await auditRepository(db).page({ ...filters, limit: filters.limit + 1 }, parseCursor(before));
    const shown = rows.slice(0, filters.limit);
    return { events: shown.map(toDto), next: rows.length > filters.limit ? shown[shown.length - 1].cursor : null };
  },
};
