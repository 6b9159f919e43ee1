import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { StyledInput } from './field';

const StyledSearch = styled.div`
  position: relative;
  flex: 1 1 14rem;
  min-width: 0;
  input { padding-left: 2.25rem; }
  span[aria-hidden] {
    position: absolute;
    left: 0.75rem;
    top: 1.25rem;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

const StyledSearchError = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
`;

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  /** Why the server refused the search (its detail), shown under the box. */
  error?: string;
};

/** A search box whose label is for screen readers only; the placeholder shows sighted users its use. */
export function SearchField({ label, error, ...input }: SearchFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <StyledSearch>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span aria-hidden="true">⌕</span>
      <StyledInput id={id} type="search" autoComplete="off" aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <StyledSearchError id={errorId} role="alert">
          {error}
        </StyledSearchError>
      )}
    </StyledSearch>
  );
}
