import { Link } from 'react-router';
import styled from 'styled-components';
import { ErrorPanel, errorMessage, MutedText, PageTitle } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { useMyDay } from '../features/tasks/api/get-my-day';
import { CalendarFeedPanel } from '../features/tasks/components/calendar-feed-panel';
import { DONE_KEY, MY_DAY_PAGE, MyDayList } from '../features/tasks/components/my-day-list';
import { useCompleteTask } from '../features/tasks/components/open-tasks';

const StyledHeader = styled.header`
  margin-bottom: ${({ theme }) => theme.space(5)};
  kbd {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

/** The user's day: what is overdue, today's tasks by time, callbacks due, and the next 7 days. */
export function MyDayPage({ tenantId }: { tenantId: string }) {
  const day = useMyDay(tenantId);
  const { complete, pending } = useCompleteTask(tenantId);
  return (
    <section aria-labelledby="my-day-title" {...{ [MY_DAY_PAGE]: '' }}>
      <StyledHeader>
        <PageTitle id="my-day-title">My day</PageTitle>
        <MutedText>
          Tick off each task with Done, or focus a row and press <kbd>{DONE_KEY}</kbd>. <Link to="/crm">Back to the CRM</Link>
        </MutedText>
      </StyledHeader>
      {day.isPending && <LoadingState label="Loading your day..." />}
      {day.isError && <ErrorPanel title="Could not load your day" message={errorMessage(day.error, 'Please try again.')} onRetry={() => void day.refetch()} />}
      {day.data && (
        <>
          <MyDayList id="my-day-overdue" title="Overdue" empty="Nothing overdue." tasks={day.data.overdue} late pending={pending} onDone={complete} />
          <MyDayList id="my-day-today" title="Today" empty="Nothing else due today." tasks={day.data.due_today} pending={pending} onDone={complete} />
          <MyDayList id="my-day-callbacks" title="Callbacks due" empty="No callbacks due." tasks={day.data.callbacks} pending={pending} onDone={complete} />
          <MyDayList
            id="my-day-upcoming"
            title="Next 7 days"
            empty="Nothing planned for the next 7 days."
            tasks={day.data.upcoming}
            pending={pending}
            onDone={complete}
          />
        </>
      )}
      <CalendarFeedPanel tenantId={tenantId} />
    </section>
  );
}
