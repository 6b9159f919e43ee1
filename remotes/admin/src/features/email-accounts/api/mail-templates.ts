import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MailTemplate, MailTemplateList, MailTemplateWriteInput } from '@app/shared/forms';

// The tenant's mail templates: the list and its writes, invalidated by the same key.
export const mailTemplatesQueryKey = (tenantId: string) => ['tenant', tenantId, 'mail-templates'] as const;

export function getMailTemplates(tenantId: string, signal?: AbortSignal): Promise<MailTemplateList> {
  return apiRequest('/crm/mail-templates', { query: { tenant_id: tenantId }, signal });
}

export const mailTemplatesQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: mailTemplatesQueryKey(tenantId), queryFn: ({ signal }) => getMailTemplates(tenantId, signal) });

export function useMailTemplates(tenantId: string) {
  return useQuery(mailTemplatesQueryOptions(tenantId));
}

export function saveMailTemplate(id: string | null, body: MailTemplateWriteInput): Promise<MailTemplate> {
  return id ? apiRequest(`/crm/mail-templates/${id}`, { method: 'PUT', body }) : apiRequest('/crm/mail-templates', { method: 'POST', body });
}

export function useSaveMailTemplate(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MailTemplateWriteInput }) => saveMailTemplate(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailTemplatesQueryKey(tenantId) }),
  });
}

export function deleteMailTemplate(id: string): Promise<unknown> {
  return apiRequest(`/crm/mail-templates/${id}`, { method: 'DELETE' });
}

export function useDeleteMailTemplate(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMailTemplate, onSettled: () => queryClient.invalidateQueries({ queryKey: mailTemplatesQueryKey(tenantId) }) });
}
