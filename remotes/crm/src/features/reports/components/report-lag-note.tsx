import styled from 'styled-components';
import type { ReportLag } from '@app/shared/forms';

const StyledNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const UNITS = [
  { seconds: 86_400, name: 'day' },
  { seconds: 3_600, name: 'hour' },
  { seconds: 60, name: 'minute' },
  { seconds: 1, name: 'second' },
] as const;

/** How far behind, in its largest whole unit: "45 seconds", "1 minute", "3 hours". */
export function lagText(seconds: number): string {
  const unit = UNITS.find((candidate) => seconds >= candidate.seconds) ?? UNITS[UNITS.length - 1];
  const count = Math.max(1, Math.floor(seconds / unit.seconds));
  return `${count} ${unit.name}${count === 1 ? '' : 's'}`;
}

/** "Figures as of 14:02:10 (the reporting copy is 2 minutes behind)"; the date too when it is not today. */
export function reportLagNote(lag: ReportLag, now: Date = new Date()): string {
  const asOf = new Date(lag.as_of);
  const sameDay = asOf.toDateString() === now.toDateString();
  const time = new Intl.DateTimeFormat('en-GB', {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(asOf);
  return `Figures as of ${time} (the reporting copy is ${lagText(lag.behind_seconds)} behind)`;
}

/**
 * Said above the reports when the copy they were read from (a replica of the database) is behind by
 * more than a few seconds: the oldest of the reports' ages, so no figure looks more current than it is.
 */
export function ReportLagNote({ lags }: { lags: ReadonlyArray<ReportLag | null | undefined> }) {
  const oldest = lags.filter((lag): lag is ReportLag => Boolean(lag)).sort((a, b) => b.behind_seconds - a.behind_seconds)[0];
  if (!oldest) return null;
  return <StyledNote role="status">{reportLagNote(oldest)}</StyledNote>;
}
