import type { CallQueueFilter } from '@app/shared/forms';

type Filter = Omit<CallQueueFilter, 'exclude_ids'>;
const KEYS = ['status_id', 'pipeline_stage_id', 'owner_id', 'q'] as const;

/** The list's filter in the queue's address, so a reload keeps the same queue. */
export function queueSearch(filter: Filter): string {
  const params = new URLSearchParams();
  for (const key of KEYS) if (filter[key]) params.set(key, String(filter[key]));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function filterFromSearch(params: URLSearchParams): Filter {
  const filter: Filter = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}
