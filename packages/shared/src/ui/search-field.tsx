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
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string };

/** A search box whose label is for screen readers only; the placeholder shows sighted users its use. */
export function SearchField({ label, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <StyledSearch>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span aria-hidden="true">⌕</span>
      <StyledInput id={id} type="search" autoComplete="off" {...input} />
    </StyledSearch>
  );
}
