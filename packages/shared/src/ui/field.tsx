import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

// A select is as wide as its longest option: a long name must not widen the page past the window.
const control = css`
  width: 100%;
  max-width: 100%;
  min-width: 0;
  text-overflow: ellipsis;
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const StyledInput = styled.input`${control}`;
export const StyledTextarea = styled.textarea`${control} resize: vertical;`;
export const StyledSelect = styled.select`${control}`;

const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  max-width: 100%;
  gap: ${({ theme }) => theme.space(1)};
  label { font-weight: 600; font-size: 0.9rem; }
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error wired together for screen readers. */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <StyledField>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
      {error && <StyledError id={errorId}>{error}</StyledError>}
    </StyledField>
  );
}

/** Characters as the server's contracts count them (zod's string limits: Unicode code points, so 😀 is one). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * `maxLength` in characters, as the server counts them: the browser's own attribute counts UTF-16
 * units, so a field of emoji stopped at half of what the server takes. Typing or pasting past the
 * limit keeps its first `maxLength` characters, as the attribute does; the limit is on the element
 * as `data-max-characters`.
 */
function withCharacterLimit<E extends HTMLInputElement | HTMLTextAreaElement>(
  maxLength: number | undefined,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  if (maxLength === undefined) return onChange;
  return (event: ChangeEvent<E>) => {
    const { value } = event.target;
    // Within the limit in UTF-16 units is within it in characters too: only a longer text is counted.
    if (value.length > maxLength && characterCount(value) > maxLength) event.target.value = Array.from(value).slice(0, maxLength).join('');
    onChange?.(event);
  };
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, maxLength, onChange, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <StyledInput
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          data-max-characters={maxLength}
          onChange={withCharacterLimit(maxLength, onChange)}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, maxLength, onChange, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <StyledTextarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          data-max-characters={maxLength}
          onChange={withCharacterLimit(maxLength, onChange)}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <StyledSelect id={id} aria-describedby={describedBy} aria-invalid={invalid} {...select}>
          {children}
        </StyledSelect>
      )}
    </FieldShell>
  );
}
