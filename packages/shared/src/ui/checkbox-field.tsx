import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

const StyledCheckbox = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0.2rem 0 0;
    flex: 0 0 auto;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  label { font-weight: 600; font-size: 0.9rem; cursor: pointer; }
  p { margin: 0; font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode };

export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <StyledCheckbox>
      <input id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} {...input} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && <p id={hintId}>{hint}</p>}
      </div>
    </StyledCheckbox>
  );
}
