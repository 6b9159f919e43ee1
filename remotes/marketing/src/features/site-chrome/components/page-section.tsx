import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './container';

const StyledSection = styled.section<{ $tone: 'plain' | 'alt' }>`
  padding: clamp(3rem, 7vw, 5rem) 0;
  background: ${({ theme, $tone }) => ($tone === 'alt' ? theme.colors.surface : 'transparent')};
  border-block: 1px solid ${({ theme, $tone }) => ($tone === 'alt' ? theme.colors.border : 'transparent')};
  /* Keeps a scrolled-to section clear of the sticky header. */
  scroll-margin-top: ${({ theme }) => theme.layout.headerHeight};
  /* Focus lands here after an in-page jump; the section itself is not a control to outline. */
  &:focus { outline: none; }
`;

const StyledHeader = styled.header`
  max-width: 44rem;
  margin: 0 auto ${({ theme }) => theme.space(10)};
  text-align: center;
  h2 { font-size: clamp(1.6rem, 3.5vw, 2.25rem); }
`;

const StyledIntro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.05rem;
`;

export const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.accent};
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

interface PageSectionProps {
  /** Anchor for in-page links; also makes the section focusable for them. */
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'alt';
  children: ReactNode;
}

/** A titled band of a marketing page; its heading names the region for screen readers. */
export function PageSection({ id, eyebrow, title, intro, tone = 'plain', children }: PageSectionProps) {
  const headingId = useId();
  return (
    <StyledSection id={id} tabIndex={id ? -1 : undefined} aria-labelledby={headingId} $tone={tone}>
      <Container>
        <StyledHeader>
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h2 id={headingId}>{title}</h2>
          {intro && <StyledIntro>{intro}</StyledIntro>}
        </StyledHeader>
        {children}
      </Container>
    </StyledSection>
  );
}
