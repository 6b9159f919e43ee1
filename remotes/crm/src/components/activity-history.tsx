import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import { ErrorPanel, errorMessage, MutedText } from '@app/shared';
import { formatDateTimeLong, Timeline, TimelineEntry, TimelineMeta } from '@app/shared/staff';
import { type ActivityListResponse } from '@app/shared/forms';

const StyledNotes = styled.p`
  white-space: pre-wrap;
  font-style: italic;
`;

/** Status and stage changes with the notes people left, newest first (a prospect's or a lead's). */
export function ActivityHistory({ query }: { query: UseQueryResult<ActivityListResponse> }) {
  const { data, isPending, isError, error, refetch } = query;
  if (isPending) return <MutedText>Loading history...</MutedText>;
  if (isError) return <ErrorPanel title="Could not load the history" message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  if (data.activities.length === 0) return <MutedText>No status or stage changes yet.</MutedText>;
  return (
    <Timeline aria-label="History">
      {data.activities.map((activity) => (
        <TimelineEntry key={activity.id}>
          <p>{activity.summary}</p>
          {activity.notes && <StyledNotes>“{activity.notes}”</StyledNotes>}
          <TimelineMeta>
            {formatDateTimeLong(activity.created_at)}
            {activity.user_name ? ` · ${activity.user_name}` : ''}
          </TimelineMeta>
        </TimelineEntry>
      ))}
    </Timeline>
  );
}
