import styled from 'styled-components';
import { ErrorPanel, errorMessage, formatDateTimeLong, MutedText } from '@app/shared';
import { useQuotationHistory } from '../api/get-quotation-history';

const StyledList = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li { padding-left: ${({ theme }) => theme.space(3)}; border-left: 2px solid ${({ theme }) => theme.colors.border}; }
  p { margin: 0; overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Everything that happened to a quotation, newest first. */
export function QuotationHistory({ tenantId, quotationId }: { tenantId: string; quotationId: string }) {
  const { data, isPending, isError, error, refetch } = useQuotationHistory(tenantId, quotationId);
  if (isPending) return <MutedText>Loading history...</MutedText>;
  if (isError) return <ErrorPanel title="Could not load the history" message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  if (data.history.length === 0) return <MutedText>Nothing has happened yet.</MutedText>;
  return (
    <StyledList aria-label="History">
      {data.history.map((entry) => (
        <li key={entry.id}>
          <p>{entry.summary}</p>
          <small>
            {formatDateTimeLong(entry.created_at)}
            {entry.actor ? ` · ${entry.actor}` : ''}
          </small>
        </li>
      ))}
    </StyledList>
  );
}
