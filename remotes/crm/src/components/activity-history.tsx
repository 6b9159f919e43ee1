import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import { ErrorPanel, errorMessage, formatDateTimeLong, MutedText, type ActivityListResponse } from '@app/shared';

const StyledList = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledEntry = styled.li`
  padding-left: ${({ theme }) => theme.space(3)};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; overflow-wrap: anywhere; }
`;

const StyledMeta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

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
    <StyledList aria-label="History">
      {data.activities.map((activity) => (
        <StyledEntry key={activity.id}>
          <p>{activity.summary}</p>
          {activity.notes && <StyledNotes>“{activity.notes}”</StyledNotes>}
          <StyledMeta>
            {formatDateTimeLong(activity.created_at)}
            {activity.user_name ? ` · ${activity.user_name}` : ''}
          </StyledMeta>
        </StyledEntry>
      ))}
    </StyledList>
  );
}
