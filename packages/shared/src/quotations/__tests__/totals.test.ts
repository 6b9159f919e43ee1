import { computeQuotationTotals, quotationAmounts, toCents } from '../totals';

describe('computeQuotationTotals', () => {
  // items, tax %, discount %, then subtotal, discount, tax, total in cents
  it.each([
    ['one default item at $0', [{ quantity: 1, rate: 0 }], 8.25, 0, 0, 0, 0, 0],
    ['the base plan with default tax', [{ quantity: 1, rate: 50 }], 8.25, 0, 5000, 0, 413, 5413],
    ['tax rounds half up (0.5 cent)', [{ quantity: 1, rate: 0.1 }], 5, 0, 10, 0, 1, 11],
    ['tax rounds down below half a cent', [{ quantity: 1, rate: 0.1 }], 4, 0, 10, 0, 0, 10],
    ['tax is on the subtotal minus the discount', [{ quantity: 2, rate: 100 }], 10, 10, 20000, 2000, 1800, 19800],
    ['discount rounds half up', [{ quantity: 1, rate: 0.05 }], 0, 10, 5, 1, 0, 4],
    [
      'decimals that floats get wrong stay exact',
      [
        { quantity: 3, rate: 0.1 },
        { quantity: 1, rate: 0.2 },
      ],
      0,
      0,
      50,
      0,
      0,
      50,
    ],
    ['0.29 is 29 cents', [{ quantity: 100, rate: 0.29 }], 0, 0, 2900, 0, 0, 2900],
    ['a 100 % discount leaves nothing to tax', [{ quantity: 4, rate: 12.5 }], 8.25, 100, 5000, 5000, 0, 0],
    [
      'a quantity of 0 adds nothing',
      [
        { quantity: 0, rate: 999 },
        { quantity: 2, rate: 1.99 },
      ],
      8.25,
      0,
      398,
      0,
      33,
      431,
    ],
    [
      'large quotations stay exact',
      [{ quantity: 1_000_000, rate: 9_999_999.99 }],
      8.25,
      12.5,
      999999999000000,
      124999999875000,
      72187499927813,
      947187499052813,
    ],
  ])('%s', (_label, items, taxRate, discountRate, subtotal, discount, tax, total) => {
    const result = computeQuotationTotals({ items, tax_rate: taxRate, discount_rate: discountRate });
    expect(result).toMatchObject({ subtotal, discount, tax, total });
    expect(result.items).toHaveLength(items.length);
  });

  it('gives each item its quantity times its rate', () => {
    expect(
      computeQuotationTotals({
        items: [
          { quantity: 3, rate: 19.99 },
          { quantity: 1, rate: 0.01 },
        ],
        tax_rate: 0,
        discount_rate: 0,
      }).items,
    ).toEqual([5997, 1]);
  });

  it('treats what a form could not parse as 0', () => {
    const result = computeQuotationTotals({
      items: [
        { quantity: Number.NaN, rate: 5 },
        { quantity: 2, rate: -3 },
      ],
      tax_rate: Number.NaN,
      discount_rate: -1,
    });
    expect(result).toEqual({ items: [0, 0], subtotal: 0, discount: 0, tax: 0, total: 0 });
  });

  it('answers in dollars with the API names', () => {
    expect(quotationAmounts({ items: [{ quantity: 2, rate: 10.1 }], tax_rate: 8.25, discount_rate: 5 })).toEqual({
      item_amounts: [20.2],
      subtotal: 20.2,
      discount_amount: 1.01,
      tax_amount: 1.58,
      total: 20.77,
    });
  });

  it('converts two-decimal dollars to cents without drift', () => {
    expect([0.07, 0.29, 1.15, 4.35, 1234.56].map(toCents)).toEqual([7, 29, 115, 435, 123456]);
  });
});
