import { z } from 'zod';
import { DEFAULT_CURRENCY } from './constants';

export { DEFAULT_CURRENCY };

/*
 * Amounts (a lead's value, pipeline totals) travel as decimal strings with two decimals
 * ("1500.00"): a JSON number loses cents once sums pass 2^53 cents' worth of digits, a string
 * never does. A body may send a number or such a string.
 */

export const AMOUNT_MAX = 1_000_000_000_000;
export const AMOUNT_INVALID = 'must be a non-negative amount, such as 1500 or 1,500.50';
/** A comma that is no thousands separator ("1,5", "1.500,50") could mean a decimal point: refused, not guessed. */
export const AMOUNT_SEPARATORS = 'commas may only separate thousands, as in 1,500.50 (the decimal point is a dot)';
export const AMOUNT_DECIMALS = 'must have at most 2 decimals';
export const AMOUNT_TOO_LARGE = `must be at most ${AMOUNT_MAX}`;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** Thousands separated by commas, in groups of three: "1,500", "12,000,000.50". */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** "1500.5" → "1500.50"; undefined when the text is no plain non-negative decimal. */
function decimalParts(text: string): { whole: string; cents: string } | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  return { whole: match[1].replace(/^0+(?=\d)/, ''), cents: match[2] ?? '' };
}

/**
 * A value of at most 2 decimals, non-negative, at most AMOUNT_MAX, as "1500.00"; a number or its
 * text, whose thousands may be separated by commas ("1,500.50"). Messages name the field, as the API's details and the forms' sentences both want.
 */
export const amountSchema = (field: string) =>
  z.union([z.number(), z.string()], { error: `${field}: ${AMOUNT_INVALID}` }).transform((input, context) => {
    // String(1e-7) is "1e-7": exponents are refused with every other text that is no plain decimal.
    const written = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
    if (written.includes(',') && !GROUPED.test(written)) {
      context.addIssue({ code: 'custom', message: `${field}: ${AMOUNT_SEPARATORS}` });
      return z.NEVER;
    }
    const text = written.replaceAll(',', '');
    const parts = decimalParts(text);
    if (!parts) {
      context.addIssue({ code: 'custom', message: `${field}: ${AMOUNT_INVALID}` });
      return z.NEVER;
    }
    if (parts.cents.length > 2) {
      context.addIssue({ code: 'custom', message: `${field}: ${AMOUNT_DECIMALS}` });
      return z.NEVER;
    }
    if (parts.whole.length > 13 || Number(parts.whole) > AMOUNT_MAX || (Number(parts.whole) === AMOUNT_MAX && /[1-9]/.test(parts.cents))) {
      context.addIssue({ code: 'custom', message: `${field}: ${AMOUNT_TOO_LARGE}` });
      return z.NEVER;
    }
    return `${parts.whole}.${parts.cents.padEnd(2, '0')}`;
  });

/** An amount as the API answers it. */
export const amountTextSchema = z.string().regex(/^\d+\.\d{2}$/);

/** A count of cents as an amount's text. */
function centsToAmount(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** The sum of amounts' texts, exactly. */
export function sumAmounts(amounts: readonly string[]): string {
  return centsToAmount(amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n));
}

export const CURRENCY_INVALID = 'currency: must be a three-letter ISO 4217 code, such as USD';

/** A currency the browser's Intl knows (ISO 4217), in upper case. */
export const currencySchema = z
  .string({ error: CURRENCY_INVALID })
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{3}$/.test(code) && isKnownCurrency(code), CURRENCY_INVALID);

function isKnownCurrency(code: string): boolean {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('currency');
  return known ? known.includes(code) : true;
}
