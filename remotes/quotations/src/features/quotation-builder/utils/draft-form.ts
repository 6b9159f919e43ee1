import { DEFAULT_QUOTATION_ITEM, defaultSubscriptionPlan, defaultTerms, QUOTATION_DEFAULTS, quotationAmounts, quotationDates } from '@app/shared/staff';
import {
  isProductUnit,
  productLineDescription,
  quotationDraftFields,
  quotationQuantity,
  type Lead,
  type Product,
  type Quotation,
  type QuotationDraftInput,
  type QuotationProfile,
} from '@app/shared/forms';

/** Every field of the draft but the items and the lead, held as typed (text) until validated. */
export type DraftFieldName = Exclude<keyof typeof quotationDraftFields, 'items' | 'lead_id'>;

export interface ItemRow {
  /** Keeps a row's inputs when a row above it is removed. */
  key: string;
  description: string;
  quantity: string;
  /** What the quantity counts ('hour', 'day', 'unit', 'month'), or '' for none. */
  unit: string;
  rate: string;
  /** The tax rate of the catalogue product the line was picked from, if it was: the quotation has one tax rate, the builder compares them. */
  catalogueTaxRate?: string;
}

export type DraftForm = Record<DraftFieldName, string> & { items: ItemRow[]; lead_id: string | null };

export const DRAFT_FIELD_NAMES = Object.keys(quotationDraftFields).filter((name) => name !== 'items' && name !== 'lead_id') as DraftFieldName[];

let rowCounter = 0;
const rowKey = () => `row-${Date.now().toString(36)}-${(rowCounter += 1)}`;

export function newItemRow(values: Partial<Omit<ItemRow, 'key'>> = {}): ItemRow {
  return {
    key: rowKey(),
    description: DEFAULT_QUOTATION_ITEM.description,
    quantity: String(DEFAULT_QUOTATION_ITEM.quantity),
    unit: '',
    rate: String(DEFAULT_QUOTATION_ITEM.rate),
    ...values,
  };
}

/** A line picked from the catalogue: the product's name and description, unit and price copied in, the quantity kept. */
export function lineFromProduct(row: ItemRow, product: Pick<Product, 'name' | 'description' | 'unit' | 'price' | 'tax_rate'>): ItemRow {
  return { ...row, description: productLineDescription(product), unit: product.unit, rate: String(product.price), catalogueTaxRate: String(product.tax_rate) };
}

/** What a new quotation takes from the tenant's quotation profile. */
export type SenderDefaults = Pick<
  QuotationProfile,
  'company_name' | 'company_address' | 'company_phone' | 'company_email' | 'company_website' | 'tax_rate' | 'terms'
>;

/**
 * A new quotation in `currency` (its tenant's): the product's defaults priced in it, today's date
 * and 30 days of validity, one item; the tenant's sender, tax rate and terms when it has a profile
 * (terms naming the currency when the profile has none).
 */
export function emptyDraft(today: string, currency: string, sender?: SenderDefaults): DraftForm {
  const blank = Object.fromEntries(DRAFT_FIELD_NAMES.map((name) => [name, ''])) as Record<DraftFieldName, string>;
  return {
    ...blank,
    subscription_plan: defaultSubscriptionPlan(currency),
    terms: defaultTerms(currency),
    included_storage: QUOTATION_DEFAULTS.includedStorage,
    additional_storage_rate: String(QUOTATION_DEFAULTS.additionalStorageRate),
    storage_block_size: QUOTATION_DEFAULTS.storageBlockSize,
    tax_rate: String(QUOTATION_DEFAULTS.taxRate),
    discount_rate: String(QUOTATION_DEFAULTS.discountRate),
    ...quotationDates(today),
    ...(sender && {
      company_name: sender.company_name,
      company_address: sender.company_address,
      company_phone: sender.company_phone,
      company_email: sender.company_email,
      company_website: sender.company_website,
      tax_rate: String(sender.tax_rate),
      terms: sender.terms || defaultTerms(currency),
    }),
    items: [newItemRow()],
    lead_id: null,
  };
}

/** A new quotation for a lead: its name, email, phone and address as the client. */
export function draftFromLead(
  today: string,
  currency: string,
  lead: Pick<Lead, 'id' | 'name' | 'email' | 'phone1' | 'address'>,
  sender?: SenderDefaults,
): DraftForm {
  return {
    ...emptyDraft(today, currency, sender),
    client_name: lead.name,
    client_email: lead.email ?? '',
    client_phone: lead.phone1,
    client_address: lead.address ?? '',
    lead_id: lead.id,
  };
}

/** A saved quotation, back in the builder. */
export function draftFromQuotation(quotation: Quotation): DraftForm {
  const fields = Object.fromEntries(DRAFT_FIELD_NAMES.map((name) => [name, String(quotation[name] ?? '')])) as Record<DraftFieldName, string>;
  return {
    ...fields,
    items: quotation.items.map((item) =>
      newItemRow({ description: item.description, quantity: String(item.quantity), unit: item.unit ?? '', rate: String(item.rate) }),
    ),
    lead_id: quotation.lead_id,
  };
}

/**
 * A quantity field's number by the contract's rule ("0.5", "1.25"); what the contract refuses
 * ("1e3", "0.0005", "0", "-1") counts as 0 in the running amounts while the field shows its error.
 */
export const quantityValue = (text: string) => {
  const result = quotationQuantity.safeParse(text);
  return result.success ? result.data : 0;
};
// Rates are decimals; what cannot be read counts as 0.
export const parseDecimal = (text: string) => {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
};

const NUMBER_FIELDS = ['additional_storage_rate', 'tax_rate', 'discount_rate'] as const;
const DATE_FIELDS = ['quote_date', 'valid_until'] as const;

/** The form as the API takes it. */
export function toDraftInput(form: DraftForm): QuotationDraftInput {
  const input: Record<string, unknown> = {};
  for (const name of DRAFT_FIELD_NAMES) input[name] = form[name];
  for (const name of NUMBER_FIELDS) input[name] = parseDecimal(form[name]);
  for (const name of DATE_FIELDS) input[name] = form[name] || undefined;
  // The quantity goes as typed: the contract reads it, and refuses it with the field's message.
  input.items = form.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unit: isProductUnit(item.unit) ? item.unit : null,
    rate: parseDecimal(item.rate),
  }));
  if (form.lead_id) input.lead_id = form.lead_id;
  return input as QuotationDraftInput;
}

/** The running amounts, with the one totals function the server uses. */
export function draftAmounts(form: DraftForm) {
  return quotationAmounts({
    items: form.items.map((item) => ({ quantity: quantityValue(item.quantity), rate: parseDecimal(item.rate) })),
    tax_rate: parseDecimal(form.tax_rate),
    discount_rate: parseDecimal(form.discount_rate),
  });
}
