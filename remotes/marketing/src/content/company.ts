import { siteConfig } from '@app/shared';

const { claims, brand } = siteConfig;

/** The three claims the site makes, labelled for the stat rows. */
export const companyClaims = [
  { value: claims.projects, label: 'Projects delivered' },
  { value: claims.years, label: 'Years of experience' },
  { value: claims.support, label: 'Support' },
] as const;

export const aboutCopy = {
  title: `About ${brand}`,
  paragraphs: [
    `${brand} is a software and IT-services company for businesses that need technology to work quietly and reliably in the background: finance teams, call centres, retailers and fast-growing start-ups.`,
    'One team takes your project from the first workshop to long-term support. The engineers who design your system are the ones who build it, launch it and look after it, so nothing gets lost in a hand-over.',
  ],
};

export const missionVision = [
  {
    title: 'Our mission',
    text: 'To give growing companies software that is simple to use, safe to rely on and honest about what it costs, and to stay by their side long after launch day.',
  },
  {
    title: 'Our vision',
    text: 'A world where every small and mid-sized business runs on tools as good as the largest enterprises have, without the enterprise price tag or complexity.',
  },
] as const;

export const whyChoose = {
  title: `Why choose ${brand}?`,
  text: `We price our work up front, ship in short and visible iterations, and stay on call ${claims.support} once you are live. That is how we have delivered ${claims.projects} projects over ${claims.years} years, and why most clients come back to us for the next one.`,
};
