import styled from 'styled-components';
import { Badge } from '@app/shared';
import { type EmailAccount } from '@app/shared/forms';
import { providerLabel } from '../utils/provider-label';

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  > span:first-child { min-width: 0; display: flex; flex-direction: column; }
  strong { overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface AccountListProps {
  accounts: EmailAccount[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** One button per account; the pressed one is shown in the details beside the list. */
export function AccountList({ accounts, selectedId, onSelect }: AccountListProps) {
  return (
    <StyledList aria-label="Email accounts">
      {accounts.map((account) => (
        <li key={account.id}>
          <StyledItem aria-pressed={account.id === selectedId} onClick={() => onSelect(account.id)}>
            <span>
              <strong>{account.email_address}</strong>
              <small>{providerLabel(account.provider)}</small>
            </span>
            <Badge $tone={account.is_active ? 'success' : 'warning'}>{account.is_active ? 'Active' : 'Inactive'}</Badge>
          </StyledItem>
        </li>
      ))}
    </StyledList>
  );
}
