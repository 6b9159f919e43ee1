import type { QueryClient } from '@tanstack/react-query';
import { tenantKey } from '../../../lib/query-keys';

/** After a task is added, done or changed: every task list, My day, the timelines and the callbacks show it. */
export function refreshTasks(queryClient: QueryClient, tenantId: string): void {
  for (const resource of ['tasks', 'my-day', 'record-timeline', 'callbacks'] as const) {
    void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, resource) });
  }
}
