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

/**
 * A quantity (at most three decimals, as the contract allows) in thousandths: 0.5 is 500. The
 * double nearest to such a quantity is within 1e-7 of it times 1000 up to the contract's cap, so
 * the rounding gives the exact integer.
 */
export function toThousandths(quantity: number): number {
  return Math.round(usable(quantity) * 1000);
}

/** A percentage with two decimals (8.25) as hundredths of a percent (825). */
const toBasisPoints = (percent: number) => BigInt(Math.round(usable(percent) * 100));

/** a × b / divisor for non-negative integers, rounded half up, in integers so nothing drifts. */
const product = (a: bigint, b: bigint, divisor: bigint) => (a * b + divisor / 2n) / divisor;

/**
 * The one computation of a quotation's money (sales-figures.md, "Money on quotations"): each
 * line's amount is quantity × rate rounded half up to the cent, the subtotal their sum, the
 * discount subtotal × discount % and the tax (subtotal − discount) × tax % (each to the cent, half
 * up), the total subtotal − discount + tax. All in integers: thousandths, cents, basis points.
 */
export function computeQuotationTotals(input: TotalsInput): QuotationTotalsCents {
  const lines = input.items.map((item) => product(BigInt(toThousandths(item.quantity)), BigInt(toCents(item.rate)), 1000n));
  const subtotal = lines.reduce((sum, amount) => sum + amount, 0n);
  const discount = product(subtotal, toBasisPoints(Math.min(usable(input.discount_rate), 100)), 10000n);
  const tax = product(subtotal - discount, toBasisPoints(input.tax_rate), 10000n);
  return { items: lines.map(Number), subtotal: Number(subtotal), discount: Number(discount), tax: Number(tax), total: Number(subtotal - discount + tax) };
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
