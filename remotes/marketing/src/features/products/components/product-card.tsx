import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge, Button, siteConfig } from '@app/shared';
import { productDescription, productFeatures } from '../../../content/product';
import { CheckIcon } from './check-icon';

const StyledCard = styled.article`
  display: grid;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  @media (min-width: 900px) {
    grid-template-columns: 1.6fr 1fr;
  }
`;

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: clamp(1.5rem, 4vw, 2.5rem);
  p { margin: 0; }
`;

const StyledTitleRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  h2, h3 { margin: 0; font-size: clamp(1.6rem, 4vw, 2rem); }
`;

const StyledSummary = styled.p`
  font-size: 1.15rem;
  font-weight: 600;
`;

const StyledMuted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledFeatures = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  li { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: flex-start; }
  svg { flex-shrink: 0; margin-top: 0.15rem; color: ${({ theme }) => theme.colors.success}; }
`;

const StyledAside = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: clamp(1.5rem, 4vw, 2.5rem);
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  @media (min-width: 900px) {
    border-top: 0;
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
  a { width: 100%; }
`;

const StyledUptime = styled.p`
  margin: 0;
  display: grid;
  strong { font-size: 2.5rem; line-height: 1.1; color: ${({ theme }) => theme.colors.primary}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The flagship product, as shown on the home page (heading level 3) and on /products (level 2). */
export function ProductCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const { product, claims } = siteConfig;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledBody>
        <StyledTitleRow>
          <Heading id={titleId}>{product.name}</Heading>
          <Badge $tone="success">Popular</Badge>
        </StyledTitleRow>
        <StyledSummary>{product.summary}</StyledSummary>
        <StyledMuted>{productDescription}</StyledMuted>
        <StyledFeatures aria-label={`${product.name} features`}>
          {productFeatures.map((feature) => (
            <li key={feature}>
              <CheckIcon />
              {feature}
            </li>
          ))}
        </StyledFeatures>
      </StyledBody>
      <StyledAside>
        <StyledUptime>
          <strong>{claims.uptime}</strong> <span>uptime, monitored around the clock</span>
        </StyledUptime>
        <Button as="a" href={product.url} target="_blank" rel="noopener noreferrer">
          Visit {product.name}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </Button>
        <Button as={Link} to="/payofina" $variant="secondary">
          See pricing
        </Button>
      </StyledAside>
    </StyledCard>
  );
}
