import { errorMessage, toast } from '@app/shared';
import { type Lead } from '@app/shared/forms';
import { CompanyFormDialog, companyFormValues, companyRefusal } from '../../../components/company-form';
import { useUpdateLead } from '../api/update-lead';

/** Edit Lead: its company fields, starting from their current values (a field emptied is cleared). */
export function EditLeadDialog({ tenantId, lead, onDismiss }: { tenantId: string; lead: Lead; onDismiss: () => void }) {
  const update = useUpdateLead(tenantId);
  return (
    <CompanyFormDialog
      tenantId={tenantId}
      title="Edit Lead"
      initial={companyFormValues(lead)}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={update.isPending}
      onSubmit={(body) =>
        update.mutate(
          { id: lead.id, body },
          {
            onSuccess: () => {
              toast({ title: 'Success', description: 'Lead updated successfully!', variant: 'success' });
              onDismiss();
            },
            // A refusal naming a field shows beside it, in the form.
            onError: (failure) => {
              if (!companyRefusal(failure)) toast({ title: 'Error', description: errorMessage(failure, 'Failed to update lead'), variant: 'destructive' });
            },
          },
        )
      }
      onDismiss={onDismiss}
      refused={update.error}
    />
  );
}
