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
    ['a quantity with four decimals', { items: [{ ...item, quantity: 1.2345 }] }, 'must have at most 3 decimals'],
    ['a quantity typed with four decimals', { items: [{ ...item, quantity: '0.0005' }] }, 'must have at most 3 decimals'],
    ['a tiny quantity', { items: [{ ...item, quantity: 1e-7 }] }, 'must have at most 3 decimals'],
    ['a quantity of 0', { items: [{ ...item, quantity: 0 }] }, 'must be more than 0'],
    ['a quantity typed as 0.000', { items: [{ ...item, quantity: '0.000' }] }, 'must be more than 0'],
    ['a negative quantity', { items: [{ ...item, quantity: -1 }] }, 'must be more than 0'],
    ['a negative quantity typed', { items: [{ ...item, quantity: '-0.5' }] }, 'must be more than 0'],
    ['a quantity in exponent notation', { items: [{ ...item, quantity: '1e3' }] }, 'must be written without an exponent (1000, not 1e3)'],
    ['a quantity in exponent notation with a sign', { items: [{ ...item, quantity: '2.5E-1' }] }, 'must be written without an exponent (1000, not 1e3)'],
    ['a quantity that is no number', { items: [{ ...item, quantity: '1,5' }] }, 'must be a number'],
    ['a blank quantity', { items: [{ ...item, quantity: '' }] }, 'must be a number'],
    ['a quantity that is neither number nor text', { items: [{ ...item, quantity: true }] }, 'must be a number'],
    ['a quantity over the cap', { items: [{ ...item, quantity: 1_000_000.001 }] }, 'must be at most 1000000'],
    [
      'a subtotal no cent could be exact for',
      { items: Array.from({ length: 2 }, () => ({ quantity: 1_000_000, rate: 9_999_999.99 })) },
      'items: the subtotal must be at most 10,000,000,000,000',
    ],
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
    expect(createQuotationSchema.safeParse({ tenant_id, items: [{ quantity: 1, rate: 0 }], client_email: '', tax_rate: 0 }).success).toBe(true);
  });

  it('takes quantities with up to 3 decimals, as numbers or as the text a form holds, and keeps them as given', () => {
    const quantities = [0.5, '1.5', '0.25', 1.25, '0.001', '.75', '2.', ' 3 ', '1.500', 1_000_000, '999999.999'];
    const parsed = quotationDraftSchema.parse({ items: quantities.map((quantity) => ({ ...item, quantity })) });
    expect(parsed.items.map((line) => line.quantity)).toEqual([0.5, 1.5, 0.25, 1.25, 0.001, 0.75, 2, 3, 1.5, 1_000_000, 999999.999]);
  });
});
