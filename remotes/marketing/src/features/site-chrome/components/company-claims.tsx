import styled from 'styled-components';
import { siteConfig } from '@app/shared';
import { companyClaims } from '../../../content/company';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => theme.space(4)};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  strong { font-size: clamp(1.4rem, 4vw, 1.9rem); line-height: 1.1; color: ${({ theme }) => theme.colors.primary}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; }
`;

/** The company's three claims (projects, years, support), as one labelled list. */
export function CompanyClaims() {
  return (
    <StyledList aria-label={`${siteConfig.brand} in numbers`}>
      {companyClaims.map((claim) => (
        <li key={claim.label}>
          <strong>{claim.value}</strong>
          <span>{claim.label}</span>
        </li>
      ))}
    </StyledList>
  );
}
