import { useState } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, MutedText, toast } from '@app/shared';
import { ConfirmDialog, Dialog } from '@app/shared/staff';
import { type EmailAccount } from '@app/shared/forms';
import { StyledFormError } from '../../../components/layout';
import { useDeleteEmailAccount } from '../api/delete-email-account';
import { providerLabel } from '../utils/provider-label';
import { EmailAccountForm } from './email-account-form';

const StyledRows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > span { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
  li > div { display: flex; gap: ${({ theme }) => theme.space(2)}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledHeading = styled.h3`
  font-size: 1rem;
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export interface ManageAccountsDialogProps {
  accounts: EmailAccount[];
  onDismiss: () => void;
  /** A saved account becomes the selected one. */
  onSaved: (account: EmailAccount) => void;
}

export function ManageAccountsDialog({ accounts, onDismiss, onSaved }: ManageAccountsDialogProps) {
  const [editing, setEditing] = useState<EmailAccount | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteEmailAccount();

  const [deleting, setDeleting] = useState<EmailAccount | null>(null);

  const askDelete = (account: EmailAccount) => {
    setDeleteError(null);
    setDeleting(account);
  };

  const confirmDelete = (account: EmailAccount) => {
    remove.mutate(account.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Email account deleted successfully', variant: 'success' });
        if (editing?.id === account.id) setEditing(null);
      },
      onError: (failure) => setDeleteError(errorMessage(failure, 'Failed to delete email account')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title="Manage Email Accounts" description="Add, edit or delete your email accounts." width="36rem">
      {accounts.length === 0 ? (
        <MutedText>No email accounts yet. Add your first one below.</MutedText>
      ) : (
        <StyledRows aria-label="Your email accounts">
          {accounts.map((account) => (
            <li key={account.id}>
              <span>
                {account.email_address} <small>{providerLabel(account.provider)}</small>
              </span>
              <div>
                <Button $variant="secondary" $size="sm" onClick={() => setEditing(account)} aria-label={`Edit ${account.email_address}`}>
                  Edit
                </Button>
                <Button
                  $variant="destructive"
                  $size="sm"
                  onClick={() => askDelete(account)}
                  disabled={remove.isPending}
                  aria-label={`Delete ${account.email_address}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </StyledRows>
      )}
      {deleteError && <StyledFormError role="alert">{deleteError}</StyledFormError>}
      <StyledHeading>{editing ? `Edit ${editing.email_address}` : 'Add Email Account'}</StyledHeading>
      <EmailAccountForm
        // A fresh form per account: the edit starts from that account, with an empty password.
        key={editing?.id ?? 'new'}
        account={editing ?? undefined}
        onCancel={editing ? () => setEditing(null) : undefined}
        onSaved={(saved) => {
          setEditing(null);
          onSaved(saved);
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Email Account"
        message={deleting ? `Are you sure you want to delete the email account ${deleting.email_address}? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}
