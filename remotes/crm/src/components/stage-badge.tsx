import styled from 'styled-components';
import { Badge } from '@app/shared';
import { DEFAULT_STAGE_COLOR } from '@app/shared/contracts/constants';

// A tenant-chosen data colour, not a theme colour.
const StyledDot = styled.span<{ $color: string }>`
  display: inline-block;
  width: 0.6rem;
  height: 0.6rem;
  margin-right: ${({ theme }) => theme.space(1)};
  border-radius: 50%;
  background: ${({ $color }) => $color};
  box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.border};
`;

export function StageDot({ color }: { color: string | null | undefined }) {
  return <StyledDot $color={color || DEFAULT_STAGE_COLOR} aria-hidden="true" />;
}

export function StageBadge({ name, color }: { name: string | null | undefined; color: string | null | undefined }) {
  return (
    <Badge title="Pipeline stage">
      <StageDot color={color} />
      {name || 'No stage'}
    </Badge>
  );
}
