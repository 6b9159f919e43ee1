import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { Task, TaskCreate } from '@app/shared/forms';
import { refreshTasks } from './refresh-tasks';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

export function createTask(body: TaskCreate): Promise<Task> {
  return apiRequest('/crm/tasks', { method: 'POST', body });
}

export function useCreateTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSettled: () => refreshTasks(queryClient, tenantId) });
}
