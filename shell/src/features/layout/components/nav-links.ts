export interface NavLink {
  to: string;
  label: string;
}

export const publicLinks: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/products', label: 'Products' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export const dashboardLinks: NavLink[] = [
  { to: '/messages', label: 'Messages' },
  { to: '/email', label: 'Email' },
  { to: '/crm', label: 'CRM' },
  { to: '/crm/my-day', label: 'My day' },
  { to: '/quotations', label: 'Quotations' },
  // The products and services quotations' lines pick from (/quotations/products).
  { to: '/quotations/products', label: 'Catalogue' },
];

export const adminLinks: NavLink[] = [
  { to: '/users', label: 'Users' },
  { to: '/audit', label: 'Audit Log' },
  { to: '/releases', label: 'Releases' },
];

/**
 * The link of a list that names the current page: the longest whose path is the page's or holds it
 * (Home only on itself), so My day, inside the CRM's paths, is not shown as the CRM as well.
 */
export function activeLink(links: readonly NavLink[], pathname: string): string | undefined {
  const holds = (to: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  return links
    .map((link) => link.to)
    .filter(holds)
    .sort((a, b) => b.length - a.length)[0];
}
