import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { goalSchema, type Goal, type UpdateGoal } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import type { GoalInput } from './create-goal';

export function updateGoal(goalId: string, body: UpdateGoal): Promise<Goal> {
  return apiRequest(`/crm/goals/${goalId}`, { method: 'PUT', body, schema: goalSchema });
}

export function useUpdateGoal(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GoalInput }) => updateGoal(id, { ...body, tenant_id: tenantId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'goals') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
