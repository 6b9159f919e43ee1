import { useState, type FormEvent } from 'react';
import { Button, COMPANY_NAME_REQUIRED, Dialog, DialogFooter, PHONE1_REQUIRED, TextAreaField, TextField } from '@app/shared';
import { StyledFormStack, StyledTwoColumns } from './layout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const COMPANY_FORM_FIELDS = ['name', 'phone1', 'phone2', 'email', 'city', 'industry', 'website', 'description'] as const;
type Field = (typeof COMPANY_FORM_FIELDS)[number];
export type CompanyFormValues = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

export function validateCompany(values: CompanyFormValues): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = COMPANY_NAME_REQUIRED;
  if (!values.phone1.trim()) errors.phone1 = PHONE1_REQUIRED;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  return errors;
}

/** The form's values from a prospect or lead; none: all empty. */
export function companyFormValues(record?: Partial<Record<Field, string | null>>): CompanyFormValues {
  return Object.fromEntries(COMPANY_FORM_FIELDS.map((key) => [key, record?.[key] ?? ''])) as CompanyFormValues;
}

/** The body to send: trimmed, an emptied field as null (cleared). */
export function companyFormBody(values: CompanyFormValues) {
  const body = Object.fromEntries(COMPANY_FORM_FIELDS.map((key) => [key, values[key].trim() || null])) as Record<Field, string | null>;
  return { ...body, name: values.name.trim(), phone1: values.phone1.trim() };
}

export interface CompanyFormDialogProps {
  title: string;
  initial: CompanyFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Called with the body once the fields pass the form's rules. */
  onSubmit: (body: ReturnType<typeof companyFormBody>) => void;
  onDismiss: () => void;
}

/** Add or edit a prospect, or edit a lead: the company fields with the add dialog's rules. */
export function CompanyFormDialog({ title, initial, submitLabel, busyLabel, busy, onSubmit, onDismiss }: CompanyFormDialogProps) {
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});

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
    const found = validateCompany(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(companyFormBody(values));
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={title} width="40rem">
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
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
