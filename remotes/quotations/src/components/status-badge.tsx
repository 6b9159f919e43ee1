import { Badge, type BadgeTone } from '@app/shared';
import { type QuotationStatus } from '@app/shared/forms';

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
