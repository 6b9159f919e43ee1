import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import type { MailTemplatePreview, MailTemplatePreviewInput } from '@app/shared/forms';

/** A template's subject and body filled on a record, as sent from a mailbox (nothing is cached: it depends on the record of the moment). */
export function previewMailTemplate(body: MailTemplatePreviewInput): Promise<MailTemplatePreview> {
  return apiRequest('/crm/mail-templates/preview', { method: 'POST', body });
}

export function usePreviewMailTemplate() {
  return useMutation({ mutationFn: previewMailTemplate });
}
