import styled from 'styled-components';
import { Button, StyledInput, StyledSelect, currencySymbol, formatCurrency } from '@app/shared';
import { maxLengthOf, PRODUCT_UNITS, productUnitLabel, quotationItemInputSchema } from '@app/shared/forms';
import type { BuilderForm } from '../hooks/use-builder-form';
import { ItemDescriptionField } from './item-description-field';

const StyledItems = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space(2)}; padding: 0; }
`;

const columns = 'minmax(0, 1fr) 5.5rem 6.5rem 7.5rem 7rem 2.5rem';

const StyledHead = styled.div`
  display: grid;
  grid-template-columns: ${columns};
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.8rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  span:nth-child(n + 2) { text-align: right; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) { display: none; }
`;

const StyledRow = styled.li`
  display: grid;
  grid-template-columns: ${columns};
  align-items: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  input[inputmode] { text-align: right; }
  output { align-self: end; padding: ${({ theme }) => theme.space(2)} 0; text-align: right; font-weight: 600; white-space: nowrap; }
  /* On a phone the description takes the first row with the remove button at its end, then quantity and unit, rate and amount, two by two. */
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr auto;
    > :first-child { grid-column: 1 / 3; }
    > button { grid-column: 3; grid-row: 1; align-self: end; }
    > :nth-child(2), > :nth-child(4) { grid-column: 1; }
    > :nth-child(3), > :nth-child(5) { grid-column: 2 / 4; }
    output { text-align: left; }
  }
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
`;

// A cell's caption: the column header says it on wide screens, the caption on narrow ones, where the header is hidden.
const StyledCell = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  > span { font-size: 0.8rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  @media not all and (max-width: ${({ theme }) => theme.breakpoints.md}) {
    > span { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  }
`;

const StyledError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

// A quantity takes up to 3 decimals as typed, checked by the contract (a number input would turn "1e3" into 1000 and
// make what cannot be read blank); rates are dollars and cents.
const NUMBER_CELLS = [
  { field: 'quantity', caption: 'Qty', type: 'text', inputMode: 'decimal', step: undefined },
  { field: 'rate', caption: 'Rate', type: 'number', inputMode: 'decimal', step: 0.01 },
] as const;

const FIELDS = ['description', 'quantity', 'unit', 'rate'] as const;
const DESCRIPTION_MAX = maxLengthOf(quotationItemInputSchema.shape.description);
const unitCaption = (unit: string) => unit.charAt(0).toUpperCase() + unit.slice(1);

export interface ItemRowsProps {
  form: BuilderForm;
  tenantId: string;
  /** The quotation's currency: its amounts, and the catalogue products offered. */
  currency: string;
}

/**
 * The item rows: a description typed or picked from the catalogue (which fills the line in),
 * quantity, unit and rate, the amount computed, and a way to remove each.
 */
export function ItemRows({ form, tenantId, currency }: ItemRowsProps) {
  const { values, errors, amounts } = form;
  const sign = currencySymbol(currency);
  return (
    <StyledItems>
      <legend className="visually-hidden">Items</legend>
      <StyledHead aria-hidden="true">
        <span>Description</span>
        <span>Qty</span>
        <span>Unit</span>
        <span>Rate ({sign})</span>
        <span>Amount ({sign})</span>
      </StyledHead>
      <StyledList aria-label="Items">
        {values.items.map((item, index) => {
          const n = index + 1;
          const errorId = (field: string) => `item-${item.key}-${field}-error`;
          const fieldError = (field: (typeof FIELDS)[number]) => errors[`items.${index}.${field}`];
          const described = (field: (typeof FIELDS)[number]) => (fieldError(field) ? errorId(field) : undefined);
          const numberCell = ({ field, caption, type, inputMode, step }: (typeof NUMBER_CELLS)[number]) => (
            <StyledCell key={field}>
              <span>{field === 'rate' ? `${caption} (${sign})` : caption}</span>
              <StyledInput
                aria-label={`Item ${n} ${field}`}
                type={type}
                inputMode={inputMode}
                min={type === 'number' ? 0 : undefined}
                step={step}
                value={item[field]}
                aria-invalid={Boolean(fieldError(field))}
                aria-describedby={described(field)}
                onChange={(event) => form.setItem(index, field, event.target.value)}
              />
            </StyledCell>
          );
          return (
            <StyledRow key={item.key}>
              {/* Not a label: a click on a suggestion in its list must not go to the field. */}
              <StyledCell as="div">
                <span>Description</span>
                <ItemDescriptionField
                  tenantId={tenantId}
                  currency={currency}
                  value={item.description}
                  onChange={(text) => form.setItem(index, 'description', text)}
                  onPick={(product) => form.pickProduct(index, product)}
                  inputProps={{
                    'aria-label': `Item ${n} description`,
                    'aria-invalid': Boolean(fieldError('description')),
                    'aria-describedby': described('description'),
                    maxLength: DESCRIPTION_MAX,
                  }}
                />
              </StyledCell>
              {numberCell(NUMBER_CELLS[0])}
              <StyledCell>
                <span>Unit</span>
                <StyledSelect aria-label={`Item ${n} unit`} value={item.unit ?? ''} onChange={(event) => form.setItem(index, 'unit', event.target.value)}>
                  <option value="">—</option>
                  {PRODUCT_UNITS.map((value) => (
                    <option key={value} value={value}>
                      {unitCaption(productUnitLabel(value))}
                    </option>
                  ))}
                </StyledSelect>
              </StyledCell>
              {numberCell(NUMBER_CELLS[1])}
              <StyledCell as="div">
                <span aria-hidden="true">Amount</span>
                <output aria-label={`Item ${n} amount`}>{formatCurrency(amounts.item_amounts[index] ?? 0, currency)}</output>
              </StyledCell>
              <Button $variant="ghost" $size="sm" aria-label={`Remove item ${n}`} onClick={() => form.removeItem(index)}>
                <span aria-hidden="true">✕</span>
              </Button>
              {FIELDS.filter((field) => fieldError(field)).map((field) => (
                <StyledError key={field} id={errorId(field)}>{`Item ${n} ${field}: ${fieldError(field)}`}</StyledError>
              ))}
            </StyledRow>
          );
        })}
      </StyledList>
      {errors.items && <StyledError role="alert">{errors.items}</StyledError>}
      <Button $variant="secondary" $size="sm" onClick={form.addItem}>
        + Add Item
      </Button>
    </StyledItems>
  );
}
