import type { Lead } from '@app/shared/forms';

/** The quotations app opens its builder for a lead at this address and loads the lead itself. */
export function newQuotationPath(lead: Pick<Lead, 'id'>): string {
  return `/quotations/new?lead_id=${encodeURIComponent(lead.id)}`;
}
