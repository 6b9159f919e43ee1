import { quotationDraftSchema, type PublicQuotation } from '@app/shared/forms';
import { draftAmounts, quantityValue, toDraftInput, type DraftForm } from './draft-form';

/** The draft as the printed quotation shows it, with the amounts it would be saved with. */
export function draftDocument(form: DraftForm, number: string, currency: string): PublicQuotation {
  const input = toDraftInput(form);
  // Printing does not wait for valid input: what the schema cannot read is printed as typed.
  const parsed = quotationDraftSchema.safeParse(input);
  const draft = parsed.success ? parsed.data : input;
  const amounts = draftAmounts(form);
  return {
    ...(draft as PublicQuotation),
    number,
    status: 'draft',
    quote_date: form.quote_date,
    valid_until: form.valid_until,
    items: input.items.map((item, index) => ({
      description: item.description ?? '',
      quantity: quantityValue(form.items[index].quantity),
      unit: item.unit ?? null,
      rate: item.rate,
      amount: amounts.item_amounts[index] ?? 0,
    })),
    subtotal: amounts.subtotal,
    discount_amount: amounts.discount_amount,
    tax_amount: amounts.tax_amount,
    total: amounts.total,
    currency,
    decided_at: null,
    accepted_by: null,
    rejection_reason: null,
  };
}
