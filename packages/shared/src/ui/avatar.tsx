import styled from 'styled-components';
import { initials } from '../format/plain-format';

const StyledAvatar = styled.span<{ $size: string }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: 0 0 auto;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  font-size: 0.9rem;
`;

/** Decorative: the name it abbreviates is always printed next to it. */
export function Avatar({ name, size = '2.5rem' }: { name: string | null | undefined; size?: string }) {
  return (
    <StyledAvatar $size={size} aria-hidden="true">
      {initials(name)}
    </StyledAvatar>
  );
}
