import styled, { useTheme } from 'styled-components';
import { formatCount } from '@app/shared';
import { useElementWidth } from '../hooks/use-element-width';
import { CHAR_EM, cutLabel, layoutLabels, textWidth, valueTicks } from './chart-axis';

const StyledFigure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  min-width: 0;
  svg { display: block; width: 100%; }
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
  /** How a value reads in a bar's tooltip (amounts in the tenant's currency); counts by default. */
  format?: (value: number) => string;
  /** How the value axis' ticks read (whole steps: amounts without cents); `format` by default. */
  tickFormat?: (value: number) => string;
  targetLabel?: string;
}

const FONT = 11;
const PLOT_HEIGHT = 180;
const TOP = FONT;
const RIGHT = 4;
const TICK_GAP = 6;
const MAX_UPRIGHT = 96;
const MAX_ACROSS = 120;

/**
 * Grouped bars as plain SVG, drawn at the width they are shown: no chart library to download. A
 * value axis on the left; the groups' labels across, upright or every nth, whichever keeps them
 * apart (a label cut or left out has its full text in a tooltip, as every bar has its value). The
 * figure is one image for screen readers, named by its title; the table beside it carries every figure.
 */
export function BarChart({ title, series, groups, format = formatCount, tickFormat = format, targetLabel }: BarChartProps) {
  const theme = useTheme();
  const [ref, width] = useElementWidth<HTMLElement>(640);
  const hasTarget = groups.some((group) => group.target !== undefined);
  const ticks = valueTicks(Math.max(0, ...groups.flatMap((group) => group.values), ...groups.map((group) => group.target ?? 0)));
  const top = ticks[ticks.length - 1]!;
  const tickLabels = ticks.map(tickFormat);
  const left = Math.ceil(Math.max(...tickLabels.map((label) => textWidth(label, FONT)))) + TICK_GAP * 2;
  const plotWidth = Math.max(1, width - left - RIGHT);
  const slot = plotWidth / Math.max(1, groups.length);
  const bar = Math.max(1, (slot * 0.8) / series.length);
  const labels = groups.map((group) => group.label);
  const layout = layoutLabels(labels, slot, FONT, Math.min(plotWidth, MAX_ACROSS), MAX_UPRIGHT);
  const longest = Math.min(layout.maxChars, Math.max(0, ...labels.map((label) => label.length)));
  const band = (layout.upright ? longest * FONT * CHAR_EM : FONT) + TICK_GAP * 2;
  const bottom = TOP + PLOT_HEIGHT;
  const height = bottom + band;
  const y = (value: number) => bottom - (value / top) * PLOT_HEIGHT;
  const center = (index: number) => left + index * slot + slot / 2;
  const firstAcross = Math.ceil(Math.max(0, (longest * FONT * CHAR_EM) / 2 - slot / 2) / slot);

  return (
    <StyledFigure ref={ref}>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={title}>
        <title>{title}</title>
        <g data-axis="value" fontSize={FONT} fill={theme.colors.textMuted}>
          {ticks.map((tick, index) => (
            <g key={tick}>
              <line x1={left} x2={width - RIGHT} y1={y(tick) + 0.5} y2={y(tick) + 0.5} stroke="currentColor" strokeOpacity={index === 0 ? 0.4 : 0.12} />
              <text x={left - TICK_GAP} y={y(tick)} textAnchor="end" dominantBaseline="central">
                {tickLabels[index]}
              </text>
            </g>
          ))}
        </g>
        {groups.map((group, index) => (
          <g key={group.label}>
            {group.values.map((value, seriesIndex) => (
              <rect
                key={series[seriesIndex].name}
                x={left + index * slot + slot * 0.1 + seriesIndex * bar}
                y={y(value)}
                width={Math.max(1, bar - 1)}
                height={bottom - y(value)}
                fill={series[seriesIndex].color}
              >
                <title>{`${group.label}, ${series[seriesIndex].name}: ${format(value)}`}</title>
              </rect>
            ))}
          </g>
        ))}
        <g data-axis="category" fontSize={FONT} fill="currentColor">
          {groups.map((group, index) => {
            const shown = cutLabel(group.label, layout.maxChars);
            const half = textWidth(shown, FONT) / 2;
            const x = center(index);
            // Labels across are shown from the first that clears the value axis, every nth, while they fit.
            const hidden = layout.upright ? false : index < firstAcross || (index - firstAcross) % layout.every !== 0 || x + half > width;
            if (hidden) return null;
            return layout.upright ? (
              <text key={group.label} transform={`translate(${x} ${bottom + TICK_GAP}) rotate(-90)`} textAnchor="end" dominantBaseline="central">
                {shown !== group.label && <title>{group.label}</title>}
                {shown}
              </text>
            ) : (
              <text key={group.label} x={x} y={bottom + TICK_GAP + FONT / 2} textAnchor="middle" dominantBaseline="central">
                {shown !== group.label && <title>{group.label}</title>}
                {shown}
              </text>
            );
          })}
        </g>
        {hasTarget && (
          <polyline
            points={groups.map((group, index) => `${center(index)},${y(group.target ?? 0)}`).join(' ')}
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
