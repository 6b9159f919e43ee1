import { useEffect, type FormEvent } from 'react';
import { Button, refusalDetail, TextAreaField, TextField } from '@app/shared';
import { companyInputSchema, refusedFieldErrors, useFormFields, validateWith, withPhoneRule } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { useTenantCountry } from '@app/shared/tenants';
import { StyledFormStack, StyledTwoColumns } from './layout';

/** The company fields the dialog edits; the others keep their value. */
const companyFormSchema = companyInputSchema.pick({
  name: true,
  phone1: true,
  phone2: true,
  email: true,
  city: true,
  industry: true,
  website: true,
  description: true,
});
type Field = keyof typeof companyFormSchema.shape;
export type CompanyFormValues = Record<Field, string>;
export type CompanyFormBody = ReturnType<typeof companyFormSchema.parse>;
const FIELDS = Object.keys(companyFormSchema.shape) as Field[];

/** The form's values from a prospect or lead; none: all empty. */
export function companyFormValues(record?: Partial<Record<Field, string | null>>): CompanyFormValues {
  return Object.fromEntries(FIELDS.map((key) => [key, record?.[key] ?? ''])) as CompanyFormValues;
}

/** The field errors of a request the server refused naming one of the form's fields; none for any other failure. */
export function companyRefusal(failure: unknown) {
  return refusedFieldErrors(refusalDetail(failure), FIELDS);
}

export interface CompanyFormDialogProps {
  /** The record's tenant: its phones are read in the tenant's country. */
  tenantId: string;
  title: string;
  initial: CompanyFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with the body (trimmed, a cleared field as null) once the fields pass the contract's rules. */
  onSubmit: (body: CompanyFormBody) => void;
  onDismiss: () => void;
  /** The last failed save: a refusal naming a field shows beside that field (the caller reports any other failure). */
  refused?: unknown;
}

/** Add or edit a prospect, or edit a lead: the company fields with the rules the server applies. */
export function CompanyFormDialog({ tenantId, title, initial, submitLabel, busyLabel, busy, onSubmit, onDismiss, refused }: CompanyFormDialogProps) {
  const { values, setErrors, field, dirty } = useFormFields<CompanyFormValues>(initial, { contract: companyFormSchema });
  const country = useTenantCountry(tenantId);

  useEffect(() => {
    const errors = companyRefusal(refused);
    if (errors) setErrors(errors);
  }, [refused, setErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWith(withPhoneRule(companyFormSchema, country), values);
    setErrors(result.errors);
    if (result.data) onSubmit(result.data);
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={title} width="40rem" dirty={dirty}>
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
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
