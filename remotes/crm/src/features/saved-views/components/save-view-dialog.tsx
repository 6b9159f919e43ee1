import { useState, type FormEvent } from 'react';
import { Button, errorMessage, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { fieldMessage, maxLengthOf, savedViewInputSchema, validateWith, type SavedViewTarget } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { StyledFormStack } from '../../../components/layout';
import { useCreateView } from '../api/create-view';

export interface SaveViewDialogProps {
  tenantId: string;
  target: SavedViewTarget;
  /** The view's parameters as the address has them now. */
  query: Readonly<Record<string, string>>;
  onDismiss: () => void;
}

const NAME_MAX = maxLengthOf(savedViewInputSchema.shape.name);

/** Names the current search, filters and sort, and whether the saver's team is offered it too. */
export function SaveViewDialog({ tenantId, target, query, onDismiss }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const create = useCreateView(tenantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(savedViewInputSchema, { name, shared });
    setError(result.errors.name);
    if (!result.data) return;
    const body = result.data;
    create.mutate(
      { ...body, target, query: { ...query } },
      {
        onSuccess: () => {
          toast({ title: 'View saved', description: body.name, variant: 'success' });
          onDismiss();
        },
        // A name already taken is the name's problem: it shows under the field.
        onError: (failure) => setError(fieldMessage('name', errorMessage(failure, 'Failed to save view'))),
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Save current view" dirty={name.trim() !== '' || shared}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField
          label="Name"
          name="name"
          autoFocus
          maxLength={NAME_MAX}
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <CheckboxField label="Share with my team" checked={shared} onChange={(event) => setShared(event.target.checked)} />
        <DialogFooter>
          <DialogCancel disabled={create.isPending} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save View'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
