import { errorMessage, toast } from '@app/shared';
import { type Prospect } from '@app/shared/forms';
import { CompanyFormDialog, companyFormValues, companyRefusal } from '../../../components/company-form';
import { useCreateProspect } from '../api/create-prospect';
import { useUpdateProspect } from '../api/update-prospect';

export interface ProspectFormDialogProps {
  tenantId: string;
  /** The prospect to edit; none: a new one. */
  prospect?: Prospect;
  onDismiss: () => void;
}

/** Add New Prospect, or Edit Prospect with its current values (a field emptied is cleared). */
export function ProspectFormDialog({ tenantId, prospect, onDismiss }: ProspectFormDialogProps) {
  const create = useCreateProspect(tenantId);
  const update = useUpdateProspect(tenantId);
  const succeeded = (description: string) => () => {
    toast({ title: 'Success', description, variant: 'success' });
    onDismiss();
  };
  // A refusal naming a field shows beside it, in the form; anything else is a toast.
  const failed = (fallback: string) => (failure: Error) => {
    if (!companyRefusal(failure)) toast({ title: 'Error', description: errorMessage(failure, fallback), variant: 'destructive' });
  };

  return (
    <CompanyFormDialog
      tenantId={tenantId}
      title={prospect ? 'Edit Prospect' : 'Add New Prospect'}
      initial={companyFormValues(prospect)}
      submitLabel={prospect ? 'Save Changes' : 'Add Prospect'}
      busyLabel={prospect ? 'Saving...' : 'Adding...'}
      busy={create.isPending || update.isPending}
      onSubmit={(body) =>
        prospect
          ? update.mutate({ id: prospect.id, body }, { onSuccess: succeeded('Prospect updated successfully!'), onError: failed('Failed to update prospect') })
          : create.mutate(body, { onSuccess: succeeded('Prospect added successfully!'), onError: failed('Failed to add prospect') })
      }
      onDismiss={onDismiss}
      refused={prospect ? update.error : create.error}
    />
  );
}
