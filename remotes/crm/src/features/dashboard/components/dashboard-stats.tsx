import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, MutedText, Skeleton } from '@app/shared';
import type { VisibleCalls } from '@app/shared/forms';
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

export function DashboardStats({ tenantId }: { tenantId: string }) {
  const { data, isPending, isError } = useDashboard(tenantId);

  const value = (render: () => ReactNode) => {
    if (isPending) return <Skeleton $width="4rem" $height="1.75rem" aria-label="Loading" />;
    if (isError || !data) return <strong>—</strong>;
    return render();
  };

  return (
    <StyledStats aria-label="Dashboard statistics" role="group">
      <StyledStat>
        <h2>Total Prospects</h2>
        {value(() => (
          <strong>{data!.total_prospects.toLocaleString('en-US')}</strong>
        ))}
      </StyledStat>
      <StyledStat>
        <h2>Today&apos;s Calls</h2>
        {value(() => (
          <>
            <strong>{data!.today_calls_made.toLocaleString('en-US')}</strong>
            <MutedText>Goal: {data!.today_calls_goal.toLocaleString('en-US')}</MutedText>
            <MutedText>Your own calls, beside your goals</MutedText>
          </>
        ))}
      </StyledStat>
      {data?.visible_calls && (
        <StyledStat>
          <h2>{VISIBLE_TITLES[data.visible_calls.scope]}</h2>
          <strong>{data.visible_calls.made.toLocaleString('en-US')}</strong>
          <MutedText>Goal: {data.visible_calls.goal.toLocaleString('en-US')}</MutedText>
        </StyledStat>
      )}
    </StyledStats>
  );
}
