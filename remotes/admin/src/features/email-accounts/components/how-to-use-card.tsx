import styled from 'styled-components';
import { Card } from '@app/shared';

const StyledCard = styled(Card)`
  h2 { font-size: 1.1rem; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  ol { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; display: grid; gap: ${({ theme }) => theme.space(1)}; }
`;

export function HowToUseCard() {
  return (
    <StyledCard as="section" aria-labelledby="email-how-to-use">
      <h2 id="email-how-to-use">How to Use</h2>
      <ol>
        <li>Add your mailboxes with Manage Accounts: the address, its provider and its password.</li>
        <li>Select an account in the list to see its details.</li>
        <li>Open Web Interface opens the provider&apos;s web mail in a new tab.</li>
        <li>Copy the address and the password to sign in there; View Password shows it for a minute.</li>
        <li>Passwords are stored encrypted, only you can see yours, and every view is recorded.</li>
      </ol>
    </StyledCard>
  );
}
