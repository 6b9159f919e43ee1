import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { goalSchema, type CreateGoal, type Goal } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export type GoalInput = Omit<CreateGoal, 'tenant_id'>;

export function createGoal(body: CreateGoal): Promise<Goal> {
  return apiRequest('/crm/goals', { method: 'POST', body, schema: goalSchema });
}

export function useCreateGoal(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalInput) => createGoal({ ...body, tenant_id: tenantId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'goals') });
      // Today's goal on the dashboard sums the targets of active goals.
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
