import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../test/render';
import { PhoneNumber } from '../phone-number';

it('shows the phone as the server wrote it and dials its E.164 with the extension', () => {
  render(<PhoneNumber text="020 7946 0500 x12" e164="+442079460500" shown="+44 20 7946 0500 x12" />);
  expect(screen.getByRole('link', { name: '+44 20 7946 0500 x12' })).toHaveAttribute('href', 'tel:+442079460500;ext=12');
});

it('formats a phone the answer carries no shown text for, once the formatter has loaded', async () => {
  render(<PhoneNumber text="(555) 101-1102 ext. 5" e164="+15551011102" />);
  expect(await screen.findByRole('link', { name: '+1 555 101 1102 ext. 5' })).toHaveAttribute('href', 'tel:+15551011102;ext=5');
});

it('marks a text that is no phone number and offers no link', () => {
  render(<PhoneNumber text="call me maybe" e164={null} shown={null} />);
  expect(screen.getByText(/call me maybe/)).toHaveTextContent('call me maybe (invalid phone)');
  expect(screen.queryByRole('link')).toBeNull();
});

it('wraps a phone on a narrow card before its extension, never inside the number or the extension', () => {
  render(<PhoneNumber text="415 555 0101 ext. 1234" e164="+14155550101" shown="+1 415 555 0101 ext. 1234" />);
  const link = screen.getByRole('link', { name: '+1 415 555 0101 ext. 1234' });
  expect(link).toHaveStyle({ whiteSpace: 'normal' });
  expect(screen.getByText('ext. 1234')).toHaveStyle({ whiteSpace: 'nowrap' });
});

it('keeps a phone without an extension in one piece', () => {
  render(<PhoneNumber text="415 555 0101" e164="+14155550101" shown="+1 415 555 0101" />);
  expect(screen.getByRole('link', { name: '+1 415 555 0101' }).children).toHaveLength(0);
});
