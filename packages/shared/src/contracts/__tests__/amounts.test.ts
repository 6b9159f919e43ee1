import { amountSchema, sumAmounts } from '../amounts';

const value = amountSchema('value');

describe('amountSchema', () => {
  it.each([
    [0, '0.00'],
    [1500, '1500.00'],
    [1500.5, '1500.50'],
    ['0012.3', '12.30'],
    [' 7.05 ', '7.05'],
    [1e12, '1000000000000.00'],
    ['999999999999.99', '999999999999.99'],
    ['1,500.50', '1500.50'],
    ['1,500', '1500.00'],
    [' 12,000,000 ', '12000000.00'],
  ])('keeps %j as %j', (input, output) => {
    expect(value.parse(input)).toBe(output);
  });

  it.each([
    [-0.01, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
    [Number.NaN, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
    ['1,5', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
    ['1.500,50', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
    ['1500,50', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
    ['1,5000', 'value: commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)'],
    ['1,500.505', 'value: must have at most 2 decimals'],
    ['', 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
    [1e-7, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
    [0.001, 'value: must have at most 2 decimals'],
    ['1000000000000.01', 'value: must be at most 1000000000000'],
    [1e21, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
    [null, 'value: must be a non-negative amount, such as 1500 or 1,500.50'],
  ])('refuses %j: %s', (input, message) => {
    const result = value.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('sumAmounts', () => {
  it('adds amounts exactly, past 2^53 cents', () => {
    expect(sumAmounts(['9999999999999.99', '9999999999999.99', '0.03'])).toBe('20000000000000.01');
    expect(sumAmounts(['1000000000000.00', '1000000000000.00', '0.01'])).toBe('2000000000000.01');
    expect(sumAmounts([])).toBe('0.00');
  });
});
