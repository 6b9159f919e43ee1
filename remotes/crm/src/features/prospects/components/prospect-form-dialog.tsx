import { useState, type FormEvent } from 'react';
import {
  Button,
  COMPANY_NAME_REQUIRED,
  Dialog,
  DialogFooter,
  errorMessage,
  PHONE1_REQUIRED,
  TextAreaField,
  TextField,
  toast,
  type Prospect,
} from '@app/shared';
import { StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useCreateProspect } from '../api/create-prospect';
import { useUpdateProspect } from '../api/update-prospect';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['name', 'phone1', 'phone2', 'email', 'city', 'industry', 'website', 'description'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', phone1: '', phone2: '', email: '', city: '', industry: '', website: '', description: '' };

export function validateProspect(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = COMPANY_NAME_REQUIRED;
  if (!values.phone1.trim()) errors.phone1 = PHONE1_REQUIRED;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}

const valuesOf = (prospect: Prospect | undefined): Values =>
  prospect ? (Object.fromEntries(FIELDS.map((key) => [key, prospect[key] ?? ''])) as Values) : EMPTY;

export interface ProspectFormDialogProps {
  tenantId: string;
  /** The prospect to edit; none: a new one. */
  prospect?: Prospect;
  onDismiss: () => void;
}

/** Add New Prospect, or Edit Prospect with its current values (a field emptied is cleared). */
export function ProspectFormDialog({ tenantId, prospect, onDismiss }: ProspectFormDialogProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(prospect));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateProspect(tenantId);
  const update = useUpdateProspect(tenantId);
  const busy = create.isPending || update.isPending;

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProspect(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { ...(Object.fromEntries(FIELDS.map((key) => [key, values[key].trim() || null])) as Record<Field, string | null>), name: values.name.trim(), phone1: values.phone1.trim() };
    const onError = (failure: Error) =>
      toast({ title: 'Error', description: errorMessage(failure, prospect ? 'Failed to update prospect' : 'Failed to add prospect'), variant: 'destructive' });
    if (prospect) {
      update.mutate(
        { id: prospect.id, body },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: 'Prospect updated successfully!', variant: 'success' });
            onDismiss();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Prospect added successfully!', variant: 'success' });
        onDismiss();
      },
      onError,
    });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={prospect ? 'Edit Prospect' : 'Add New Prospect'} width="40rem">
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Company name" autoFocus required {...field('name')} />
        <StyledTwoColumns>
          <TextField label="Phone 1" type="tel" required {...field('phone1')} />
          <TextField label="Phone 2" type="tel" {...field('phone2')} />
          <TextField label="Email" type="email" {...field('email')} />
          <TextField label="City" {...field('city')} />
          <TextField label="Industry" {...field('industry')} />
          <TextField label="Website" type="url" {...field('website')} />
        </StyledTwoColumns>
        <TextAreaField label="Description" rows={3} {...field('description')} />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {prospect ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Adding...' : 'Add Prospect'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
