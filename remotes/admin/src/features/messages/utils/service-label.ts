import { CONTACT_SERVICES, type ContactService } from '@app/shared/forms';
import { siteConfig } from '@app/shared';

// The contact form stores the service's id; staff read the name the visitor chose from.
const SERVICE_LABELS: Record<ContactService, string> = {
  payofina: `${siteConfig.product.name} (finance and HR)`,
  web: 'Web development',
  mobile: 'Mobile apps',
  integration: 'Systems integration',
  consulting: 'IT consulting',
};

export function serviceLabel(service: string): string {
  return (CONTACT_SERVICES as readonly string[]).includes(service) ? SERVICE_LABELS[service as ContactService] : service;
}
