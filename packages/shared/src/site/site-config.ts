/** Everything the product says about the company in one place, so copy never drifts between apps. */
export const siteConfig = {
  brand: 'Orbitra Group',
  shortBrand: 'Orbitra',
  tagline: 'Software and IT services that move your business forward',
  email: 'hello@orbitra-group.com',
  phone: '+44 20 7946 0321',
  whatsappNumber: '447946032100',
  address: '21 Harbour Street, London E14 9TP, United Kingdom',
  hours: 'Monday to Friday, 9:00 to 18:00 (UK time); support around the clock',
  claims: { projects: '50+', years: '4+', support: '24/7', uptime: '99.9%' },
  product: {
    name: 'Payofina',
    summary: 'Finance and HR in one secure cloud platform: payroll, analytics, people and compliance.',
    url: 'https://payofina.com',
    loginUrl: 'https://app.payofina.com/login',
    signupUrl: 'https://app.payofina.com/signup',
  },
  groupSignupUrl: 'https://accounts.orbitra-group.com/signup',
} as const;

export interface PlatformOption {
  id: string;
  name: string;
  description: string;
  loginUrl: string;
  signupUrl: string;
}

/** The platforms a visitor can sign in to or sign up for: the group's own site and the finance platform. */
export const platforms: PlatformOption[] = [
  {
    id: 'orbitra',
    name: siteConfig.brand,
    description: 'Staff CRM, quotations, messages and email accounts',
    loginUrl: '/login',
    signupUrl: siteConfig.groupSignupUrl,
  },
  {
    id: 'payofina',
    name: siteConfig.product.name,
    description: 'Finance and HR SaaS: payroll, analytics and compliance',
    loginUrl: siteConfig.product.loginUrl,
    signupUrl: siteConfig.product.signupUrl,
  },
];

export const SIGNUP_PLATFORM_ID = 'payofina';

export function whatsappLink(message: string): string {
  return `https://wa.me/${siteConfig.whatsappNumber}?text=${encodeURIComponent(message)}`;
}
