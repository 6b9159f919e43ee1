import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, refusalDetail, TextField, toast } from '@app/shared';
import { changePasswordSchema, refusedFieldErrors, useFormFields, validateWith } from '@app/shared/forms';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { useChangePassword } from '../api/change-password';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledFailure = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

const FIELDS = ['current_password', 'new_password'] as const;

/** Change password: the current one proves it is the user; their other sessions end, this one goes on. */
export function ChangePasswordDialog({ onDismiss }: { onDismiss: () => void }) {
  const change = useChangePassword();
  const { values, errors, setErrors, field, dirty } = useFormFields({ current_password: '', new_password: '', repeat: '' }, { contract: changePasswordSchema });
  const [failure, setFailure] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const result = validateWith(changePasswordSchema, { current_password: values.current_password, new_password: values.new_password });
    const mismatch = result.errors.new_password || values.new_password === values.repeat ? undefined : 'The two passwords do not match.';
    setErrors({ ...result.errors, repeat: mismatch });
    if (!result.data || mismatch) return;
    change.mutate(result.data, {
      onSuccess: (answer) => {
        toast({ title: 'Password changed', description: answer.message, variant: 'success' });
        onDismiss();
      },
      onError: (error) => {
        // A refused field shows the server's reason beside it; anything else above the buttons.
        const refused = refusedFieldErrors(refusalDetail(error), FIELDS);
        if (refused) setErrors(refused);
        else setFailure(errorMessage(error, 'The password could not be changed. Please try again.'));
      },
    });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Change password" description="Your other sessions will be signed out." dirty={dirty}>
      <StyledForm onSubmit={submit} noValidate aria-label="Change password">
        <TextField label="Current password" type="password" autoComplete="current-password" autoFocus {...field('current_password')} />
        <TextField label="New password" type="password" autoComplete="new-password" {...field('new_password')} />
        <TextField label="Repeat the new password" type="password" autoComplete="new-password" {...field('repeat')} error={errors.repeat} />
        {failure && <StyledFailure role="alert">{failure}</StyledFailure>}
        <DialogFooter>
          <DialogCancel disabled={change.isPending} />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </DialogFooter>
      </StyledForm>
    </Dialog>
  );
}
