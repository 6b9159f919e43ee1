import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';

export const Button = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $size?: 'sm' | 'md';
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ $size }) => ($size === 'sm' ? '2rem' : '2.5rem')};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'sm' ? 3 : 4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  white-space: nowrap;
  transition: background 0.15s ease, border-color 0.15s ease;
  &:disabled { opacity: 0.6; cursor: not-allowed; }
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceAlt}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceAlt}; }
        `;
      case 'destructive':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
          &:hover:not(:disabled) { filter: brightness(0.95); }
        `;
      default:
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
        `;
    }
  }}
`;

/** A square, borderless button around an icon or a glyph (a menu's ⋮, the header's bell); shaded while hovered or open. */
export const iconButtonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.25rem;
  min-height: 2.25rem;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;
