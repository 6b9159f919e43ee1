import styled from 'styled-components';
import { rowErrorText, type BulkRowError } from '@app/shared/forms';

const StyledErrors = styled.section`
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  h3 { font-size: 0.95rem; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  ul { margin: 0; padding-left: ${({ theme }) => theme.space(5)}; max-height: 12rem; overflow-y: auto; font-size: 0.85rem; }
`;

/** A file with thousands of bad rows lists this many; the count says the rest. */
export const MAX_LISTED_ERRORS = 100;

export function ValidationErrors({ title, errors }: { title: string; errors: readonly BulkRowError[] }) {
  if (errors.length === 0) return null;
  const hidden = errors.length - MAX_LISTED_ERRORS;
  return (
    <StyledErrors aria-labelledby="upload-errors-title">
      <h3 id="upload-errors-title">
        {title} ({errors.length})
      </h3>
      <ul>
        {errors.slice(0, MAX_LISTED_ERRORS).map((error, index) => (
          <li key={index}>{rowErrorText(error)}</li>
        ))}
        {hidden > 0 && <li>…and {hidden} more</li>}
      </ul>
    </StyledErrors>
  );
}
