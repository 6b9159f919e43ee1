import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { TaskListResponse } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

/** The records that carry tasks, by the path segment of their pages. */
export type RecordKind = 'prospects' | 'leads';

export const recordTasksQueryKey = (tenantId: string, kind: RecordKind, id: string) => [...tenantKey(tenantId, 'tasks'), kind, id] as const;

/** A record's open tasks, soonest first (a record rarely has more than a page of them). */
export function getRecordTasks(tenantId: string, kind: RecordKind, id: string, signal?: AbortSignal): Promise<TaskListResponse> {
  const record = kind === 'prospects' ? { prospect_id: id } : { lead_id: id };
  return apiRequest('/crm/tasks', { query: { tenant_id: tenantId, ...record, done: 'false', limit: 100 }, signal });
}

export const recordTasksQueryOptions = (tenantId: string, kind: RecordKind, id: string) =>
  queryOptions({ queryKey: recordTasksQueryKey(tenantId, kind, id), queryFn: ({ signal }) => getRecordTasks(tenantId, kind, id, signal) });

export function useRecordTasks(tenantId: string, kind: RecordKind, id: string) {
  return useQuery(recordTasksQueryOptions(tenantId, kind, id));
}
