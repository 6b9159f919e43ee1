// Dates are formatted by the browser's own Intl, in en-US as everywhere in the product: no date library to download.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  let date: Date;
  if (typeof value !== 'string') date = value;
  else if (!ISO_DATE.test(value)) return null;
  else {
    // A day alone ('2026-01-05') is that day where the reader is; Date would take it as midnight UTC,
    // the day before anywhere west of Greenwich.
    const day = DATE_ONLY.exec(value);
    if (!day) date = new Date(value);
    else {
      const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
      date = new Date(year, month, dayOfMonth);
      // Date rolls 2026-13-45 over into another day; no such day is shown.
      if (date.getMonth() !== month || date.getDate() !== dayOfMonth) return null;
    }
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Abbreviated month, day, year ('Jan 5, 2026'), or N/A when empty or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : 'N/A';
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
