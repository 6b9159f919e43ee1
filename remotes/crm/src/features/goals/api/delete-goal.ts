import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { tenantKey } from '../../../lib/query-keys';

export function deleteGoal(goalId: string): Promise<unknown> {
  return apiRequest(`/crm/goals/${goalId}`, { method: 'DELETE' });
}

export function useDeleteGoal(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'goals') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
