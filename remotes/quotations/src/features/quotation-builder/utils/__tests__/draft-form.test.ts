import { quotationDraftFields } from '@app/shared/forms';
import { checkDraft, fieldMessage } from '../draft-errors';
import { DRAFT_FIELD_NAMES, draftAmounts, emptyDraft, newItemRow, toDraftInput } from '../draft-form';
import { BUILDER_STEPS, firstStepWithErrors } from '../builder-steps';

describe('the builder form', () => {
  it('starts with the defaults, today and 30 days of validity', () => {
    const form = emptyDraft('2026-01-20', 'USD');
    expect(form).toMatchObject({
      tax_rate: '8.25',
      discount_rate: '0',
      included_storage: '200 MB',
      additional_storage_rate: '0.09',
      quote_date: '2026-01-20',
      valid_until: '2026-02-19',
    });
    expect(form.items.map(({ description, quantity, rate }) => ({ description, quantity, rate }))).toEqual([
      { description: 'New Item', quantity: '1', rate: '0' },
    ]);
  });

  it("prices its defaults in the quotation's currency and names it in the terms when the profile has none", () => {
    expect(emptyDraft('2026-01-20', 'EUR')).toMatchObject({ subscription_plan: 'Base Plan - €50/month', terms: 'Prices in EUR.' });
    const sender = { company_name: 'Orbitra', company_address: '', company_phone: '', company_email: '', company_website: '', tax_rate: 20 };
    expect(emptyDraft('2026-01-20', 'GBP', { ...sender, terms: '' })).toMatchObject({ tax_rate: '20', terms: 'Prices in GBP.' });
    expect(emptyDraft('2026-01-20', 'GBP', { ...sender, terms: 'Net 30.' })).toMatchObject({ terms: 'Net 30.' });
  });

  it('hands quantities over as typed, for the contract to read, and rates as decimals, 0 when unreadable', () => {
    const form = {
      ...emptyDraft('2026-01-20', 'USD'),
      tax_rate: '',
      discount_rate: 'abc',
      items: [newItemRow({ quantity: '2.7', rate: '' }), newItemRow({ quantity: 'x', rate: '3.5' })],
    };
    const input = toDraftInput(form);
    expect(input).toMatchObject({ tax_rate: 0, discount_rate: 0 });
    expect(input.items).toEqual([
      { description: 'New Item', quantity: '2.7', unit: null, rate: 0 },
      { description: 'New Item', quantity: 'x', unit: null, rate: 3.5 },
    ]);
  });

  it('counts a quantity the contract refuses as 0 in the amounts, and one it takes exactly', () => {
    const form = (quantity: string) => ({ ...emptyDraft('2026-01-20', 'USD'), tax_rate: '0', items: [newItemRow({ quantity, rate: '100' })] });
    expect(['0.5', '1.5', '0.25', '1e3', '0.0005', '0', '-2', 'x'].map((quantity) => draftAmounts(form(quantity)).subtotal)).toEqual([
      50, 150, 25, 0, 0, 0, 0, 0,
    ]);
  });

  it('sends each quantity as the number the contract read from its text', () => {
    const result = checkDraft({ ...emptyDraft('2026-01-20', 'USD'), items: [newItemRow({ quantity: ' 0.5 ' }), newItemRow({ quantity: '1.250' })] });
    expect(result.ok && result.draft.items.map((item) => item.quantity)).toEqual([0.5, 1.25]);
  });

  it('places every field of the draft on exactly one step', () => {
    const placed = BUILDER_STEPS.flatMap((step) => step.fields);
    expect([...placed].sort()).toEqual([...DRAFT_FIELD_NAMES, 'items'].sort());
    expect(Object.keys(quotationDraftFields).filter((name) => !placed.includes(name as never))).toEqual(['lead_id']);
  });

  it("turns the contract's issues into messages by field and finds their step", () => {
    const form = { ...emptyDraft('2026-01-20', 'USD'), client_email: 'nope', tax_rate: '101', items: [newItemRow({ rate: '1.234' })] };
    const result = checkDraft(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      client_email: 'Must be a valid email address.',
      tax_rate: 'Must be at most 100.',
      'items.0.rate': 'Must have at most 2 decimals.',
    });
    expect(firstStepWithErrors(result.errors)).toBe(0);
    expect(firstStepWithErrors({ 'items.0.rate': 'x' })).toBe(1);
    expect(fieldMessage('At least one item is required.')).toBe('At least one item is required.');
  });
});
