import type { Tenant } from '../contracts';
import { NOW, uid } from './fetch-mock';

export const TENANT_ID = uid(1);

/** The tenant every app's unit tests work in: one place to give it a field the contract gains. */
export function tenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: TENANT_ID,
    name: 'Acme Outreach',
    domain: 'acme.test',
    description: null,
    default_country: 'US',
    currency: 'USD',
    quotation_reminder_days: 3,
    setup_changes: 'everyone',
    receives_website_enquiries: false,
    created_at: NOW,
    ...overrides,
  };
}
