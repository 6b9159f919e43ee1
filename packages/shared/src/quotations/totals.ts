/** What the totals need of a quotation; numbers are dollars and percentages as typed. */
export interface TotalsInput {
  items: ReadonlyArray<{ quantity: number; rate: number }>;
  tax_rate: number;
  discount_rate: number;
}

/** Every amount of a quotation in whole cents. */
export interface QuotationTotalsCents {
  items: number[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** The amounts as the API and the screens carry them: dollars, exact to the cent. */
export interface QuotationAmounts {
  item_amounts: number[];
  subtotal: number;
  discount_amount: number;
  tax_amount: number;
  total: number;
}

// Form fields fall back to 0 when they hold nothing usable; negatives are not amounts.
const usable = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** Dollars (at most two decimals) to cents; 0.29 * 100 is 28.999..., hence the rounding. */
export function toCents(dollars: number): number {
  return Math.round(usable(dollars) * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** A percentage with two decimals (8.25) as hundredths of a percent (825). */
const toBasisPoints = (percent: number) => BigInt(Math.round(usable(percent) * 100));

/** cents × basis points / 10,000, rounded half up, computed in integers so nothing drifts. */
function percentOf(cents: number, basisPoints: bigint): number {
  return Number((BigInt(cents) * basisPoints + 5000n) / 10000n);
}

/**
 * The one computation of a quotation's money: amount = quantity × rate per item, subtotal,
 * discount on the subtotal, tax on (subtotal − discount), total = subtotal − discount + tax.
 */
export function computeQuotationTotals(input: TotalsInput): QuotationTotalsCents {
  const items = input.items.map((item) => Math.trunc(usable(item.quantity)) * toCents(item.rate));
  const subtotal = items.reduce((sum, amount) => sum + amount, 0);
  const discount = percentOf(subtotal, toBasisPoints(Math.min(usable(input.discount_rate), 100)));
  const tax = percentOf(subtotal - discount, toBasisPoints(input.tax_rate));
  return { items, subtotal, discount, tax, total: subtotal - discount + tax };
}

/** computeQuotationTotals in dollars, named as the API names them. */
export function quotationAmounts(input: TotalsInput): QuotationAmounts {
  const cents = computeQuotationTotals(input);
  return {
    item_amounts: cents.items.map(centsToDollars),
    subtotal: centsToDollars(cents.subtotal),
    discount_amount: centsToDollars(cents.discount),
    tax_amount: centsToDollars(cents.tax),
    total: centsToDollars(cents.total),
  };
}
