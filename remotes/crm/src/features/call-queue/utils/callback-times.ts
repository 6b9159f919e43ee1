/** The callback picker's quick picks, from a given moment (the caller's clock). */
export function quickPicks(now: Date): Array<{ label: string; at: Date }> {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  const nextWeek = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7, 9, 0);
  return [
    { label: 'In 1 hour', at: new Date(now.getTime() + 60 * 60 * 1000) },
    { label: 'Tomorrow 9:00', at: tomorrow },
    { label: 'Next week', at: nextWeek },
  ];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a datetime-local input shows it (local time, to the minute). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value back to a moment; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
