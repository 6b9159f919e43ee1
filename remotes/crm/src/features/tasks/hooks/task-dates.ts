import { formatDate } from '@app/shared/format/format';
import type { Task } from '@app/shared/forms';

const pad = (value: number) => String(value).padStart(2, '0');

/** Today as a date input's value, by the browser's clock: only until the server's day is known (api/get-server-day.ts). */
export function todayInput(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** When a task is due, as a row shows it: "May 4, 2030, 09:30" or "May 4, 2030". */
export function dueLabel(task: Pick<Task, 'due_date' | 'due_time'>): string {
  const day = formatDate(task.due_date);
  return task.due_time ? `${day}, ${task.due_time}` : day;
}
