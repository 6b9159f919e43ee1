/** Today where the reader is, as a calendar day ('2026-11-27'): the form close dates are kept in. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a calendar day ('YYYY-MM-DD') is before today; days of that form compare as text. */
export function isPastDay(day: string, now = new Date()): boolean {
  return day < localToday(now);
}
