import styled from 'styled-components';
import { Badge, Button, Card, errorMessage, Spinner, toast } from '@app/shared';
import { CardFacts } from '@app/shared/ui/card-layout';
import { type EmailAccount } from '@app/shared/forms';
import { formatDate, formatDateTimeLong } from '@app/shared/staff';
import { useCopied } from '../hooks/use-copied';
import { usePasswordReveal } from '../hooks/use-password-reveal';
import { providerLabel } from '../utils/provider-label';
import { WebInterfaceButton } from './web-interface-button';

const StyledCard = styled(Card)`
  h2 { font-size: 1.2rem; margin: 0; overflow-wrap: anywhere; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const StyledPassword = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  > span:first-child { font-weight: 600; }
  code {
    flex: 1 1 8rem;
    min-width: 0;
    font-family: ${({ theme }) => theme.fonts.mono};
    overflow-wrap: anywhere;
  }
`;

export const PASSWORD_COPIED = 'Password copied to clipboard';
export const PASSWORD_COPY_FAILED = 'Failed to copy password';
const MASK = '••••••••••';

type CopyTarget = 'address' | 'password';

async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard not available');
  await navigator.clipboard.writeText(text);
}

/** Whether the mailbox is fetched and sent from, and why not. */
export function ConnectionState({ account }: { account: EmailAccount }) {
  if (account.connection === 'password_failed') {
    return (
      <Badge $tone="danger" role="status">
        Password stopped working {formatDateTimeLong(account.auth_failed_at)}: enter it again with Manage Accounts → Edit
      </Badge>
    );
  }
  if (account.connection === 'not_connected') return <Badge $tone="warning">Not connected: check its connection with Manage Accounts → Edit</Badge>;
  return (
    <>
      <Badge $tone="success">Connected</Badge> {account.fetched_at ? `mail fetched ${formatDateTimeLong(account.fetched_at)}` : 'mail not fetched yet'}
      {account.fetch_error ? ` · last fetch: ${account.fetch_error}` : ''}
    </>
  );
}

export function AccountDetails({ account }: { account: EmailAccount }) {
  const password = usePasswordReveal(account.id);
  const { copied, markCopied } = useCopied<CopyTarget>();

  const toggle = async () => {
    if (password.shown !== null) {
      password.hide();
      return;
    }
    try {
      await password.show();
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure, 'Failed to load password'), variant: 'destructive' });
    }
  };

  const copyAddress = async () => {
    try {
      await writeClipboard(account.email_address);
      markCopied('address');
    } catch {
      toast({ title: 'Error', description: 'Failed to copy email address', variant: 'destructive' });
    }
  };

  const copyPassword = async () => {
    let value: string;
    try {
      value = await password.passwordForCopy();
    } catch (failure) {
      toast({ title: 'Error', description: errorMessage(failure, PASSWORD_COPY_FAILED), variant: 'destructive' });
      return;
    }
    try {
      await writeClipboard(value);
      markCopied('password');
      toast({ title: 'Copied', description: PASSWORD_COPIED, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: PASSWORD_COPY_FAILED, variant: 'destructive' });
    }
  };

  return (
    <StyledCard as="section" aria-labelledby="email-account-details">
      <h2 id="email-account-details">{account.email_address}</h2>
      <CardFacts>
        <dt>Provider</dt>
        <dd>{providerLabel(account.provider)}</dd>
        <dt>Status</dt>
        <dd>
          <Badge $tone={account.is_active ? 'success' : 'warning'}>{account.is_active ? 'Active' : 'Inactive'}</Badge>
        </dd>
        <dt>Connection</dt>
        <dd>
          <ConnectionState account={account} />
        </dd>
        {account.imap_host && (
          <>
            <dt>Servers</dt>
            <dd>
              IMAP {account.imap_host}:{account.imap_port} · SMTP {account.smtp_host}:{account.smtp_port}
            </dd>
          </>
        )}
        <dt>Added</dt>
        <dd>{formatDate(account.created_at)}</dd>
        <dt>Password last revealed</dt>
        <dd>{formatDateTimeLong(account.last_revealed_at, 'Never')}</dd>
      </CardFacts>
      <StyledPassword>
        <span>Password</span>
        <code aria-label={password.shown === null ? 'Password hidden' : 'Password'}>{password.shown ?? MASK}</code>
        <Button $variant="secondary" $size="sm" onClick={() => void toggle()} disabled={password.loading} aria-busy={password.loading}>
          {password.loading && <Spinner aria-hidden="true" />}
          {password.shown === null ? 'View Password' : 'Hide Password'}
        </Button>
        <Button $variant="secondary" $size="sm" onClick={() => void copyPassword()}>
          {copied === 'password' ? 'Copied' : 'Copy Password'}
        </Button>
      </StyledPassword>
      <StyledActions>
        <WebInterfaceButton accountId={account.id} />
        <Button $variant="secondary" onClick={() => void copyAddress()}>
          {copied === 'address' ? 'Copied' : 'Copy Address'}
        </Button>
      </StyledActions>
    </StyledCard>
  );
}
