import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils/render-page';
import { HomeHero } from '../components/home-hero';

function setReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

function renderWithTargets() {
  renderWithProviders(
    <>
      <HomeHero />
      <section id="services" tabIndex={-1}>
        Services
      </section>
      <section id="product" tabIndex={-1}>
        Product
      </section>
    </>,
  );
}

describe('HomeHero', () => {
  const scrollIntoView = jest.fn();
  beforeEach(() => {
    scrollIntoView.mockReset();
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  it('has the page heading', () => {
    renderWithTargets();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('scrolls smoothly to the product section and moves focus there', () => {
    setReducedMotion(false);
    renderWithTargets();
    fireEvent.click(screen.getByRole('button', { name: 'Explore Payofina' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('product'));
    expect(document.getElementById('product')).toHaveFocus();
  });

  it('scrolls to the services section', () => {
    setReducedMotion(false);
    renderWithTargets();
    fireEvent.click(screen.getByRole('button', { name: 'View our services' }));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('services'));
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    setReducedMotion(true);
    renderWithTargets();
    fireEvent.click(screen.getByRole('button', { name: 'View our services' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });
});
