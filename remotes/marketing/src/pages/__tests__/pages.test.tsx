import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderWithProviders } from '../../test-utils/render-page';
import AboutPage from '../about-page';
import ContactPage from '../contact-page';
import HomePage from '../home-page';
import PricingPage from '../pricing-page';
import ProductsPage from '../products-page';
import ServicesPage from '../services-page';

const pages: [string, ComponentType, RegExp][] = [
  ['/', HomePage, /Software and IT services/],
  ['/about', AboutPage, /About Orbitra Group/],
  ['/contact', ContactPage, /Contact Us/],
  ['/services', ServicesPage, /Our Services/],
  ['/products', ProductsPage, /Our Products/],
  ['/payofina', PricingPage, /Payofina Pricing/],
];

const metaDescription = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';

describe.each(pages)('page %s', (route, Page, heading) => {
  it('has one h1, its own title and description, and the site footer', () => {
    renderWithProviders(<Page />, { route });
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(heading);
    expect(document.title).toMatch(/Orbitra Group/);
    expect(metaDescription().length).toBeGreaterThan(50);
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
    expect(document.querySelector('main')).toBeNull();
  });
});

describe('titles', () => {
  it('differ between pages', () => {
    const titles = new Set<string>();
    for (const [route, Page] of pages) {
      const view = renderWithProviders(<Page />, { route });
      titles.add(`${document.title}|${metaDescription()}`);
      view.unmount();
    }
    expect(titles.size).toBe(pages.length);
  });
});

describe('home page', () => {
  it('orders hero, services, product, about and contact', () => {
    renderWithProviders(<HomePage />);
    const ids = Array.from(document.querySelectorAll('section[id]')).map((section) => section.id);
    expect(ids).toEqual(['services', 'product', 'about', 'contact']);
    expect(screen.getByText('50+')).toBeInTheDocument();
    expect(screen.getByText('4+')).toBeInTheDocument();
    expect(screen.getByText('24/7')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });
});

describe('products page', () => {
  it('links More Products Coming Soon to contact and services', () => {
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(screen.getByRole('heading', { name: 'More Products Coming Soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tell us what you need' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Explore our services' })).toHaveAttribute('href', '/services');
  });
});
