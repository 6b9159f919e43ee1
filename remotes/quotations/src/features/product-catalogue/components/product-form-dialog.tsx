import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, errorMessage, FormError, FormStack, SelectField, TextAreaField, TextField, toast, TwoColumns } from '@app/shared';
import { currencySymbol, Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import {
  PRODUCT_UNITS,
  productInputSchema,
  productUnitLabel,
  refusedFieldErrors,
  useFormFields,
  validateWith,
  type Product,
  type UpdateProduct,
} from '@app/shared/forms';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';

type FieldName = 'name' | 'description' | 'unit' | 'price' | 'tax_rate';
type ProductFormValues = Record<FieldName, string>;
const FIELDS: readonly FieldName[] = ['name', 'description', 'unit', 'price', 'tax_rate'];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A number the contract reads; blank is none (the contract then says the field is needed). */
const numberOrNone = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The form as the contract reads it: the price as typed ("1,500.50"), the tax rate as a number. */
export function productBody(values: ProductFormValues) {
  return { ...values, tax_rate: numberOrNone(values.tax_rate) };
}

/**
 * Only what changed goes to the server: a price sent again would be set anew in the tenant's
 * currency, so a product priced in another currency keeps its price unless it is typed.
 */
export function changedFields(product: Product, body: ReturnType<typeof productInputSchema.parse>): UpdateProduct {
  const change: UpdateProduct = {};
  if (body.name !== product.name) change.name = body.name;
  if (body.description !== product.description) change.description = body.description;
  if (body.unit !== product.unit) change.unit = body.unit;
  if (body.price !== product.price) change.price = body.price;
  if (body.tax_rate !== product.tax_rate) change.tax_rate = body.tax_rate;
  return change;
}

export interface ProductFormDialogProps {
  tenantId: string;
  /** The tenant's currency, which a price typed here is in. */
  currency: string;
  /** The tax rate a new product starts with: the tenant's quotation profile's. */
  defaultTaxRate: number;
  product?: Product;
  onDismiss: () => void;
}

/** Adds a product or service to the catalogue, or changes one. */
export function ProductFormDialog({ tenantId, currency, defaultTaxRate, product, onDismiss }: ProductFormDialogProps) {
  const { values, setErrors, field, dirty } = useFormFields<ProductFormValues>(
    {
      name: product?.name ?? '',
      description: product?.description ?? '',
      unit: product?.unit ?? 'hour',
      price: product ? String(product.price) : '',
      tax_rate: String(product?.tax_rate ?? defaultTaxRate),
    },
    { contract: productInputSchema },
  );
  const create = useCreateProduct(tenantId);
  const update = useUpdateProduct(tenantId);
  const busy = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);

  // The first field in error gets focus (on a phone it comes into view); a dialog keeps focus inside.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const result = validateWith(productInputSchema, productBody(values));
    setErrors(result.errors);
    if (!result.data) {
      setAttempts((count) => count + 1);
      return;
    }
    const body = result.data;
    const onSuccess = (saved: Product) => {
      toast({ title: product ? 'Product updated' : 'Product added', description: saved.name, variant: 'success' });
      onDismiss();
    };
    const onError = (refused: unknown) => {
      const fieldErrors = refusedFieldErrors(errorMessage(refused, ''), FIELDS);
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(errorMessage(refused, product ? 'Failed to update the product' : 'Failed to add the product'));
      setAttempts((count) => count + 1);
    };
    if (!product) {
      create.mutate(body, { onSuccess, onError });
      return;
    }
    const change = changedFields(product, body);
    if (Object.keys(change).length === 0) onDismiss();
    else update.mutate({ id: product.id, body: change }, { onSuccess, onError });
  };

  const otherCurrency = product && product.currency !== currency;
  return (
    <Dialog isOpen onDismiss={() => !busy && onDismiss()} title={product ? 'Edit Product' : 'Add Product'} dirty={dirty && !busy}>
      <FormStack ref={formRef} onSubmit={submit} noValidate aria-label={product ? 'Edit Product' : 'Add Product'}>
        <TextField label="Name" autoFocus required {...field('name')} />
        <TextAreaField label="Description" rows={2} hint="Copied into a quotation's line after the name." {...field('description')} />
        <TwoColumns>
          <SelectField label="Unit" {...field('unit')}>
            {PRODUCT_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {capitalised(productUnitLabel(unit))}
              </option>
            ))}
          </SelectField>
          <TextField
            label={`Price (${currencySymbol(currency)})`}
            inputMode="decimal"
            required
            hint={
              otherCurrency
                ? `Priced in ${product.currency}; a price typed here is in ${currency}, the tenant's currency.`
                : `Per ${values.unit}, in ${currency}.`
            }
            {...field('price')}
          />
        </TwoColumns>
        <TextField label="Tax rate (%)" inputMode="decimal" required {...field('tax_rate')} />
        {failure && <FormError role="alert">{failure}</FormError>}
        <DialogFooter>
          <DialogCancel disabled={busy} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
          </Button>
        </DialogFooter>
      </FormStack>
    </Dialog>
  );
}
