import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, SelectField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { Dialog, DialogFooter, useTenants } from '@app/shared/staff';
import { FULL_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, type User } from '@app/shared/forms';
import { StyledFormError, StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { SubmitButton } from '../../../components/submit-button';
import { useCreateUser } from '../api/create-user';
import { useTenantTeams } from '../api/get-tenant-teams';
import { useSetUserTeam } from '../api/set-user-team';
import { useUpdateUser } from '../api/update-user';
import { VISIBILITY_OPTIONS } from '../utils/user-display';
import { EMPTY_USER_FORM, toCreateUser, toUpdateUser, userFormValues, validateUserForm, type UserFormErrors, type UserFormValues } from '../utils/user-form';

const StyledFlags = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: 600; padding: 0 ${({ theme }) => theme.space(1)}; }
`;

// The server ends every session of a user whose password changes, so the admin is warned first.
function passwordHint(editing: boolean, isSelf: boolean): string {
  if (!editing) return `At least ${PASSWORD_MIN_LENGTH} characters.`;
  if (isSelf) return 'Leave blank to keep your password. A new one signs you out everywhere, here too.';
  return 'Leave blank to keep the current password. A new one signs the user out everywhere.';
}

export interface UserFormDialogProps {
  /** Edits this user; without one the dialog adds a new user. */
  user?: User;
  /** Whether the user being edited is the signed-in admin. */
  isSelf?: boolean;
  onDismiss: () => void;
}

export function UserFormDialog({ user, isSelf = false, onDismiss }: UserFormDialogProps) {
  const editing = Boolean(user);
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormValues(user) : EMPTY_USER_FORM));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const tenants = useTenants();
  const teams = useTenantTeams(values.tenantId);
  // null until the admin picks one: the form shows the team the user is in.
  const [teamChoice, setTeamChoice] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const setTeam = useSetUserTeam();
  const busy = create.isPending || update.isPending || setTeam.isPending;
  const formRef = useRef<HTMLFormElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);

  // On a phone the first invalid field may be scrolled out of sight: it gets focus (and so comes into view).
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  const tenantOptions = [...(tenants.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  // A tenant the list does not know (deleted, or still loading) stays selectable, so saving never clears it silently.
  const unknownTenant = values.tenantId && !tenantOptions.some((tenant) => tenant.id === values.tenantId);

  const teamOptions = [...(teams.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const currentTeamId = (user && values.tenantId === user.tenant_id && teamOptions.find((team) => team.member_ids.includes(user.id))?.id) || '';
  const teamId = teamChoice ?? currentTeamId;
  const teamChanged = teams.isSuccess && teamId !== currentTeamId;

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateUserForm(values, { passwordRequired: !editing });
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFailedAttempts((count) => count + 1);
      return;
    }
    const onError = (failure: unknown) => setServerError(errorMessage(failure, editing ? 'Failed to update user' : 'Failed to create user'));
    const done = (saved: Pick<User, 'full_name' | 'email'>) => {
      toast({ title: editing ? 'User updated' : 'User created', description: saved.full_name || saved.email, variant: 'success' });
      onDismiss();
    };
    // The team is set through the teams API once the user exists in the tenant; if that fails the
    // user is saved all the same, and the admin is told the team was not.
    const onSuccess = (saved: User) => {
      if (!teamChanged || !saved.tenant_id) return done(saved);
      setTeam.mutate(
        { userId: saved.id, tenantId: saved.tenant_id, teams: teams.data ?? [], teamId: teamId || null },
        {
          onSuccess: () => done(saved),
          onError: (failure) => {
            toast({
              title: editing ? 'User updated; the team was not changed' : 'User created without a team',
              description: errorMessage(failure, 'The team could not be set.'),
              variant: 'destructive',
            });
            onDismiss();
          },
        },
      );
    };
    if (!user) {
      create.mutate(toCreateUser(values), { onSuccess, onError });
      return;
    }
    const body = toUpdateUser(user, values);
    if (Object.keys(body).length === 0) {
      if (teamChanged) onSuccess(user);
      else onDismiss();
      return;
    }
    update.mutate({ id: user.id, body }, { onSuccess, onError });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={editing ? 'Edit User' : 'Add User'} width="36rem">
      <StyledFormStack ref={formRef} onSubmit={submit} noValidate>
        <StyledTwoColumns>
          <TextField
            label="Full name"
            autoComplete="off"
            maxLength={FULL_NAME_MAX_LENGTH}
            value={values.fullName}
            error={errors.fullName}
            onChange={(event) => set('fullName', event.target.value)}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            required
            value={values.email}
            error={errors.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </StyledTwoColumns>
        <TextField
          label={editing ? 'New password (optional)' : 'Password'}
          type="password"
          autoComplete="new-password"
          required={!editing}
          value={values.password}
          error={errors.password}
          hint={passwordHint(editing, isSelf)}
          onChange={(event) => set('password', event.target.value)}
        />
        <SelectField
          label="Tenant"
          value={values.tenantId}
          onChange={(event) => {
            set('tenantId', event.target.value);
            setTeamChoice(null);
          }}
        >
          <option value="">No Tenant</option>
          {unknownTenant && <option value={values.tenantId}>{tenants.isLoading ? 'Loading...' : 'Unknown Tenant'}</option>}
          {tenantOptions.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </SelectField>
        {values.tenantId && (
          <SelectField
            label="Team"
            hint={
              teams.isError
                ? errorMessage(teams.error, "The tenant's teams could not be loaded.")
                : 'With Team records visibility the user sees what anyone in their team owns. One team per tenant.'
            }
            value={teamId}
            disabled={!teams.isSuccess}
            onChange={(event) => {
              setTeamChoice(event.target.value);
              setServerError(null);
            }}
          >
            <option value="">{teams.isPending ? 'Loading teams...' : 'No team'}</option>
            {teamOptions.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
        )}
        <StyledFlags>
          <legend>Access</legend>
          <CheckboxField
            label="Active"
            hint="Inactive users cannot sign in."
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <CheckboxField
            label="Admin"
            hint="Can manage users and create tenants."
            checked={values.isAdmin}
            onChange={(event) => set('isAdmin', event.target.checked)}
          />
          <CheckboxField
            label="Staff"
            hint="Works in the CRM and answers customer messages."
            checked={values.isStaff}
            onChange={(event) => set('isStaff', event.target.checked)}
          />
        </StyledFlags>
        <SelectField
          label="Visibility"
          hint="Which prospects, leads and quotations of the tenant the user sees (unassigned ones always; admins see all)."
          value={values.visibility}
          onChange={(event) => set('visibility', event.target.value as UserFormValues['visibility'])}
        >
          {VISIBILITY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        {/* Beside the button that was pressed, so it is in view even on a phone. */}
        {serverError && <StyledFormError role="alert">{serverError}</StyledFormError>}
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton busy={busy}>{busy ? 'Saving...' : editing ? 'Save Changes' : 'Create User'}</SubmitButton>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
