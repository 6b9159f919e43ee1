import { quotationSchema, type CreateQuotation, type Quotation } from '@app/shared/contracts';
import { expectStatus } from './crm-fixture';
import type { TestApp } from './test-app';

/** A quotation as the builder sends it, with the parts a test cares about overridden. */
export function draftBody(overrides: Partial<CreateQuotation> = {}): Omit<CreateQuotation, 'tenant_id'> {
  return {
    company_name: 'Orbitra Ltd',
    company_address: '1 Harbour Street, Lisbon',
    company_email: 'sales@orbitra.example.com',
    client_name: 'Acme Corp',
    client_address: '42 Main Road, Porto',
    client_email: 'buyer@acme.example.com',
    client_phone: '+351 555 0100',
    title: 'Payroll rollout',
    product_name: 'Payofina',
    terms: 'Payment within 30 days.',
    items: [{ description: 'Base subscription', quantity: 1, rate: 50 }],
    ...overrides,
  };
}

export async function createQuotation(t: TestApp, token: string, tenantId: string, overrides: Partial<CreateQuotation> = {}): Promise<Quotation> {
  const response = await t.request({ method: 'POST', url: '/api/v1/quotations', token, body: { tenant_id: tenantId, ...draftBody(overrides) } });
  return quotationSchema.parse(expectStatus(response, 201));
}

/** The text of a PDF as pdftotext reads it (keeping the layout, so table rows stay on one line). */
export function pdfText(bytes: Buffer): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest runs the tests as CommonJS
  const { execFileSync } = require('node:child_process') as typeof import('node:child_process');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}
