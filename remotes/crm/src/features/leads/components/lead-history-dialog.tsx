import { Button, Dialog, DialogFooter, type Lead, MutedText } from '@app/shared';
import { ActivityHistory } from '../../../components/activity-history';
import { useLeadActivities } from '../api/get-lead-activities';

export interface LeadHistoryDialogProps {
  tenantId: string;
  lead: Lead;
  onDismiss: () => void;
}

export function LeadHistoryDialog({ tenantId, lead, onDismiss }: LeadHistoryDialogProps) {
  return (
    <Dialog isOpen onDismiss={onDismiss} title="Lead History" width="34rem">
      <MutedText>{lead.name}</MutedText>
      <ActivityHistory query={useLeadActivities(tenantId, lead.id)} />
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
