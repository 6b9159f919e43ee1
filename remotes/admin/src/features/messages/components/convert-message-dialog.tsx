import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, refusalDetail, SelectField, TextAreaField, TextField, toast, useSelectedTenantId } from '@app/shared';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { Dialog, DialogFooter, useTenants } from '@app/shared/staff';
import { shownPhone } from '@app/shared/format/phone';
import { DEFAULT_COUNTRY, refusedFieldErrors, useFormFields, validateWith, withPhoneRule, type MessageDuplicate, type SupportMessage } from '@app/shared/forms';
import { StyledFormError, StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useAddMessageToProspect } from '../api/add-message-to-prospect';
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
  li {
    overflow-wrap: anywhere;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

const MATCH_TEXT: Record<MessageDuplicate['matches'], string> = {
  phone: 'same phone',
  email: 'same email',
  both: 'same phone and email',
};

/** A prospect holds the phone: a new one would be refused, so the message can only join it or go without that phone. */
export const holdsPhone = (duplicate: MessageDuplicate) => duplicate.matches !== 'email';

interface DuplicateWarningProps {
  duplicates: readonly MessageDuplicate[];
  busy: boolean;
  onAddTo: (duplicate: MessageDuplicate) => void;
}

function DuplicateWarning({ duplicates, busy, onAddTo }: DuplicateWarningProps) {
  if (duplicates.length === 0) return null;
  const phoneTaken = duplicates.some(holdsPhone);
  return (
    <StyledWarning role="status" aria-label="Possible duplicates">
      <p>
        {phoneTaken
          ? 'A prospect of this tenant already has this phone number: add the message to it, or convert without this phone.'
          : 'This tenant already has a prospect with this email. Check it is not the same company before converting, or add the message to it.'}
      </p>
      <ul>
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            <span>
              {duplicate.name} · {shownPhone(duplicate.phone1, duplicate.phone1_e164)}
              {duplicate.email ? ` · ${duplicate.email}` : ''} ({MATCH_TEXT[duplicate.matches]})
            </span>
            <Button $variant="secondary" $size="sm" disabled={busy} onClick={() => onAddTo(duplicate)}>
              Add to {duplicate.name}
            </Button>
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

/**
 * 'Convert to prospect': the target tenant (the selected one first) and the fields the message fills, checked for duplicates as they change.
 * When a prospect already holds the phone, a new prospect would be refused: the dialog offers to add the message to that prospect
 * (it joins its history) or to convert without that phone, and no button sends a convert bound to fail.
 */
export function ConvertMessageDialog({ message, onDismiss, onConverted }: ConvertMessageDialogProps) {
  const tenants = useTenants();
  const [selectedTenantId] = useSelectedTenantId();
  const [tenantId, setTenantId] = useState(selectedTenantId ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, errors, setErrors, set, field } = useFormFields(() => convertFieldsFrom(message));
  const phone1 = useDebouncedValue(values.phone1.trim());
  const email = useDebouncedValue(values.email.trim());
  const duplicates = useMessageDuplicates(message.id, { tenant_id: tenantId, phone1, email });
  const convert = useConvertMessage();
  const addTo = useAddMessageToProspect();
  const contactFields = useRef<HTMLDivElement>(null);
  const [phoneDropped, setPhoneDropped] = useState(false);
  const found = tenantId ? (duplicates.data?.duplicates ?? []) : [];
  // Judged on the phone as it is now (the check runs a moment after typing): a cleared phone is never taken.
  const phoneTaken = values.phone1.trim() !== '' && found.some(holdsPhone);
  const busy = convert.isPending || addTo.isPending;

  const addToExisting = (duplicate: MessageDuplicate) => {
    setServerError(null);
    addTo.mutate(
      { messageId: message.id, body: { prospect_id: duplicate.id } },
      {
        onSuccess: (prospect) => {
          toast({ title: 'Message added', description: `The message of ${message.name} was added to ${prospect.name}.`, variant: 'success' });
          onConverted();
        },
        onError: (failure) => setServerError(errorMessage(failure, 'Failed to add the message to the prospect. Please try again.')),
      },
    );
  };

  const dropPhone = () => {
    set('phone1', '');
    setPhoneDropped(true);
    contactFields.current?.querySelector<HTMLInputElement>('input[name="phone1"]')?.focus();
  };
  const tenantOptions = [...(tenants.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    // The phone is read in the chosen tenant's country, as the server will.
    const country = tenants.data?.find((tenant) => tenant.id === tenantId)?.default_country ?? DEFAULT_COUNTRY;
    const result = validateWith(withPhoneRule(convertFieldsSchema, country), values);
    setErrors(result.errors);
    if (!tenantId) setServerError('Please choose the tenant the prospect goes to.');
    if (!result.data || !tenantId || phoneTaken) return;
    convert.mutate(
      { messageId: message.id, body: { tenant_id: tenantId, fields: result.data } },
      {
        onSuccess: (prospect) => {
          toast({ title: 'Prospect created', description: `${prospect.name} was created from the message of ${message.name}.`, variant: 'success' });
          onConverted();
        },
        onError: (failure) => {
          // A refusal naming a field (a Phone1 a lead of the tenant holds) shows beside it, with focus there.
          const refused = refusedFieldErrors(refusalDetail(failure), ['name', 'phone1', 'email', 'description']);
          if (refused) setErrors(refused);
          else setServerError(errorMessage(failure, 'Failed to convert the message. Please try again.'));
        },
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
        <StyledTwoColumns ref={contactFields}>
          <TextField
            label="Phone 1"
            type="tel"
            required
            hint={phoneDropped && !values.phone1 ? 'Enter another phone for the new prospect: every prospect needs one.' : undefined}
            {...field('phone1')}
          />
          <TextField label="Email" type="email" {...field('email')} />
        </StyledTwoColumns>
        <TextAreaField label="Description" rows={4} {...field('description')} />
        <DuplicateWarning duplicates={found} busy={busy} onAddTo={addToExisting} />
        {serverError && <StyledFormError role="alert">{serverError}</StyledFormError>}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          {phoneTaken ? (
            <Button $variant="secondary" onClick={dropPhone} disabled={busy}>
              Convert without this phone
            </Button>
          ) : (
            <Button type="submit" disabled={busy || Object.values(errors).some(Boolean)}>
              {convert.isPending ? 'Converting...' : found.length > 0 ? 'Convert anyway' : 'Convert'}
            </Button>
          )}
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
