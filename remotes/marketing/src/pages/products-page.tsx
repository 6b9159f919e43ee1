import styled from 'styled-components';
import { siteConfig } from '@app/shared';
import { ComingSoonLinks } from '../features/products/components/coming-soon';
import { ProductCard } from '../features/products/components/product-card';
import { Container } from '../features/site-chrome/components/container';
import { PageHero } from '../features/site-chrome/components/page-hero';
import { PageSection } from '../features/site-chrome/components/page-section';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';

const StyledBody = styled.div`
  padding: clamp(2.5rem, 6vw, 4rem) 0;
`;

export default function ProductsPage() {
  const { brand, product } = siteConfig;
  usePageMeta('Our Products', `${product.name} by ${brand}: payroll, financial analytics, HR and compliance in one secure cloud platform.`);
  return (
    <>
      <PageHero
        eyebrow="Products"
        title="Our Products"
        intro={`Software we build, run and support ourselves, starting with ${product.name} for finance and HR teams.`}
      />
      <StyledBody>
        <Container>
          <ProductCard headingLevel={2} />
        </Container>
      </StyledBody>
      <PageSection
        tone="alt"
        title="More Products Coming Soon"
        intro="We are building more tools for growing teams. Tell us what would help you most, or see how our services can fill the gap today."
      >
        <ComingSoonLinks />
      </PageSection>
      <SiteFooter />
    </>
  );
}
