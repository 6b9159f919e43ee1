import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, SelectField, TextAreaField, TextField, toast, useDebouncedValue, useSelectedTenantId } from '@app/shared';
import { Dialog, DialogFooter, useTenants } from '@app/shared/staff';
import { DEFAULT_COUNTRY, useFormFields, validateWith, withPhoneRule, type MessageDuplicate, type SupportMessage } from '@app/shared/forms';
import { StyledFormError, StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useConvertMessage } from '../api/convert-message';
import { useMessageDuplicates } from '../api/get-message-duplicates';
import { convertFieldsFrom, convertFieldsSchema } from '../utils/convert-fields';

const StyledWarning = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: 0.9rem;
  p { margin: 0; font-weight: 600; }
  ul { margin: ${({ theme }) => theme.space(1)} 0 0; padding-left: ${({ theme }) => theme.space(5)}; }
  li { overflow-wrap: anywhere; }
`;

const MATCH_TEXT: Record<MessageDuplicate['matches'], string> = {
  phone: 'same phone',
  email: 'same email',
  both: 'same phone and email',
};

function DuplicateWarning({ duplicates }: { duplicates: readonly MessageDuplicate[] }) {
  if (duplicates.length === 0) return null;
  const phoneTaken = duplicates.some((duplicate) => duplicate.matches !== 'email');
  return (
    <StyledWarning role="status" aria-label="Possible duplicates">
      <p>
        {phoneTaken
          ? 'A prospect of this tenant already has this phone number: change the phone to create a new one.'
          : 'This tenant already has a prospect with this email. Check it is not the same company before converting.'}
      </p>
      <ul>
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            {duplicate.name} · {duplicate.phone1}
            {duplicate.email ? ` · ${duplicate.email}` : ''} ({MATCH_TEXT[duplicate.matches]})
          </li>
        ))}
      </ul>
    </StyledWarning>
  );
}

export interface ConvertMessageDialogProps {
  message: SupportMessage;
  onDismiss: () => void;
  onConverted: () => void;
}

/** 'Convert to prospect': the target tenant (the selected one first) and the fields the message fills, checked for duplicates as they change. */
export function ConvertMessageDialog({ message, onDismiss, onConverted }: ConvertMessageDialogProps) {
  const tenants = useTenants();
  const [selectedTenantId] = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(selectedTenantId ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, errors, setErrors, field } = useFormFields(() => convertFieldsFrom(message));
  const phone1 = useDebouncedValue(values.phone1.trim());
  const email = useDebouncedValue(values.email.trim());
  const duplicates = useMessageDuplicates(message.id, { tenant_id: tenantId, phone1, email });
  const convert = useConvertMessage();
  const found = tenantId ? (duplicates.data?.duplicates ?? []) : [];
  const tenantOptions = [...(tenants.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    // The phone is read in the chosen tenant's country, as the server will.
    const country = tenants.data?.find((tenant) => tenant.id === tenantId)?.default_country ?? DEFAULT_COUNTRY;
    const result = validateWith(withPhoneRule(convertFieldsSchema, country), values);
    setErrors(result.errors);
    if (!tenantId) setServerError('Please choose the tenant the prospect goes to.');
    if (!result.data || !tenantId) return;
    convert.mutate(
      { messageId: message.id, body: { tenant_id: tenantId, fields: result.data } },
      {
        onSuccess: (prospect) => {
          toast({ title: 'Prospect created', description: `${prospect.name} was created from the message of ${message.name}.`, variant: 'success' });
          onConverted();
        },
        onError: (failure) => setServerError(errorMessage(failure, 'Failed to convert the message. Please try again.')),
      },
    );
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Convert to prospect" description={`From the message of ${message.name}.`} width="40rem">
      <StyledFormStack onSubmit={submit} noValidate>
        <SelectField label="Tenant" value={tenantId} onChange={(event) => setTenantId(event.target.value)} required>
          <option value="">Choose a tenant</option>
          {tenantOptions.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Company name" required autoFocus {...field('name')} />
        <StyledTwoColumns>
          <TextField label="Phone 1" type="tel" required {...field('phone1')} />
          <TextField label="Email" type="email" {...field('email')} />
        </StyledTwoColumns>
        <TextAreaField label="Description" rows={4} {...field('description')} />
        <DuplicateWarning duplicates={found} />
        {serverError && <StyledFormError role="alert">{serverError}</StyledFormError>}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={convert.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={convert.isPending || Object.values(errors).some(Boolean)}>
            {convert.isPending ? 'Converting...' : found.length > 0 ? 'Convert anyway' : 'Convert'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
