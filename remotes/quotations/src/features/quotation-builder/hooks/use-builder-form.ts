import { useEffect, useMemo, useState } from 'react';
import { addDays, QUOTATION_DEFAULTS } from '@app/shared/staff';
import { QUOTATION_ITEM_REQUIRED, type Product } from '@app/shared/forms';
import { toast } from '@app/shared';
import { checkDraft, type DraftErrors } from '../utils/draft-errors';
import { draftAmounts, lineFromProduct, newItemRow, type DraftFieldName, type DraftForm } from '../utils/draft-form';
import { firstStepWithErrors, LAST_STEP, stepHasErrors } from '../utils/builder-steps';
import { clearDraft, saveDraft } from '../utils/draft-storage';

export interface BuilderStart {
  userId: string;
  tenantId: string;
  quotationId: string | null;
  initial: DraftForm;
  values: DraftForm;
  step: number;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The builder's state: values, step and errors; every change is kept as a draft in the browser. */
export function useBuilderForm(start: BuilderStart) {
  const { userId, tenantId, quotationId, initial } = start;
  const [values, setValues] = useState(start.values);
  const [step, setStep] = useState(start.step);
  const [errors, setErrors] = useState<DraftErrors>({});
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const amounts = useMemo(() => draftAmounts(values), [values]);

  useEffect(() => {
    if (dirty) saveDraft(userId, { tenantId, quotationId, initial, values, step });
  }, [dirty, userId, tenantId, quotationId, initial, values, step]);

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });

  const setField = (name: DraftFieldName, value: string) => {
    clearError(name);
    setValues((current) => {
      const next = { ...current, [name]: value };
      // A validity the user never changed moves with the quote date.
      if (name === 'quote_date' && isDay(value) && current.valid_until === addDays(current.quote_date, QUOTATION_DEFAULTS.validityDays)) {
        next.valid_until = addDays(value, QUOTATION_DEFAULTS.validityDays);
      }
      return next;
    });
  };

  const setItem = (index: number, field: 'description' | 'quantity' | 'unit' | 'rate', value: string) => {
    clearError(`items.${index}.${field}`);
    setValues((current) => ({ ...current, items: current.items.map((item, at) => (at === index ? { ...item, [field]: value } : item)) }));
  };

  /**
   * A catalogue product picked for a line: its values are copied into the line (a later change of
   * the product never reaches the quotation). The quotation has one tax rate: the product's becomes
   * it unless another line from the catalogue carries a different one (the pricing step says so).
   */
  const pickProduct = (index: number, product: Product) => {
    for (const field of ['description', 'unit', 'rate']) clearError(`items.${index}.${field}`);
    const taxRate = String(product.tax_rate);
    const othersAgree = values.items.every((item, at) => at === index || item.catalogueTaxRate === undefined || item.catalogueTaxRate === taxRate);
    if (othersAgree) clearError('tax_rate');
    setValues((current) => ({
      ...current,
      items: current.items.map((item, at) => (at === index ? lineFromProduct(item, product) : item)),
      ...(othersAgree ? { tax_rate: taxRate } : {}),
    }));
  };

  const addItem = () => {
    clearError('items');
    setValues((current) => ({ ...current, items: [...current.items, newItemRow()] }));
  };

  const removeItem = (index: number) => {
    if (values.items.length <= 1) {
      toast({ title: 'Cannot remove item', description: QUOTATION_ITEM_REQUIRED, variant: 'destructive' });
      return;
    }
    // Errors of the rows below would point at the wrong row once it moves up.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('items.'))));
    setValues((current) => ({ ...current, items: current.items.filter((_, at) => at !== index) }));
  };

  /** Checks the whole draft; shows the errors of `onlyStep` (or all) and says whether it may go on. */
  const check = (onlyStep?: number) => {
    const result = checkDraft(values);
    if (result.ok) {
      setErrors({});
      return result;
    }
    if (onlyStep !== undefined && !stepHasErrors(onlyStep, result.errors)) return null;
    setErrors(result.errors);
    if (onlyStep === undefined) setStep(firstStepWithErrors(result.errors));
    return result;
  };

  const next = () => {
    const result = check(step);
    if (result && !result.ok) return;
    setStep((current) => Math.min(LAST_STEP, current + 1));
  };

  const previous = () => setStep((current) => Math.max(0, current - 1));

  const discard = () => clearDraft(userId);

  return { values, step, errors, dirty, amounts, setField, setItem, pickProduct, addItem, removeItem, check, next, previous, discard };
}

export type BuilderForm = ReturnType<typeof useBuilderForm>;
