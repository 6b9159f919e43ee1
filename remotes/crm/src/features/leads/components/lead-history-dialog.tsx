import { useNavigate } from 'react-router';
import { Button, MutedText } from '@app/shared';
import { Dialog, DialogFooter } from '@app/shared/staff';
import { type Lead } from '@app/shared/forms';
import { ActivityHistory } from '../../../components/activity-history';
import { useLeadActivities } from '../api/get-lead-activities';
import { leadPath } from '../../../lib/record-paths';
import { newQuotationPath } from '../utils/new-quotation-path';

export interface LeadHistoryDialogProps {
  tenantId: string;
  lead: Lead;
  onDismiss: () => void;
}

export function LeadHistoryDialog({ tenantId, lead, onDismiss }: LeadHistoryDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog isOpen onDismiss={onDismiss} title="Lead History" width="34rem">
      <MutedText>{lead.name}</MutedText>
      <ActivityHistory query={useLeadActivities(tenantId, lead.id)} />
      <DialogFooter>
        <Button $variant="secondary" onClick={onDismiss}>
          Close
        </Button>
        <Button $variant="secondary" onClick={() => navigate(leadPath(lead.id))}>
          Open Page
        </Button>
        <Button onClick={() => navigate(newQuotationPath(lead))}>New Quotation</Button>
      </DialogFooter>
    </Dialog>
  );
}
