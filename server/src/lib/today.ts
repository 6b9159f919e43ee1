const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The CRM's "today" (calls counted, goals active, the dashboard) is the server's local calendar
 * date, so a team's day turns over at its own midnight: set TZ for the server (ENV.md).
 */
export function localDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
