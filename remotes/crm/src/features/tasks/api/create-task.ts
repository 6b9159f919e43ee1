import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { taskSchema, type Task, type TaskCreate } from '@app/shared/forms';
import { refreshTasks } from './refresh-tasks';

export function createTask(body: TaskCreate): Promise<Task> {
  return apiRequest('/crm/tasks', { method: 'POST', body, schema: taskSchema });
}

export function useCreateTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSettled: () => refreshTasks(queryClient, tenantId) });
}
