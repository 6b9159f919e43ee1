import styled from 'styled-components';

const StyledVisual = styled.div`
  display: none;
  @media (min-width: 900px) {
    display: grid;
  }
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const StyledLine = styled.span<{ $width: string; $strong?: boolean }>`
  display: block;
  height: ${({ $strong }) => ($strong ? '0.9rem' : '0.6rem')};
  width: ${({ $width }) => $width};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $strong }) => ($strong ? theme.colors.text : theme.colors.skeleton)};
`;

const StyledBars = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  height: 9rem;
  padding-top: ${({ theme }) => theme.space(2)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledBar = styled.span<{ $height: number; $accent?: boolean }>`
  flex: 1;
  height: ${({ $height }) => $height}%;
  border-radius: ${({ theme }) => theme.radii.sm} ${({ theme }) => theme.radii.sm} 0 0;
  background: ${({ theme, $accent }) => ($accent ? theme.colors.accent : theme.colors.primary)};
  opacity: ${({ $accent }) => ($accent ? 1 : 0.8)};
`;

const StyledRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StyledDot = styled.span`
  width: 2rem;
  height: 2rem;
  flex-shrink: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.infoSoft};
  border: 2px solid ${({ theme }) => theme.colors.primary};
`;

const StyledStack = styled.span`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  flex: 1;
`;

const bars = [38, 52, 45, 64, 58, 76, 70, 92];

/** A sketch of a finance dashboard, drawn in CSS so the hero costs no image download. */
export function HeroVisual() {
  return (
    <StyledVisual aria-hidden="true">
      <StyledStack>
        <StyledLine $width="40%" $strong />
        <StyledLine $width="65%" />
      </StyledStack>
      <StyledBars>
        {bars.map((height, index) => (
          <StyledBar key={index} $height={height} $accent={index === bars.length - 1} />
        ))}
      </StyledBars>
      {['70%', '55%'].map((width) => (
        <StyledRow key={width}>
          <StyledDot />
          <StyledStack>
            <StyledLine $width={width} $strong />
            <StyledLine $width="45%" />
          </StyledStack>
        </StyledRow>
      ))}
    </StyledVisual>
  );
}
