import styled from 'styled-components';
import { missionVision } from '../../../content/company';

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
`;

const StyledItem = styled.article`
  padding: ${({ theme }) => theme.space(8)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.primary};
  h3 { font-size: 1.3rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 1.05rem; }
`;

export function MissionVision() {
  return (
    <StyledGrid>
      {missionVision.map((item) => (
        <StyledItem key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </StyledItem>
      ))}
    </StyledGrid>
  );
}
