import styled from 'styled-components';
import { services } from '../../../content/services';
import { ServiceIcon } from './service-icon';

const StyledGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  /* Five services: the first spans two columns so 2- and 3-column rows come out even. */
  @media (min-width: 640px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > li:first-child { grid-column: span 2; }
  }
  @media (min-width: 1024px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const StyledItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h3 { margin: 0; font-size: 1.15rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.primary};
`;

export function ServiceGrid() {
  return (
    <StyledGrid>
      {services.map((service) => (
        <StyledItem key={service.id}>
          <StyledIcon>
            <ServiceIcon service={service.id} />
          </StyledIcon>
          <h3>{service.title}</h3>
          <p>{service.summary}</p>
        </StyledItem>
      ))}
    </StyledGrid>
  );
}
