import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { quotationProfileSchema, type QuotationProfile, type UpdateQuotationProfileInput } from '@app/shared/forms';
import { quotationProfileKey } from './get-quotation-profile';

export function updateQuotationProfile(tenantId: string, body: UpdateQuotationProfileInput): Promise<QuotationProfile> {
  return apiRequest(`/crm/tenants/${tenantId}/quotation-profile`, { method: 'PUT', body, schema: quotationProfileSchema });
}

export function useUpdateQuotationProfile(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuotationProfileInput) => updateQuotationProfile(tenantId, body),
    onSuccess: (saved) => queryClient.setQueryData(quotationProfileKey(tenantId), saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: quotationProfileKey(tenantId) }),
  });
}
