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
    ['half of $100 is $50.00', [{ quantity: 0.5, rate: 100 }], 0, 0, 5000, 0, 0, 5000],
    ['one and a half of $100 is $150.00', [{ quantity: 1.5, rate: 100 }], 0, 0, 15000, 0, 0, 15000],
    ['a quarter of $0.10 is 2.5 cents: half up, 3 cents', [{ quantity: 0.25, rate: 0.1 }], 0, 0, 3, 0, 0, 3],
    ['0.333 × $0.03 is 0.999 cents: 1 cent', [{ quantity: 0.333, rate: 0.03 }], 0, 0, 1, 0, 0, 1],
    ['0.001 × $4.99 is 0.499 cents: 0 cents', [{ quantity: 0.001, rate: 4.99 }], 0, 0, 0, 0, 0, 0],
    ['0.001 × $5.00 is 0.5 cents: 1 cent', [{ quantity: 0.001, rate: 5 }], 0, 0, 1, 0, 0, 1],
    [
      'each line is rounded before the sum',
      [
        { quantity: 0.333, rate: 0.03 },
        { quantity: 0.333, rate: 0.03 },
        { quantity: 0.333, rate: 0.03 },
      ],
      0,
      0,
      3,
      0,
      0,
      3,
    ],
    ['1.005 hours of $0.10 is 10.05 cents: 10 cents', [{ quantity: 1.005, rate: 0.1 }], 0, 0, 10, 0, 0, 10],
    ['2.675 × $1.00 (2.675 is 2.67499... as a float) is $2.68', [{ quantity: 2.675, rate: 1 }], 0, 0, 268, 0, 0, 268],
    [
      'the largest line, with decimals, stays exact',
      [{ quantity: 999_999.999, rate: 9_999_999.99 }],
      8.25,
      12.5,
      // 999,999,999 thousandths × 999,999,999 cents / 1000 = 999,999,998,000,000.001 cents
      999999998000000,
      124999999750000,
      72187499855625,
      947187498105625,
    ],
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

  it('adds up to a subtotal, discount, tax and total computed by hand from the lines', () => {
    const items = [
      { quantity: 0.5, rate: 100 },
      { quantity: 1.25, rate: 19.99 },
      { quantity: 0.333, rate: 0.03 },
      { quantity: 37.5, rate: 165 },
    ];
    const result = computeQuotationTotals({ items, tax_rate: 8.25, discount_rate: 7.5 });
    // 5000; 24.9875 → 2499 (2498.75 half up); 0.999 → 1; 618750
    expect(result.items).toEqual([5000, 2499, 1, 618750]);
    const subtotal = 5000 + 2499 + 1 + 618750;
    const discount = Math.round((subtotal * 7.5) / 100); // 626250 × 7.5 % = 46968.75 → 46969
    const tax = Math.round(((subtotal - discount) * 8.25) / 100); // 579281 × 8.25 % = 47790.68... → 47791
    expect(result).toEqual({ items: [5000, 2499, 1, 618750], subtotal, discount, tax, total: subtotal - discount + tax });
    expect([subtotal, discount, tax]).toEqual([626250, 46969, 47791]);
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
