// Formats that need no date library, so the public pages can use them without loading one.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A word's first character as a reader sees it: an emoji (even joined or flagged) or a letter with its marks, never half of one. */
function firstGrapheme(word: string): string {
  const first = graphemes.segment(word)[Symbol.iterator]().next();
  return first.done ? '' : first.value.segment;
}

/** First characters (graphemes) of the first two words, uppercase, or N/A. Every avatar's initials. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return 'N/A';
  return words
    .slice(0, 2)
    .map((word) => firstGrapheme(word).toLocaleUpperCase())
    .join('');
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatMoney(amount: number, options: { wholeDollars?: boolean } = {}): string {
  return (options.wholeDollars ? usdWhole : usd).format(amount);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits ?? ''}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount of a quotation or a catalogue price (a number exact to the cent) in its currency, en-US:
 * '€81.60', 'CHF 1,500.00'. A currency without cents (JPY) shows a whole amount as it is written
 * there ('¥1,500') and any other with its cents ('¥81.60'), so no figure is ever rounded away.
 */
export function formatCurrency(amount: number, currency: string): string {
  const format = moneyFormat(currency);
  if ((format.resolvedOptions().maximumFractionDigits ?? 2) >= 2 || Number.isInteger(amount)) return format.format(amount);
  return moneyFormat(currency, 2).format(amount);
}

/** The sign a currency is written with in en-US ('€', '$', 'CHF'): a label's unit, "Rate (€)". */
export function currencySymbol(currency: string): string {
  return (
    moneyFormat(currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount ("1500.00", as the API sends it) in its currency, en-US ('€1,500.00'); empty when there is none. */
export function formatAmount(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return '';
  let format = amountFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    amountFormats.set(currency, format);
  }
  // Intl formats a decimal string exactly, so sums past 2^53 keep their digits.
  return format.format(amount as Intl.StringNumericLiteral);
}

const wholeAmountFormats = new Map<string, Intl.NumberFormat>();

/** A whole amount in its currency, without cents ('€2,500'): a chart's scale, whose steps are whole. */
export function formatWholeAmount(amount: number, currency: string): string {
  let format = wholeAmountFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });
    wholeAmountFormats.set(currency, format);
  }
  return format.format(amount);
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count as a whole number with thousands separators ('1,250'). */
export function formatCount(count: number): string {
  return counts.format(count);
}
