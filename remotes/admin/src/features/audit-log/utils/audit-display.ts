import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEvent } from '@app/shared/forms';

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

/** The target as a reader recognises it: its kind and, where the entry kept one, a name. */
export function targetLabel(event: AuditEvent): string {
  const d = event.details;
  const name = [d.name, d.number, d.email_address, d.email, d.domain].find((value): value is string => typeof value === 'string' && value !== '');
  return name ? `${event.target_type} ${name}` : `${event.target_type} ${event.target_id}`;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The details as "key: value" pairs, one line. */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${valueText(value)}`)
    .join('; ');
}
