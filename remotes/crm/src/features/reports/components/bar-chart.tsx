import styled from 'styled-components';

const StyledFigure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  svg { display: block; width: 100%; height: auto; max-height: 16rem; }
  figcaption { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledLegend = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin-right: ${({ theme }) => theme.space(3)};
  &::before { content: ''; width: 0.7rem; height: 0.7rem; border-radius: 2px; background: ${({ $color }) => $color}; }
`;

export interface ChartSeries {
  name: string;
  color: string;
}

export interface ChartGroup {
  label: string;
  /** One value per series, in the series' order. */
  values: number[];
  /** The target line's value at this group (calls against their goal). */
  target?: number;
}

export interface BarChartProps {
  title: string;
  series: ChartSeries[];
  groups: ChartGroup[];
  /** How a value reads in a bar's tooltip (amounts in the tenant's currency). */
  format?: (value: number) => string;
  targetLabel?: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const LABELS = 18;

/**
 * Grouped bars as plain SVG: no chart library to download. The figure is one image for screen
 * readers, named by its title; the table beside it carries every figure.
 */
export function BarChart({ title, series, groups, format = String, targetLabel }: BarChartProps) {
  const targets = groups.map((group) => group.target ?? 0);
  const max = Math.max(1, ...groups.flatMap((group) => group.values), ...targets) * 1.1;
  const slot = WIDTH / Math.max(1, groups.length);
  const bar = Math.max(1, (slot * 0.8) / series.length);
  const plot = HEIGHT - LABELS;
  const y = (value: number) => plot - (value / max) * plot;
  // Labels thin out when the groups are many, so they never overlap.
  const every = Math.ceil(groups.length / 12);
  const hasTarget = groups.some((group) => group.target !== undefined);

  return (
    <StyledFigure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        <title>{title}</title>
        <line x1={0} x2={WIDTH} y1={plot + 0.5} y2={plot + 0.5} stroke="currentColor" strokeOpacity={0.3} />
        {groups.map((group, index) => (
          <g key={group.label}>
            {group.values.map((value, seriesIndex) => (
              <rect
                key={series[seriesIndex].name}
                x={index * slot + slot * 0.1 + seriesIndex * bar}
                y={y(value)}
                width={Math.max(1, bar - 1)}
                height={plot - y(value)}
                fill={series[seriesIndex].color}
              >
                <title>{`${group.label}, ${series[seriesIndex].name}: ${format(value)}`}</title>
              </rect>
            ))}
            {index % every === 0 && (
              <text x={index * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={10} fill="currentColor">
                {group.label}
              </text>
            )}
          </g>
        ))}
        {hasTarget && (
          <polyline
            points={groups.map((group, index) => `${index * slot + slot / 2},${y(group.target ?? 0)}`).join(' ')}
            fill="none"
            stroke="currentColor"
            strokeDasharray="4 3"
            strokeWidth={1.5}
          />
        )}
      </svg>
      <figcaption>
        {series.map((item) => (
          <StyledLegend key={item.name} $color={item.color}>
            {item.name}
          </StyledLegend>
        ))}
        {hasTarget && targetLabel && <span>Dashed line: {targetLabel}</span>}
      </figcaption>
    </StyledFigure>
  );
}
