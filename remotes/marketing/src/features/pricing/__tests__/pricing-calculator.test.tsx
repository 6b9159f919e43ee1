import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils/render-page';
import { PricingCalculator } from '../components/pricing-calculator';

function typeCount(value: string) {
  fireEvent.change(screen.getByLabelText('Number of employees'), { target: { value } });
}

function settle(ms = 300) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('PricingCalculator', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('offers an employee input from 1 to 1000 and shows no price while empty', () => {
    renderWithProviders(<PricingCalculator />);
    const input = screen.getByLabelText('Number of employees');
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '1000');
    expect(screen.getByTestId('price-result')).not.toHaveTextContent('$');
    expect(screen.getByText('Enter your team size to see your monthly price.')).toBeInTheDocument();
  });

  it('waits 300 ms after the last keystroke before pricing', () => {
    renderWithProviders(<PricingCalculator />);
    typeCount('2');
    settle(200);
    typeCount('25');
    settle(299);
    expect(screen.getByTestId('price-result')).not.toHaveTextContent('$');
    settle(1);
    expect(screen.getByTestId('price-result')).toHaveTextContent('$68per month');
    expect(screen.getByText(/for 25 employees/)).toBeInTheDocument();
  });

  it('shows $138 for 100 employees and no sales link', () => {
    renderWithProviders(<PricingCalculator />);
    typeCount('100');
    settle();
    expect(screen.getByText('$138')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Talk to Our Sales Team/ })).not.toBeInTheDocument();
  });

  it('replaces the price with a WhatsApp sales link carrying the count above 100', () => {
    renderWithProviders(<PricingCalculator />);
    typeCount('150');
    settle();
    const link = screen.getByRole('link', { name: /Talk to Our Sales Team/ });
    expect(screen.getByTestId('price-result')).not.toHaveTextContent('$');
    const href = new URL(link.getAttribute('href')!);
    expect(href.hostname).toBe('wa.me');
    expect(href.searchParams.get('text')).toContain('150 employees');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it.each(['0', '2.5', '1001'])('explains %p is not a valid count and shows no price', (value) => {
    renderWithProviders(<PricingCalculator />);
    typeCount(value);
    settle();
    const input = screen.getByLabelText('Number of employees');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 1000.'));
    expect(screen.getByTestId('price-result')).not.toHaveTextContent('$');
  });

  it('clears the price when the input is emptied', () => {
    renderWithProviders(<PricingCalculator />);
    typeCount('25');
    settle();
    typeCount('');
    settle();
    expect(screen.getByTestId('price-result')).not.toHaveTextContent('$');
  });
});
