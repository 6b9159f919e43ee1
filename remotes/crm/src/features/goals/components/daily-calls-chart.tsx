import styled, { useTheme } from 'styled-components';
import { formatDate } from '@app/shared/staff';
import type { DailyRow, DayTone } from '../utils/goal-metrics';

const StyledFigure = styled.figure`
  margin: 0;
  svg { display: block; width: 100%; height: auto; }
  figcaption { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Days the chart shows; the list below it holds every day. */
export const CHART_DAYS = 14;

const WIDTH = 280;
const HEIGHT = 90;
const GAP = 3;

export interface DailyCallsChartProps {
  /** Newest first, as dailyRows returns them. */
  rows: readonly DailyRow[];
  target: number;
}

/** Calls per day against the daily target: small inline SVG, no chart library. */
export function DailyCallsChart({ rows, target }: DailyCallsChartProps) {
  const theme = useTheme();
  const days = rows.slice(0, CHART_DAYS).reverse();
  if (days.length === 0) return null;
  const toneColour: Record<DayTone, string> = { met: theme.colors.success, partial: theme.colors.warning, none: theme.colors.danger };
  const max = Math.max(target, ...days.map((day) => day.calls_made)) * 1.15 || 1;
  const slot = WIDTH / days.length;
  const barWidth = Math.max(2, slot - GAP);
  const y = (value: number) => HEIGHT - (value / max) * HEIGHT;
  const summary = `Calls per day for the last ${days.length} day${days.length === 1 ? '' : 's'} against a daily target of ${target}`;

  return (
    <StyledFigure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <title>{summary}</title>
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke={theme.colors.border} />
        {days.map((day, index) => {
          // A day without calls still gets a sliver, so a red miss is visible.
          const top = day.calls_made > 0 ? y(day.calls_made) : HEIGHT - 2;
          return (
            <rect key={day.date} x={index * slot + GAP / 2} y={top} width={barWidth} height={HEIGHT - top} rx={1.5} fill={toneColour[day.tone]}>
              <title>{`${formatDate(day.date)}: ${day.calls_made} of ${target} calls`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={WIDTH} y1={y(target)} y2={y(target)} stroke={theme.colors.text} strokeDasharray="4 3" strokeWidth={1} />
      </svg>
      <figcaption>Dashed line: daily target of {target} calls</figcaption>
    </StyledFigure>
  );
}
