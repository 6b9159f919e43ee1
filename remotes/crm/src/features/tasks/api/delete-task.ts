import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { refreshTasks } from './refresh-tasks';

// The server sends its answers through the contract's schemas, so they are typed here, not parsed again: the
// screens that show them load no zod until a form opens.

/** Deletes a task; a callback's call task ends its callback too. */
export function deleteTask(id: string): Promise<{ message: string }> {
  return apiRequest(`/crm/tasks/${id}`, { method: 'DELETE' });
}

export function useDeleteTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => refreshTasks(queryClient, tenantId) });
}
