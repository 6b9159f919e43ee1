import { quotationDraftSchema, type QuotationDraftInput } from '@app/shared/forms';
import { toDraftInput, type DraftForm } from './draft-form';

/** Messages by field: 'client_email', 'items', or one cell of an item row, 'items.2.rate'. */
export type DraftErrors = Record<string, string>;

/** 'client_email: must be a valid email address' → 'Must be a valid email address.' */
export function fieldMessage(message: string): string {
  const text = message.replace(/^[a-z_]+: /, '');
  const sentence = text[0]!.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export type DraftCheck = { ok: true; draft: QuotationDraftInput } | { ok: false; errors: DraftErrors };

/** The form checked with the quotation contract, the same rules the server applies. */
export function checkDraft(form: DraftForm): DraftCheck {
  const draft = toDraftInput(form);
  const result = quotationDraftSchema.safeParse(draft);
  // Sent with each quantity as the number the contract read from the field's text.
  if (result.success)
    return { ok: true, draft: { ...draft, items: draft.items.map((item, index) => ({ ...item, quantity: result.data.items[index].quantity })) } };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= fieldMessage(issue.message);
  }
  return { ok: false, errors };
}
