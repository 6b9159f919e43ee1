/** Monthly price in whole US dollars by team size: a flat 50 up to 10 employees, then per-employee tiers up to 100. */

export const EMPLOYEE_MIN = 1;
export const EMPLOYEE_MAX = 1000;
/** Teams up to this size pay the flat base price. */
export const BASE_EMPLOYEES = 10;
export const BASE_PRICE = 50;
/** Above this size the price is agreed with sales. */
export const MAX_LISTED_EMPLOYEES = 100;

export interface PriceTier {
  from: number;
  to: number;
  /** Dollars per employee per month. */
  rate: number;
}

export const PRICE_TIERS: readonly PriceTier[] = [
  { from: 11, to: 20, rate: 1.2 },
  { from: 21, to: 40, rate: 1.1 },
  { from: 41, to: 60, rate: 1.0 },
  { from: 61, to: 80, rate: 0.9 },
  { from: 81, to: 100, rate: 0.8 },
];

export type PriceQuote = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'price'; employees: number; monthly: number } | { kind: 'sales'; employees: number };

/**
 * The pricing rule. Invalid for anything but a whole number from 1 to 1000; above 100 the
 * answer is "talk to sales"; otherwise the base price plus each extra employee at their tier's
 * rate, rounded to whole dollars.
 */
export function priceForEmployees(employees: number): PriceQuote {
  if (!Number.isInteger(employees) || employees < EMPLOYEE_MIN || employees > EMPLOYEE_MAX) return { kind: 'invalid' };
  if (employees > MAX_LISTED_EMPLOYEES) return { kind: 'sales', employees };
  // Summed in tenths of a dollar so 1.1 + 1.2 never drifts into 67.49999 and rounds the wrong way.
  let tenths = BASE_PRICE * 10;
  for (const tier of PRICE_TIERS) {
    const inTier = Math.min(employees, tier.to) - tier.from + 1;
    if (inTier > 0) tenths += inTier * Math.round(tier.rate * 10);
  }
  return { kind: 'price', employees, monthly: Math.round(tenths / 10) };
}

/** What the calculator shows for the text in its input: nothing for blank, else the priced count. */
export function quoteFromInput(raw: string): PriceQuote {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  // Only plain digits count: '2.5', '1e3' and '-4' are not whole numbers above 0 as typed.
  if (!/^\d+$/.test(text)) return { kind: 'invalid' };
  return priceForEmployees(Number(text));
}
