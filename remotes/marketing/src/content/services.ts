import { siteConfig } from '@app/shared';
import { type ContactService } from '@app/shared/forms';

const { product } = siteConfig;

export interface ServiceItem {
  id: ContactService;
  /** Short name for the contact form's service picker. */
  label: string;
  title: string;
  summary: string;
}

/** One entry per service a visitor can ask about, in the order the contact form offers them. */
export const services: ServiceItem[] = [
  {
    id: 'payofina',
    label: `${product.name} (finance and HR)`,
    title: `${product.name} finance and HR`,
    summary: 'Payroll, people and financial reporting in one secure cloud platform, set up and supported by our team.',
  },
  {
    id: 'web',
    label: 'Web development',
    title: 'Web development',
    summary: 'Fast, accessible websites and web apps, from marketing sites to customer portals, built to grow with you.',
  },
  {
    id: 'mobile',
    label: 'Mobile apps',
    title: 'Mobile apps',
    summary: 'iOS and Android apps from one codebase, with offline support, analytics and store-ready releases.',
  },
  {
    id: 'integration',
    label: 'Systems integration',
    title: 'Systems integration',
    summary: 'We connect your CRM, accounting, payments and HR tools so data flows without copy and paste.',
  },
  {
    id: 'consulting',
    label: 'IT consulting',
    title: 'IT consulting',
    summary: 'Architecture reviews, cloud migration and security audits from engineers who build and run systems daily.',
  },
];
