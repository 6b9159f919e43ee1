import { formatDate, formatDateTimeLong } from '../format';
import { currencySymbol, formatCurrency, formatMoney, initials } from '../plain-format';

describe('formatDate', () => {
  it('shows abbreviated month, day and year', () => {
    expect(formatDate('2026-01-05T10:00:00')).toBe('Jan 5, 2026');
  });
  it('shows N/A for empty or invalid values', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('March 5')).toBe('N/A');
    expect(formatDate('2026-13-45')).toBe('N/A');
  });
  it('abbreviates every month as before (Sep, not Sept) and takes a Date too', () => {
    expect(formatDate('2026-09-30T08:00:00')).toBe('Sep 30, 2026');
    expect(formatDate(new Date(2026, 4, 1))).toBe('May 1, 2026');
  });
});

describe('formatDateTimeLong', () => {
  it('uses the long en-US format with time', () => {
    expect(formatDateTimeLong('2026-01-05T15:04:00')).toBe('January 5, 2026 at 3:04 PM');
  });
  it("says 'No date' when missing", () => {
    expect(formatDateTimeLong(undefined)).toBe('No date');
  });
});

describe('initials', () => {
  it.each([
    ['Acme Trading Company', 'AT'],
    ['acme', 'A'],
    ['  two   spaces ', 'TS'],
    ['', 'N/A'],
    [null, 'N/A'],
    // Whole graphemes: no emoji or combined letter is cut in half.
    ['Zed 😀 Studio', 'Z😀'],
    ['👩‍💻 Dev Team', '👩‍💻D'],
    ['🇩🇪 Berlin', '🇩🇪B'],
    ['e\u0301mile zola', 'E\u0301Z'],
    ['नमस्ते दुनिया', 'नदु'],
  ])('%p → %p', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('formats USD in en-US', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(68, { wholeDollars: true })).toBe('$68');
  });
});

describe('formatCurrency', () => {
  it('writes an amount in its own currency, to the cent', () => {
    expect([formatCurrency(81.6, 'EUR'), formatCurrency(1500, 'CHF'), formatCurrency(0.09, 'GBP'), formatCurrency(81.6, 'USD')]).toEqual([
      '€81.60',
      'CHF\u00a01,500.00',
      '£0.09',
      '$81.60',
    ]);
  });

  it('keeps the cents of a currency written without them, and writes whole amounts as it does', () => {
    expect([formatCurrency(1500, 'JPY'), formatCurrency(81.6, 'JPY')]).toEqual(['¥1,500', '¥81.60']);
  });

  it("names a currency's sign for labels", () => {
    expect([currencySymbol('EUR'), currencySymbol('USD'), currencySymbol('CHF')]).toEqual(['€', '$', 'CHF']);
  });
});
