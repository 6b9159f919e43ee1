import styled, { css, keyframes } from 'styled-components';

export type ProgressTone = 'primary' | 'success' | 'warning' | 'danger';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const StyledTrack = styled.div<{ $height: string }>`
  position: relative;
  width: 100%;
  height: ${({ $height }) => $height};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StyledFill = styled.div<{ $value: number | null; $tone: ProgressTone }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.primary : theme.colors[$tone])};
  transition: width 0.2s ease;
  ${({ $value }) =>
    $value === null
      ? css`
          width: 40%;
          animation: ${slide} 1.2s ease-in-out infinite;
          @media (prefers-reduced-motion: reduce) { animation: none; width: 100%; opacity: 0.5; }
        `
      : css`
          width: ${$value}%;
        `}
`;

export interface ProgressBarProps {
  /** 0..100; null while the amount of work left is unknown (indeterminate). */
  value: number | null;
  /** Accessible name, e.g. 'Upload progress'. */
  label: string;
  /** Spoken instead of the bare percentage, e.g. '3 of 10 calls'. */
  valueText?: string;
  tone?: ProgressTone;
  height?: string;
}

export function ProgressBar({ value, label, valueText, tone = 'primary', height = '0.5rem' }: ProgressBarProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <StyledTrack
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped === null ? undefined : Math.round(clamped)}
      aria-valuetext={valueText}
      $height={height}
    >
      <StyledFill $value={clamped} $tone={tone} />
    </StyledTrack>
  );
}
