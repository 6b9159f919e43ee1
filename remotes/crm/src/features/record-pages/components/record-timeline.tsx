import styled from 'styled-components';
import { Badge, ErrorPanel, errorMessage, MutedText } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/format/format';
import { Timeline, TimelineEntry, TimelineMeta } from '@app/shared/ui/timeline';
import type { TimelineKind } from '@app/shared/forms';
import { useRecordTimeline } from '../api/get-record-timeline';
import type { RecordKind } from '../api/record-kind';
import { FoldedText } from '../../../components/folded-text';

const StyledHead = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const KIND_LABELS: Record<TimelineKind, string> = {
  status: 'Status',
  stage: 'Stage',
  call: 'Call',
  quotation: 'Quotation',
  origin: 'Created',
  message: 'Message',
  note: 'Note',
  task: 'Task',
  mail: 'Email',
};

/** Everything that happened to a record, newest first: changes, calls with their caller, notes, quotations. */
export function RecordTimeline({ tenantId, kind, id }: { tenantId: string; kind: RecordKind; id: string }) {
  const { data, isPending, isError, error, refetch } = useRecordTimeline(tenantId, kind, id);
  if (isPending) return <MutedText>Loading timeline...</MutedText>;
  if (isError) return <ErrorPanel title="Could not load the timeline" message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  if (data.entries.length === 0) return <MutedText>Nothing has happened yet.</MutedText>;
  return (
    <Timeline aria-label="Timeline">
      {data.entries.map((entry) => (
        <TimelineEntry key={entry.key}>
          <StyledHead>
            <Badge $tone={entry.kind === 'note' ? 'info' : 'neutral'}>{KIND_LABELS[entry.kind]}</Badge>
            {entry.kind === 'note' ? null : entry.summary}
          </StyledHead>
          {entry.notes && <FoldedText text={entry.notes} />}
          <TimelineMeta>
            {formatDateTimeLong(entry.created_at)}
            {entry.user_name ? ` · ${entry.user_name}` : ''}
          </TimelineMeta>
        </TimelineEntry>
      ))}
    </Timeline>
  );
}
