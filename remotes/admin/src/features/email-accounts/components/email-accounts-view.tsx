import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, errorMessage, ErrorPanel } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { type EmailAccount } from '@app/shared/forms';
import { PageLayout } from '../../../components/page-layout';
import { useEmailAccounts } from '../api/get-email-accounts';
import { AccountDetails } from './account-details';
import { AccountList } from './account-list';
import { HowToUseCard } from './how-to-use-card';
import { MailTemplatesCard } from './mail-templates-card';
import { ManageAccountsDialog } from './manage-accounts-dialog';

const StyledColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr);
  }
`;

const StyledSide = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

export function EmailAccountsView() {
  const accounts = useEmailAccounts();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const [managing, setManaging] = useState(false);

  const list = accounts.data ?? [];
  // The chosen account, or the first one when none is chosen or the chosen one was deleted.
  const selected = list.find((account) => account.id === chosenId) ?? list[0];

  const onSaved = (account: EmailAccount) => {
    setChosenId(account.id);
    setManaging(false);
  };

  let content: ReactNode;
  if (accounts.isPending) content = <LoadingState label="Loading email accounts..." />;
  else if (!accounts.data)
    content = (
      <ErrorPanel
        title="Could not load email accounts"
        message={errorMessage(accounts.error, 'Failed to load email accounts')}
        onRetry={() => void accounts.refetch()}
      />
    );
  else if (list.length === 0)
    content = (
      <StyledSide>
        <EmptyState
          title="No Email Accounts"
          hint="Add your first email account to write to prospects and leads from the CRM, see their replies on the record, and open its web mail."
          action={<Button onClick={() => setManaging(true)}>Add Email Account</Button>}
        />
        <MailTemplatesCard />
        <HowToUseCard />
      </StyledSide>
    );
  else
    content = (
      <StyledColumns>
        <AccountList accounts={list} selectedId={selected?.id} onSelect={setChosenId} />
        <StyledSide>
          {selected && <AccountDetails key={selected.id} account={selected} />}
          <MailTemplatesCard />
          <HowToUseCard />
        </StyledSide>
      </StyledColumns>
    );

  return (
    <PageLayout
      title="Email Accounts"
      description="Your mailboxes: connect them to write to prospects and leads from the CRM and see their replies there, open their web mail and copy their sign-in details. Only you can see them."
      actions={
        accounts.data && (
          <Button $variant="secondary" onClick={() => setManaging(true)}>
            Manage Accounts
          </Button>
        )
      }
    >
      {content}
      {managing && <ManageAccountsDialog accounts={list} onDismiss={() => setManaging(false)} onSaved={onSaved} />}
    </PageLayout>
  );
}
