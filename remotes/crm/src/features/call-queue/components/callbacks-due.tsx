import { Link } from 'react-router';
import styled from 'styled-components';
import { Card, MutedText, Skeleton } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/format/format';
import { PhoneNumber } from '../../../components/phone-number';
import { useCallbacksDue } from '../api/get-callbacks';

const StyledPanel = styled(Card)`
  padding: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h2 { font-size: 0.85rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; margin: 0; }
  strong { display: block; font-size: 1.75rem; line-height: 1.2; margin-top: ${({ theme }) => theme.space(1)}; }
  ul { margin: ${({ theme }) => theme.space(2)} 0 0; padding-left: ${({ theme }) => theme.space(5)}; }
`;

/** The caller's callbacks due today, missed ones included, each a click from the queue. */
export function CallbacksDue({ tenantId }: { tenantId: string }) {
  const { data, isError, isPending } = useCallbacksDue(tenantId);
  const callbacks = data ?? [];
  const count = isError ? '—' : callbacks.length;
  return (
    <StyledPanel as="section" aria-labelledby="callbacks-due-title">
      <h2 id="callbacks-due-title">
        <Link to="/crm/my-day">Callbacks due</Link>
      </h2>
      <strong>{isPending ? <Skeleton $width="2rem" $height="1em" aria-label="Loading" /> : count}</strong>
      {isPending ? (
        // As tall as the line it stands for, so the page below does not move when the answer comes.
        <MutedText>
          <Skeleton $width="12rem" $height="1em" />
        </MutedText>
      ) : callbacks.length === 0 ? (
        <MutedText>No callbacks due today.</MutedText>
      ) : (
        <>
          <ul>
            {callbacks.map((callback) => (
              <li key={callback.id}>
                {callback.prospect_name} · <PhoneNumber text={callback.phone1} e164={callback.phone1_e164} /> · {formatDateTimeLong(callback.due_at)}
              </li>
            ))}
          </ul>
          <Link to="/crm/call-queue">Call them in the queue</Link>
        </>
      )}
    </StyledPanel>
  );
}
