import { screen, within } from '@testing-library/react';
import { siteConfig } from '@app/shared';
import { renderWithProviders } from '../../../test-utils/render-page';
import { ProductCard } from '../components/product-card';

describe('ProductCard', () => {
  it('shows the product with its six features, Popular badge and uptime', () => {
    renderWithProviders(<ProductCard />);
    const card = screen.getByRole('article', { name: siteConfig.product.name });
    expect(within(card).getByRole('heading', { level: 2, name: 'Payofina' })).toBeInTheDocument();
    expect(within(card).getByText('Popular')).toBeInTheDocument();
    expect(within(card).getByText(siteConfig.product.summary)).toBeInTheDocument();
    const features = within(within(card).getByRole('list', { name: 'Payofina features' })).getAllByRole('listitem');
    expect(features.map((item) => item.textContent)).toEqual([
      'Automated payroll processing',
      'Real-time financial analytics',
      'HR management and compliance',
      'Advanced security and compliance',
      'Seamless integrations',
      '24/7 customer support',
    ]);
    expect(card).toHaveTextContent('99.9% uptime');
  });

  it('links out to the product in a new tab without giving it the opener', () => {
    renderWithProviders(<ProductCard />);
    const link = screen.getByRole('link', { name: /Visit Payofina/ });
    expect(link).toHaveAttribute('href', siteConfig.product.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(expect.stringContaining('opens in a new tab'));
  });

  it('can sit under a section heading', () => {
    renderWithProviders(<ProductCard headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Payofina' })).toBeInTheDocument();
  });
});
