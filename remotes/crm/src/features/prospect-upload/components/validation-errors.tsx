import { useId } from 'react';
import styled from 'styled-components';
import { rowErrorText, rowWarningText, type BulkRowError, type BulkRowWarning } from '@app/shared/forms';

const StyledRows = styled.section<{ $tone: 'danger' | 'warning' }>`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.colors[$tone === 'danger' ? 'dangerSoft' : 'warningSoft']};
  h3 { font-size: 0.95rem; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 0.85rem; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; max-height: 12rem; overflow-y: auto; font-size: 0.85rem; }
`;

/** A file with thousands of bad rows lists this many; the count says the rest. */
export const MAX_LISTED_ERRORS = 100;

interface RowListProps {
  title: string;
  lines: readonly string[];
  /** What the title counts: the lines, or the rows they belong to. */
  count: number;
  tone: 'danger' | 'warning';
  note?: string;
}

function RowList({ title, lines, count, tone, note }: RowListProps) {
  const id = useId();
  if (lines.length === 0) return null;
  const hidden = lines.length - MAX_LISTED_ERRORS;
  return (
    <StyledRows $tone={tone} aria-labelledby={id}>
      <h3 id={id}>
        {title} ({count})
      </h3>
      {note && <p>{note}</p>}
      <ul>
        {lines.slice(0, MAX_LISTED_ERRORS).map((line, index) => (
          <li key={index}>{line}</li>
        ))}
        {hidden > 0 && <li>…and {hidden} more</li>}
      </ul>
    </StyledRows>
  );
}

export function ValidationErrors({ title, errors, note }: { title: string; errors: readonly BulkRowError[]; note?: string }) {
  return <RowList title={title} lines={errors.map(rowErrorText)} count={errors.length} tone="danger" note={note} />;
}

/** The values the clean-up leaves out or cuts, by row, field and why; the title counts the rows. */
export function RowWarnings({ title, warnings, note }: { title: string; warnings: readonly BulkRowWarning[]; note?: string }) {
  const rows = new Set(warnings.map((warning) => warning.row)).size;
  return <RowList title={title} lines={warnings.map(rowWarningText)} count={rows} tone="warning" note={note} />;
}
