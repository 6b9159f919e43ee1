import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Task, TaskUpdate } from '@app/shared/forms';
import { refreshTasks } from './refresh-tasks';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function updateTask(id: string, body: TaskUpdate): Promise<Task> {
  return apiRequest(`/crm/tasks/${id}`, { method: 'PUT', body });
}

/** Changes a task, or marks it done (`{ done: true }`). */
export function useUpdateTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskUpdate }) => updateTask(id, body),
    onSettled: () => refreshTasks(queryClient, tenantId),
  });
}
