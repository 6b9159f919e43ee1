import { format, isValid, parseISO } from 'date-fns';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** Abbreviated month, day, year ('Jan 5, 2026'), or N/A when empty or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'MMM d, yyyy') : 'N/A';
}

/** Long en-US date with time, as on customer messages ('January 5, 2026 at 3:04 PM'). */
export function formatDateTimeLong(value: string | Date | null | undefined, empty = 'No date'): string {
  const date = toDate(value);
  if (!date) return empty;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
