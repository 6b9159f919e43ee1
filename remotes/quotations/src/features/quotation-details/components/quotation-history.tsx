import { ErrorPanel, errorMessage, MutedText } from '@app/shared';
import { formatDateTimeLong, Timeline, TimelineEntry, TimelineMeta } from '@app/shared/staff';
import { useQuotationHistory } from '../api/get-quotation-history';

/** Everything that happened to a quotation, newest first. */
export function QuotationHistory({ tenantId, quotationId }: { tenantId: string; quotationId: string }) {
  const { data, isPending, isError, error, refetch } = useQuotationHistory(tenantId, quotationId);
  if (isPending) return <MutedText>Loading history...</MutedText>;
  if (isError) return <ErrorPanel title="Could not load the history" message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  if (data.history.length === 0) return <MutedText>Nothing has happened yet.</MutedText>;
  return (
    <Timeline aria-label="History">
      {data.history.map((entry) => (
        <TimelineEntry key={entry.id}>
          <p>{entry.summary}</p>
          <TimelineMeta>
            {formatDateTimeLong(entry.created_at)}
            {entry.actor ? ` · ${entry.actor}` : ''}
          </TimelineMeta>
        </TimelineEntry>
      ))}
    </Timeline>
  );
}
