import { useState, type FormEvent } from 'react';
import {
  Button,
  CheckboxField,
  Dialog,
  DialogFooter,
  errorMessage,
  STATUS_NAME_REQUIRED,
  TextAreaField,
  TextField,
  toast,
  type StatusOption,
} from '@app/shared';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { parseSortOrder } from '../../../lib/options';
import { useCreateStatusOption } from '../api/create-status-option';
import { useUpdateStatusOption } from '../api/update-status-option';

export interface StatusOptionFormDialogProps {
  tenantId: string;
  /** The option being edited; absent when creating. */
  option?: StatusOption;
  onDismiss: () => void;
}

export function StatusOptionFormDialog({ tenantId, option, onDismiss }: StatusOptionFormDialogProps) {
  const [name, setName] = useState(option?.name ?? '');
  const [description, setDescription] = useState(option?.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(option?.sort_order ?? 0));
  const [isActive, setIsActive] = useState(option?.is_active ?? true);
  const [convertsToLead, setConvertsToLead] = useState(option?.converts_to_lead ?? false);
  const [removesFromProspects, setRemovesFromProspects] = useState(option?.removes_from_prospects ?? false);
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useCreateStatusOption(tenantId);
  const update = useUpdateStatusOption(tenantId);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(STATUS_NAME_REQUIRED);
      return;
    }
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      sort_order: parseSortOrder(sortOrder),
      is_active: isActive,
      converts_to_lead: convertsToLead,
      removes_from_prospects: removesFromProspects,
    };
    const onError = (error: unknown) =>
      toast({
        title: 'Error',
        description: errorMessage(error, option ? 'Failed to update status option' : 'Failed to create status option'),
        variant: 'destructive',
      });
    if (option) {
      update.mutate(
        { id: option.id, body },
        { onSuccess: () => { toast({ title: 'Status option updated', variant: 'success' }); onDismiss(); }, onError },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => { toast({ title: 'Status option created', variant: 'success' }); onDismiss(); },
        onError,
      });
    }
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={option ? 'Edit Status Option' : 'Add Status Option'}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField
          label="Name"
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
          autoFocus
        />
        <TextAreaField label="Description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
        <StyledTwoColumns>
          <TextField label="Sort order" type="number" step={1} inputMode="numeric" value={sortOrder} onChange={(event) => setSortOrder(event.target.value)} />
        </StyledTwoColumns>
        <CheckboxField label="Active" hint="Only active statuses are offered in pickers and filters." checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
        <CheckboxField
          label="Converts to lead"
          hint="Choosing this status turns the prospect into a lead."
          checked={convertsToLead}
          onChange={(event) => setConvertsToLead(event.target.checked)}
        />
        <CheckboxField
          label="Removes from prospects"
          hint="Choosing this status takes the prospect off the prospects list, e.g. Do Not Call."
          checked={removesFromProspects}
          onChange={(event) => setRemovesFromProspects(event.target.checked)}
        />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : option ? 'Save Changes' : 'Create Status'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
