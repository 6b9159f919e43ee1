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
];

export const adminLinks: NavLink[] = [
  { to: '/users', label: 'Users' },
  { to: '/audit', label: 'Audit Log' },
  { to: '/releases', label: 'Releases' },
];
