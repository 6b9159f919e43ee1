import { siteConfig } from '@app/shared';
import { AboutStory } from '../features/about/components/about-story';
import { MissionVision } from '../features/about/components/mission-vision';
import { CompanyClaims } from '../features/site-chrome/components/company-claims';
import { PageHero } from '../features/site-chrome/components/page-hero';
import { PageSection } from '../features/site-chrome/components/page-section';
import { SiteFooter } from '../features/site-chrome/components/site-footer';
import { usePageMeta } from '../features/site-chrome/hooks/use-page-meta';
import { aboutCopy } from '../content/company';

export default function AboutPage() {
  usePageMeta(
    'About us',
    `Who ${siteConfig.brand} is: a software and IT-services team with ${siteConfig.claims.projects} projects delivered, plus our mission and vision.`,
  );
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={aboutCopy.title}
        intro="Engineers, designers and support specialists who build software for growing companies and look after it for years."
      />
      <PageSection title="Who we are">
        <AboutStory />
      </PageSection>
      <PageSection tone="alt" title="What drives us">
        <MissionVision />
      </PageSection>
      <PageSection title="In numbers">
        <CompanyClaims />
      </PageSection>
      <SiteFooter />
    </>
  );
}
