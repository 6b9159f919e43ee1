import { Suspense } from 'react';
import styled from 'styled-components';
import { Card, lazyPart } from '@app/shared';
import { useNearViewport } from '../hooks/use-near-viewport';
import { ReachUs } from './reach-us';

// The form is fetched when the panel nears the screen, so a page that shows it far down (the home page)
// paints without it; its rules (the shared contract, with zod) follow when the visitor starts on it.
const ContactForm = lazyPart(() => import('./contact-form'), 'ContactForm');

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  @media (min-width: 900px) {
    grid-template-columns: 1.5fr 1fr;
  }
`;

/** Holds the form's place while it loads, so nothing below it moves. */
const StyledFormSpace = styled.div`
  min-height: 34rem;
`;

const StyledFormCard = styled(Card)`
  position: relative;
  padding: clamp(1.25rem, 4vw, 2rem);
  h2, h3 { font-size: 1.3rem; }
`;

/** Form and direct contact details side by side; `headingLevel` fits the page's outline. */
export function ContactPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const space = <StyledFormSpace ref={ref} />;
  return (
    <StyledGrid>
      <StyledFormCard>
        <Heading>Send us a message</Heading>
        {near ? (
          <Suspense fallback={space}>
            <ContactForm />
          </Suspense>
        ) : (
          space
        )}
      </StyledFormCard>
      <ReachUs headingLevel={headingLevel} />
    </StyledGrid>
  );
}
