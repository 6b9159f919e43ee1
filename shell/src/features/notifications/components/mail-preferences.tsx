import styled from 'styled-components';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@app/shared/forms';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  legend { padding: 0; margin-bottom: ${({ theme }) => theme.space(2)}; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Which kinds also come by mail: each box saves as it is ticked. */
export function MailPreferences({ userId }: { userId: string }) {
  const preferences = useNotificationPreferences(userId);
  const update = useUpdateNotificationPreferences(userId);
  if (preferences.isPending) return <StyledNote>Loading mail settings...</StyledNote>;
  if (preferences.isError) return <StyledNote role="alert">Failed to load mail settings.</StyledNote>;
  const mail = preferences.data.mail;
  return (
    <StyledFieldset>
      <legend>Also send me a mail when</legend>
      {NOTIFICATION_KINDS.map((kind) => (
        <CheckboxField
          key={kind}
          label={NOTIFICATION_KIND_LABELS[kind]}
          checked={mail[kind] === true}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ mail: { [kind]: event.currentTarget.checked } })}
        />
      ))}
      {update.isError && <StyledNote role="alert">The setting was not saved. Try again.</StyledNote>}
    </StyledFieldset>
  );
}
