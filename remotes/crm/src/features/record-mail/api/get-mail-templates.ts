import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MailTemplateList } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

export const mailTemplatesQueryKey = (tenantId: string) => tenantKey(tenantId, 'mail-templates');

export function getMailTemplates(tenantId: string, signal?: AbortSignal): Promise<MailTemplateList> {
  return apiRequest('/crm/mail-templates', { query: { tenant_id: tenantId }, signal });
}

export const mailTemplatesQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: mailTemplatesQueryKey(tenantId), queryFn: ({ signal }) => getMailTemplates(tenantId, signal) });

export function useMailTemplates(tenantId: string) {
  return useQuery(mailTemplatesQueryOptions(tenantId));
}
