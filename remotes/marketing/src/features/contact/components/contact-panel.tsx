import styled from 'styled-components';
import { Card } from '@app/shared';
import { ContactForm } from './contact-form';
import { ReachUs } from './reach-us';

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  @media (min-width: 900px) {
    grid-template-columns: 1.5fr 1fr;
  }
`;

const StyledFormCard = styled(Card)`
  position: relative;
  padding: clamp(1.25rem, 4vw, 2rem);
  h2, h3 { font-size: 1.3rem; }
`;

/** Form and direct contact details side by side; `headingLevel` fits the page's outline. */
export function ContactPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <StyledGrid>
      <StyledFormCard>
        <Heading>Send us a message</Heading>
        <ContactForm />
      </StyledFormCard>
      <ReachUs headingLevel={headingLevel} />
    </StyledGrid>
  );
}
