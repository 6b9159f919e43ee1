import { priceForEmployees, quoteFromInput } from '../pricing';

describe('priceForEmployees', () => {
  it.each([
    [1, 50],
    [10, 50],
    [11, 51], // 50 + 1.2
    [20, 62], // 50 + 10 x 1.2
    [21, 63], // 62 + 1.1
    [25, 68], // 62 + 5 x 1.1 = 67.5, rounded up
    [40, 84], // 62 + 20 x 1.1
    [41, 85], // 84 + 1.0
    [60, 104],
    [61, 105], // 104 + 0.9
    [80, 122],
    [81, 123], // 122 + 0.8
    [100, 138],
  ])('%i employees cost $%i a month', (employees, monthly) => {
    expect(priceForEmployees(employees)).toEqual({ kind: 'price', employees, monthly });
  });

  it.each([101, 500, 1000])('%i employees get the sales contact instead of a price', (employees) => {
    expect(priceForEmployees(employees)).toEqual({ kind: 'sales', employees });
  });

  it.each([0, -1, 1.5, 10.01, 1001, Number.NaN, Number.POSITIVE_INFINITY])('%p is not a valid team size', (employees) => {
    expect(priceForEmployees(employees)).toEqual({ kind: 'invalid' });
  });

  it('always answers whole dollars', () => {
    for (let employees = 1; employees <= 100; employees += 1) {
      const quote = priceForEmployees(employees);
      expect(quote.kind === 'price' && Number.isInteger(quote.monthly)).toBe(true);
    }
  });
});

describe('quoteFromInput', () => {
  it.each(['', '   '])('blank input %p shows no price', (raw) => {
    expect(quoteFromInput(raw)).toEqual({ kind: 'empty' });
  });

  it('prices plain digits, ignoring surrounding spaces', () => {
    expect(quoteFromInput(' 25 ')).toEqual({ kind: 'price', employees: 25, monthly: 68 });
    expect(quoteFromInput('100')).toEqual({ kind: 'price', employees: 100, monthly: 138 });
  });

  it.each(['0', '-3', '2.5', '1e2', 'abc', '12a', '1001'])('%p is invalid', (raw) => {
    expect(quoteFromInput(raw)).toEqual({ kind: 'invalid' });
  });
});
