import styled from 'styled-components';
import { Badge, Button, Card, MutedText, type BadgeTone } from '@app/shared';
import { ProgressBar } from '@app/shared/ui/progress-bar';
import { formatDate } from '@app/shared/staff';
import { type Goal } from '@app/shared/forms';
import { averageCallsPerDay, dailyRows, daysRemaining, goalProgress, goalStatus, totalCalls, type GoalStatus } from '../utils/goal-metrics';
import { DailyCallsChart } from './daily-calls-chart';
import { DailyCallsList } from './daily-calls-list';

const StyledCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  height: 100%;
`;

const StyledHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
  > div:first-child { flex: 1; min-width: 0; }
`;

// Cards in a row end with their buttons on one line.
const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: auto;
`;

const StyledProgressLabel = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.85rem;
  margin-bottom: ${({ theme }) => theme.space(1)};
`;

const StyledStats = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  text-align: center;
  dt { font-size: 0.75rem; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 700; font-size: 1.1rem; }
  div { padding: ${({ theme }) => theme.space(2)}; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

const StyledDescription = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const STATUS_TONE: Record<GoalStatus, BadgeTone> = { upcoming: 'info', active: 'success', completed: 'neutral' };
const STATUS_LABEL: Record<GoalStatus, string> = { upcoming: 'Upcoming', active: 'Active', completed: 'Completed' };

export interface GoalCardProps {
  goal: Goal;
  now: Date;
  /** Left out when the user may not change goals: the card then offers neither. */
  onEdit?: (goal: Goal) => void;
  onDelete?: (goal: Goal) => void;
}

export function GoalCard({ goal, now, onEdit, onDelete }: GoalCardProps) {
  const status = goalStatus(goal, now);
  const progress = goalProgress(goal, now);
  const rows = dailyRows(goal, now);
  const calls = totalCalls(goal);

  return (
    <StyledCard as="article" aria-label={goal.name}>
      <StyledHeader>
        <div>
          <h3>{goal.name}</h3>
          <MutedText>
            {goal.target_count} calls/day · {formatDate(goal.start_date)} – {formatDate(goal.end_date)}
          </MutedText>
        </div>
        <Badge $tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>
      </StyledHeader>
      {goal.description && <StyledDescription>{goal.description}</StyledDescription>}
      <div>
        <StyledProgressLabel>
          <span>Progress</span>
          <strong>{progress}%</strong>
        </StyledProgressLabel>
        <ProgressBar value={progress} label={`Progress of ${goal.name}`} valueText={`${progress}%`} tone={progress >= 100 ? 'success' : 'primary'} />
      </div>
      <StyledStats>
        <div>
          <dt>Calls made</dt>
          <dd>{calls}</dd>
        </div>
        <div>
          <dt>Avg / day</dt>
          <dd>{averageCallsPerDay(goal, now).toFixed(1)}</dd>
        </div>
        <div>
          <dt>Days left</dt>
          <dd>{daysRemaining(goal, now)}</dd>
        </div>
      </StyledStats>
      {rows.length > 0 ? (
        <>
          <DailyCallsChart rows={rows} target={goal.target_count} />
          <DailyCallsList rows={rows} target={goal.target_count} />
        </>
      ) : (
        <MutedText>{status === 'upcoming' ? `Starts ${formatDate(goal.start_date)}.` : 'No calls logged yet.'}</MutedText>
      )}
      {onEdit && onDelete && (
        <StyledActions>
          <Button $variant="secondary" $size="sm" aria-label={`Edit ${goal.name}`} onClick={() => onEdit(goal)}>
            Edit
          </Button>
          <Button $variant="ghost" $size="sm" aria-label={`Delete ${goal.name}`} onClick={() => onDelete(goal)}>
            Delete
          </Button>
        </StyledActions>
      )}
    </StyledCard>
  );
}
