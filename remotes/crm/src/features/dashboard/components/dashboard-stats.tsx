import styled from 'styled-components';
import { Card, MutedText, Skeleton, useSession } from '@app/shared';
import type { DashboardStats as DashboardStatsData, SessionUser, VisibleCalls } from '@app/shared/forms';
import { useDashboard } from '../api/get-dashboard';

const StyledStats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const StyledStat = styled(Card)`
  padding: ${({ theme }) => theme.space(4)};
  h2 { font-size: 0.85rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; margin: 0; }
  strong { display: block; font-size: 1.75rem; line-height: 1.2; margin-top: ${({ theme }) => theme.space(1)}; }
`;

/** The calls of the callers the user sees besides their own: their team's, or everyone's. */
const VISIBLE_TITLES: Record<VisibleCalls['scope'], string> = { team: "Team's Calls Today", all: "Everyone's Calls Today" };

/**
 * Until the figures come, each card already has the lines it will have (a placeholder for each
 * figure), and the card of the calls the user sees besides their own is there when their account
 * says it will be: nothing below the cards moves when the figures arrive.
 */
export function DashboardStats({ tenantId }: { tenantId: string }) {
  const { data, isPending } = useDashboard(tenantId);
  const { user } = useSession();
  const figure = (read: (stats: DashboardStatsData) => number) => {
    if (isPending) return <Skeleton $width="4rem" $height="1em" aria-label="Loading" />;
    return data ? read(data).toLocaleString('en-US') : '—';
  };
  const visibleScope = isPending ? expectedVisibleScope(user) : data?.visible_calls?.scope;

  return (
    <StyledStats aria-label="Dashboard statistics" role="group">
      <StyledStat>
        <h2>Total Prospects</h2>
        <strong>{figure((stats) => stats.total_prospects)}</strong>
      </StyledStat>
      <StyledStat>
        <h2>Today&apos;s Calls</h2>
        <strong>{figure((stats) => stats.today_calls_made)}</strong>
        <MutedText>Goal: {figure((stats) => stats.today_calls_goal)}</MutedText>
        <MutedText>Your own calls, beside your goals</MutedText>
      </StyledStat>
      {visibleScope && (
        <StyledStat>
          <h2>{VISIBLE_TITLES[visibleScope]}</h2>
          <strong>{figure((stats) => stats.visible_calls?.made ?? 0)}</strong>
          <MutedText>Goal: {figure((stats) => stats.visible_calls?.goal ?? 0)}</MutedText>
        </StyledStat>
      )}
    </StyledStats>
  );
}

/** Whose calls besides their own the server will count for this user, as far as the session tells. */
function expectedVisibleScope(user: SessionUser | null | undefined): VisibleCalls['scope'] | undefined {
  if (!user) return undefined;
  if (user.is_admin || user.visibility === 'all') return 'all';
  return user.visibility === 'team' && user.team_id ? 'team' : undefined;
}
