import { addDays, quotationDates } from '../defaults';
import { formatQuoteNumber, QUOTE_NUMBER_PATTERN, randomQuoteNumber } from '../quote-number';

describe('quote number', () => {
  it('is Q-YYYYMMDD-NNN of the day with a 3-digit suffix', () => {
    expect(formatQuoteNumber('2026-11-23', 7)).toBe('Q-20261123-007');
    expect(formatQuoteNumber('2026-01-02', 999)).toBe('Q-20260102-999');
  });

  it('takes a random suffix', () => {
    expect(randomQuoteNumber('2026-11-23', () => 0.4219)).toBe('Q-20261123-421');
    expect(randomQuoteNumber('2026-11-23', () => 0.99999)).toBe('Q-20261123-999');
    expect(randomQuoteNumber('2026-11-23')).toMatch(QUOTE_NUMBER_PATTERN);
  });
});

describe('quotation dates', () => {
  it('are valid for 30 days from the quote date unless given', () => {
    expect(quotationDates('2026-11-23')).toEqual({ quote_date: '2026-11-23', valid_until: '2026-12-23' });
    expect(quotationDates('2026-11-23', { quote_date: '2026-02-15' })).toEqual({ quote_date: '2026-02-15', valid_until: '2026-03-17' });
    expect(quotationDates('2026-11-23', { valid_until: '2026-11-30' })).toEqual({ quote_date: '2026-11-23', valid_until: '2026-11-30' });
  });

  it('add days across months and years', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });
});
