import { createQuotationSchema, quotationDraftSchema, QUOTATION_ITEM_REQUIRED } from '../../contracts/quotations';

const item = { description: 'Setup', quantity: 1, rate: 50 };
const firstMessage = (input: unknown) => {
  const result = quotationDraftSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('quotation draft contract', () => {
  it('fills the defaults of what is left out', () => {
    expect(quotationDraftSchema.parse({ items: [item] })).toMatchObject({
      tax_rate: 8.25,
      discount_rate: 0,
      included_storage: '200 MB',
      additional_storage_rate: 0.09,
      storage_block_size: '200 MB',
      title: '',
      client_email: '',
    });
  });

  it.each([
    ['no items', { items: [] }, QUOTATION_ITEM_REQUIRED],
    ['a fractional quantity', { items: [{ ...item, quantity: 1.5 }] }, 'must be a whole number'],
    ['a negative quantity', { items: [{ ...item, quantity: -1 }] }, 'must be at least 0'],
    ['a rate with three decimals', { items: [{ ...item, rate: 1.005 }] }, 'must have at most 2 decimals'],
    ['a negative rate', { items: [{ ...item, rate: -1 }] }, 'must be at least 0'],
    ['a tax over 100', { items: [item], tax_rate: 100.01 }, 'tax_rate: must be at most 100'],
    ['a discount over 100', { items: [item], discount_rate: 101 }, 'discount_rate: must be at most 100'],
    ['a bad client email', { items: [item], client_email: 'nope' }, 'client_email: must be a valid email address'],
    ['a long title', { items: [item], title: 'x'.repeat(201) }, 'title: must be at most 200 characters'],
    ['a long item description', { items: [{ ...item, description: 'x'.repeat(501) }] }, 'must be at most 500 characters'],
    ['long terms', { items: [item], terms: 'x'.repeat(10_001) }, 'terms: must be at most 10000 characters'],
    ['201 items', { items: Array.from({ length: 201 }, () => item) }, 'items: at most 200 items'],
    ['valid until before the quote date', { items: [item], quote_date: '2026-02-01', valid_until: '2026-01-31' }, 'valid_until: must not be before quote_date'],
  ])('refuses %s', (_label, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts blank emails, zero rates and a tenant on create', () => {
    const tenant_id = '4f1c0f6e-8b1a-4b8e-9a37-0d0f9c3b6a11';
    expect(createQuotationSchema.safeParse({ tenant_id, items: [{ quantity: 0, rate: 0 }], client_email: '', tax_rate: 0 }).success).toBe(true);
  });
});
