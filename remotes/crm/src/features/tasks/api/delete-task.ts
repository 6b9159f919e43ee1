import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { deletedResponseSchema } from '@app/shared/forms';
import { refreshTasks } from './refresh-tasks';

/** Deletes a task; a callback's call task ends its callback too. */
export function deleteTask(id: string): Promise<{ message: string }> {
  return apiRequest(`/crm/tasks/${id}`, { method: 'DELETE', schema: deletedResponseSchema });
}

export function useDeleteTask(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSettled: () => refreshTasks(queryClient, tenantId) });
}
