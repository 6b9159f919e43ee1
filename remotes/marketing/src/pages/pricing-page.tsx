import styled from 'styled-components';
import { siteConfig } from '@app/shared';
import { PriceTable } from '../features/pricing/components/price-table';
import { PricingCalculator } from '../features/pricing/components/pricing-calculator';
import { BASE_EMPLOYEES, BASE_PRICE } from '../features/pricing/pricing';
import { Container } from '../features/site-chrome/components/container';
import { PageHero } from '../features/site-chrome/components/page-hero';
import { PageSection } from '../features/site-chrome/components/page-section';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';

const StyledBody = styled.div`
  padding: clamp(2.5rem, 6vw, 4rem) 0;
`;

export default function PricingPage() {
  const { product } = siteConfig;
  usePageMeta(
    `${product.name} pricing`,
    `Work out the monthly price of ${product.name} for your team: $${BASE_PRICE} covers up to ${BASE_EMPLOYEES} employees, with simple per-employee bands above that.`,
  );
  return (
    <>
      <PageHero
        eyebrow={product.name}
        title={`${product.name} Pricing`}
        intro="One simple monthly price for payroll, analytics and HR. Enter your team size to see what you would pay."
      />
      <StyledBody>
        <Container>
          <PricingCalculator />
        </Container>
      </StyledBody>
      <PageSection tone="alt" title="How pricing works">
        <PriceTable />
      </PageSection>
      <SiteFooter />
    </>
  );
}
