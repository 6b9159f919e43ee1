// Formats that need no date library, so the public pages can use them without loading one.

/** First letters of the first two words, uppercase, or N/A. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'N/A';
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatMoney(amount: number, options: { wholeDollars?: boolean } = {}): string {
  return (options.wholeDollars ? usdWhole : usd).format(amount);
}
