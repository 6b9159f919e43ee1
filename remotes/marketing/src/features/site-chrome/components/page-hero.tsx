import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './container';
import { Eyebrow } from './page-section';

const StyledHero = styled.section`
  padding: clamp(3rem, 8vw, 5.5rem) 0 clamp(2.5rem, 6vw, 4rem);
  background:
    radial-gradient(60rem 24rem at 85% -10%, color-mix(in srgb, ${({ theme }) => theme.colors.primary} 16%, transparent), transparent),
    ${({ theme }) => theme.colors.bg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  h1 { font-size: clamp(2rem, 5vw, 3rem); letter-spacing: -0.02em; }
`;

const StyledIntro = styled.p`
  max-width: 40rem;
  margin: 0 auto;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.125rem;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
`;

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
}

/** The opening band of every marketing page except home: carries the page's one h1. */
export function PageHero({ eyebrow, title, intro, actions }: PageHeroProps) {
  return (
    <StyledHero aria-labelledby="page-title">
      <Container>
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <h1 id="page-title">{title}</h1>
        <StyledIntro>{intro}</StyledIntro>
        {actions && <StyledActions>{actions}</StyledActions>}
      </Container>
    </StyledHero>
  );
}
