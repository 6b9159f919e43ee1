import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, siteConfig } from '@app/shared';
import { scrollToSection } from '../scroll-to-section';
import { HeroVisual } from './hero-visual';

const StyledHero = styled.section`
  padding: clamp(3rem, 9vw, 6rem) 0 clamp(3rem, 7vw, 5rem);
  background:
    radial-gradient(50rem 28rem at 90% 0%, color-mix(in srgb, ${({ theme }) => theme.colors.primary} 18%, transparent), transparent),
    radial-gradient(40rem 24rem at 0% 100%, color-mix(in srgb, ${({ theme }) => theme.colors.accent} 12%, transparent), transparent),
    ${({ theme }) => theme.colors.bg};
`;

const StyledInner = styled.div`
  width: 100%;
  max-width: 72rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)};
  display: grid;
  gap: ${({ theme }) => theme.space(12)};
  align-items: center;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: 0 ${({ theme }) => theme.space(8)};
  }
  @media (min-width: 900px) {
    grid-template-columns: 1.25fr 1fr;
  }
`;

const StyledCopy = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0;
    font-size: clamp(2.1rem, 6vw, 3.5rem);
    letter-spacing: -0.025em;
  }
`;

const StyledEyebrow = styled.p`
  margin: 0;
  justify-self: start;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.875rem;
  font-weight: 600;
`;

const StyledLead = styled.p`
  margin: 0;
  max-width: 36rem;
  font-size: 1.15rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  button { min-height: 3rem; padding: 0 ${({ theme }) => theme.space(6)}; }
  @media (max-width: 479px) {
    button { flex: 1 1 100%; }
  }
`;

/** The home page's opening band; `highlights` sits under the buttons (the page passes the claims). */
export function HomeHero({ highlights }: { highlights?: ReactNode }) {
  const { tagline, product } = siteConfig;
  return (
    <StyledHero aria-labelledby="home-title">
      <StyledInner>
        <StyledCopy>
          <StyledEyebrow>Web, mobile, integration and {product.name}</StyledEyebrow>
          <h1 id="home-title">{tagline}</h1>
          <StyledLead>
            We design, build and run web and mobile software for growing companies, and we make {product.name}, the finance and HR platform that pays their
            people on time.
          </StyledLead>
          <StyledActions>
            <Button onClick={() => scrollToSection('product')}>Explore {product.name}</Button>
            <Button $variant="secondary" onClick={() => scrollToSection('services')}>
              View our services
            </Button>
          </StyledActions>
          {highlights}
        </StyledCopy>
        <HeroVisual />
      </StyledInner>
    </StyledHero>
  );
}
