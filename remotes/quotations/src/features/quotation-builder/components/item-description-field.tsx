import { useState } from 'react';
import styled from 'styled-components';
import { formatCurrency } from '@app/shared';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { SuggestInput } from '@app/shared/ui/suggest-input';
import { DEFAULT_QUOTATION_ITEM } from '@app/shared/quotations';
import { productListQuerySchema, productUnitLabel, maxLengthOf, type Product } from '@app/shared/forms';
import { useProducts } from '../../../api/get-products';

const StyledSuggestion = styled.span`
  display: block;
  small { display: block; }
`;

/** As many products as the list shows at once: the search narrows it. */
const SUGGESTIONS = 8;
const SEARCH_MAX = maxLengthOf(productListQuerySchema.shape.q) ?? 200;

export interface ItemDescriptionFieldProps {
  tenantId: string;
  /** The quotation's currency: only products priced in it are offered. */
  currency: string;
  value: string;
  onChange: (text: string) => void;
  onPick: (product: Product) => void;
  inputProps: { 'aria-label': string; 'aria-invalid': boolean; 'aria-describedby'?: string; maxLength?: number };
}

/**
 * A line's description: free text, with the tenant's active products in the quotation's currency
 * offered as it is typed (all of them, by name, while it holds a new line's default text). Picking
 * one copies its values into the line.
 */
export function ItemDescriptionField({ tenantId, currency, value, onChange, onPick, inputProps }: ItemDescriptionFieldProps) {
  const [active, setActive] = useState(false);
  const typed = useDebouncedValue(value).trim();
  const q = typed === DEFAULT_QUOTATION_ITEM.description ? '' : typed.slice(0, SEARCH_MAX);
  // Asked only while the field is in use, so a quotation of many lines asks once, for the line being typed.
  const products = useProducts(tenantId, { q, status: 'active', currency, page: 1, limit: SUGGESTIONS }, active);
  const suggestions = products.data?.products ?? [];
  let emptyText: string;
  if (products.isPending) emptyText = 'Looking in the catalogue...';
  else if (products.isError) emptyText = 'The catalogue could not be read: the line keeps what is typed.';
  else if (q) emptyText = `No product in the catalogue matches "${q}": the line keeps what is typed.`;
  else emptyText = `The catalogue has no products priced in ${currency} yet: the line keeps what is typed.`;
  return (
    <SuggestInput
      value={value}
      onChange={onChange}
      suggestions={suggestions}
      onPick={onPick}
      getKey={(product) => product.id}
      getName={(product) => `${product.name}, ${formatCurrency(product.price, product.currency)} per ${productUnitLabel(product.unit)}`}
      renderItem={(product) => (
        <StyledSuggestion>
          {product.name}
          <small>
            {formatCurrency(product.price, product.currency)} per {productUnitLabel(product.unit)} · tax {product.tax_rate}%
          </small>
        </StyledSuggestion>
      )}
      emptyText={emptyText}
      onActiveChange={setActive}
      inputProps={inputProps}
    />
  );
}
