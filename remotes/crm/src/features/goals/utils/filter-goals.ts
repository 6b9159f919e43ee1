import { formatDate } from '@app/shared/staff';
import { type Goal } from '@app/shared/forms';

/** Case-insensitive search over name, description, target and dates. */
export function filterGoals<T extends Goal>(goals: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...goals];
  return goals.filter((goal) =>
    [goal.name, goal.description ?? '', String(goal.target_count), goal.start_date, goal.end_date, formatDate(goal.start_date), formatDate(goal.end_date)].some(
      (text) => text.toLowerCase().includes(needle),
    ),
  );
}
