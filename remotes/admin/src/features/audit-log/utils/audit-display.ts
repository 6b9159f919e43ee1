import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEvent } from '@app/shared/forms';

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

/** What the target is: its kind, and the name it goes by (the server's, else one the entry's details kept). */
export function targetName(event: AuditEvent): { kind: string; name: string | null } {
  const d = event.details;
  const kept = [d.name, d.number, d.email_address, d.email, d.domain].find((value): value is string => typeof value === 'string' && value !== '');
  return { kind: event.target_type.replace(/_/g, ' '), name: event.target_name || kept || null };
}

/** The items a list shows before saying how many more: one bulk Assign to names up to 10,000 records in its entry. */
export const LIST_ITEMS_SHOWN = 10;

function valueText(value: unknown): string {
  if (Array.isArray(value)) {
    const shown = value.slice(0, LIST_ITEMS_SHOWN).map(valueText).join(', ');
    const more = value.length - LIST_ITEMS_SHOWN;
    return more > 0 ? `${shown} and ${more.toLocaleString('en-US')} more` : shown;
  }
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
