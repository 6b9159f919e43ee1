import { siteConfig } from '@app/shared';
import { ServiceGrid } from '../features/services/components/service-grid';
import { WhyChoose } from '../features/services/components/why-choose';
import { PageHero } from '../features/site-chrome/components/page-hero';
import { PageSection } from '../features/site-chrome/components/page-section';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';
import { whyChoose } from '../content/company';

export default function ServicesPage() {
  usePageMeta('Services', `Web development, mobile apps, systems integration, IT consulting and ${siteConfig.product.name} from ${siteConfig.brand}.`);
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Our Services"
        intro="Software and IT services that move your business forward, delivered by one team from first idea to round-the-clock support."
      />
      <PageSection title="What we do">
        <ServiceGrid />
      </PageSection>
      <PageSection tone="alt" title={whyChoose.title}>
        <WhyChoose />
      </PageSection>
      <SiteFooter />
    </>
  );
}
