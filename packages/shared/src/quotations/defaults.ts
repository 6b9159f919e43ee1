import { formatWholeAmount } from '../format/plain-format';

/** The values a new quotation starts with. */
export const QUOTATION_DEFAULTS = {
  taxRate: 8.25,
  discountRate: 0,
  validityDays: 30,
  includedStorage: '200 MB',
  /** Per additional storage block per month, in the quotation's currency. */
  additionalStorageRate: 0.09,
  storageBlockSize: '200 MB',
  /** The base subscription per month, in the quotation's currency. */
  basePlanMonthly: 50,
  /** The storage the note's worked example prices. */
  exampleStorage: '1 GB',
} as const;

/** The subscription plan a new quotation starts with, its price in the quotation's currency: 'Base Plan - €50/month'. */
export function defaultSubscriptionPlan(currency: string): string {
  return `Base Plan - ${formatWholeAmount(QUOTATION_DEFAULTS.basePlanMonthly, currency)}/month`;
}

/** The terms a new quotation starts with when its tenant's quotation profile has none: they name its currency. */
export function defaultTerms(currency: string): string {
  return `Prices in ${currency}.`;
}

/** A new item row of the builder. */
export const DEFAULT_QUOTATION_ITEM = { description: 'New Item', quantity: 1, rate: 0 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a moment, in UTC. */
export function isoDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** A calendar date plus some days, both as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The quote date and valid-until date of a quotation: the quote date defaults to today and the
 * validity to 30 days after the quote date.
 */
export function quotationDates(today: string, given: { quote_date?: string | null; valid_until?: string | null } = {}) {
  const quoteDate = given.quote_date || today;
  return { quote_date: quoteDate, valid_until: given.valid_until || addDays(quoteDate, QUOTATION_DEFAULTS.validityDays) };
}
