import styled from 'styled-components';
import { siteConfig } from '@app/shared';
import { ContactPanel } from '../features/contact/components/contact-panel';
import { Container } from '../features/site-chrome/components/container';
import { PageHero } from '../features/site-chrome/components/page-hero';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';

const StyledBody = styled.div`
  padding: clamp(2.5rem, 6vw, 4rem) 0;
`;

export default function ContactPage() {
  usePageMeta(
    'Contact us',
    `Contact ${siteConfig.brand} about a project, ${siteConfig.product.name} or support: send a message, call, email or chat on WhatsApp.`,
  );
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        intro={`Questions, a project in mind or a ${siteConfig.product.name} demo? Send us a message and we will get back to you within one business day.`}
      />
      <StyledBody>
        <Container>
          <ContactPanel headingLevel={2} />
        </Container>
      </StyledBody>
      <SiteFooter />
    </>
  );
}
