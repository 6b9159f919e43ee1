import { siteConfig } from '@app/shared';
import { AboutStory } from '../features/about/components/about-story';
import { ContactPanel } from '../features/contact/components/contact-panel';
import { HomeHero } from '../features/home/components/home-hero';
import { ProductCard } from '../features/products/components/product-card';
import { ServiceGrid } from '../features/services/components/service-grid';
import { CompanyClaims } from '../features/site-chrome/components/company-claims';
import { PageSection } from '../features/site-chrome/components/page-section';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';
import { aboutCopy } from '../content/company';

const { brand, product } = siteConfig;

export default function HomePage() {
  usePageMeta(
    `${brand} | Software and IT services`,
    `${brand} builds web and mobile software, connects business systems and makes ${product.name}, the finance and HR platform for growing companies.`,
  );
  return (
    <>
      <HomeHero highlights={<CompanyClaims />} />
      <PageSection
        id="services"
        eyebrow="Services"
        title="Everything you need to build, run and grow"
        intro="From a first website to the systems your whole company runs on, one team covers it end to end."
      >
        <ServiceGrid />
      </PageSection>
      <PageSection
        id="product"
        tone="alt"
        eyebrow="Flagship product"
        title={`${product.name}: finance and HR in one place`}
        intro="Our own SaaS platform, used every day by finance and people teams to pay staff on time and stay compliant."
      >
        <ProductCard headingLevel={3} />
      </PageSection>
      <PageSection id="about" eyebrow="About us" title={aboutCopy.title}>
        <AboutStory />
      </PageSection>
      <PageSection
        id="contact"
        tone="alt"
        eyebrow="Contact"
        title="Let's talk about your project"
        intro="Tell us what you are planning. You will hear back from an engineer, not a sales script."
      >
        <ContactPanel headingLevel={3} />
      </PageSection>
      <SiteFooter />
    </>
  );
}
