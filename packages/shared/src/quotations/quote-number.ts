/** Q-YYYYMMDD-NNN: the quote date and a 3-digit suffix. */
export const QUOTE_NUMBER_PATTERN = /^Q-\d{8}-\d{3}$/;

/** The number for a day (`YYYY-MM-DD`) and a suffix from 0 to 999. */
export function formatQuoteNumber(day: string, suffix: number): string {
  return `Q-${day.slice(0, 10).replaceAll('-', '')}-${String(Math.trunc(suffix) % 1000).padStart(3, '0')}`;
}

/** A number with a random suffix; the server retries another suffix when one is taken. */
export function randomQuoteNumber(day: string, random: () => number = Math.random): string {
  return formatQuoteNumber(day, Math.floor(random() * 1000));
}
