import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { taskSchema, type Task, type TaskUpdate } from '@app/shared/forms';
import { refreshTasks } from './refresh-tasks';

export function updateTask(id: string, body: TaskUpdate): Promise<Task> {
  return apiRequest(`/crm/tasks/${id}`, { method: 'PUT', body, schema: taskSchema });
}

/** Changes a task, or marks it done (`{ done: true }`). */
export function useUpdateTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskUpdate }) => updateTask(id, body),
    onSettled: () => refreshTasks(queryClient, tenantId),
  });
}
