import type { DraftFieldName } from './draft-form';
import type { DraftErrors } from './draft-errors';

type StepField = DraftFieldName | 'items';

export const BUILDER_STEPS: { title: string; fields: readonly StepField[] }[] = [
  {
    title: 'Company & Client',
    fields: [
      'company_name',
      'company_address',
      'company_phone',
      'company_email',
      'company_website',
      'client_name',
      'client_address',
      'client_email',
      'client_phone',
      'title',
      'product_name',
      'product_overview',
      'product_description',
    ],
  },
  {
    title: 'Pricing',
    fields: [
      'subscription_plan',
      'subscription_includes',
      'included_storage',
      'additional_storage_rate',
      'storage_block_size',
      'items',
      'tax_rate',
      'discount_rate',
    ],
  },
  { title: 'Terms & Dates', fields: ['terms', 'quote_date', 'valid_until'] },
];

export const LAST_STEP = BUILDER_STEPS.length - 1;

const fieldOf = (errorKey: string) => errorKey.split('.')[0]!;

/** Whether a step's fields hold any of the errors. */
export function stepHasErrors(step: number, errors: DraftErrors): boolean {
  const fields: readonly string[] = BUILDER_STEPS[step]!.fields;
  return Object.keys(errors).some((key) => fields.includes(fieldOf(key)));
}

/** The first step with an error, where Save sends the user back to. */
export function firstStepWithErrors(errors: DraftErrors): number {
  const index = BUILDER_STEPS.findIndex((_, step) => stepHasErrors(step, errors));
  return index < 0 ? LAST_STEP : index;
}
