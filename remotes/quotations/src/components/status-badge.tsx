import { Badge, type BadgeTone, type QuotationStatus } from '@app/shared';

const TONES: Record<QuotationStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  accepted: 'success',
  rejected: 'danger',
  expired: 'warning',
};

export const statusLabel = (status: QuotationStatus) => status[0]!.toUpperCase() + status.slice(1);

export function StatusBadge({ status }: { status: QuotationStatus }) {
  return <Badge $tone={TONES[status]}>{statusLabel(status)}</Badge>;
}
