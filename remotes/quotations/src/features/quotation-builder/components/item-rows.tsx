import styled from 'styled-components';
import { Button, StyledInput, currencySymbol, formatCurrency } from '@app/shared';
import type { BuilderForm } from '../hooks/use-builder-form';

const StyledItems = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.space(2)}; padding: 0; }
`;

const columns = 'minmax(0, 1fr) 5.5rem 7.5rem 7rem 2.5rem';

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
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
    > :first-child { grid-column: 1 / -1; }
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

const FIELDS = ['description', 'quantity', 'rate'] as const;

/** The item rows: description, quantity and rate typed, the amount computed, and a way to remove each. */
export function ItemRows({ form, currency }: { form: BuilderForm; currency: string }) {
  const { values, errors, amounts } = form;
  const unit = currencySymbol(currency);
  return (
    <StyledItems>
      <legend className="visually-hidden">Items</legend>
      <StyledHead aria-hidden="true">
        <span>Description</span>
        <span>Qty</span>
        <span>Rate ({unit})</span>
        <span>Amount ({unit})</span>
      </StyledHead>
      <StyledList aria-label="Items">
        {values.items.map((item, index) => {
          const n = index + 1;
          const errorId = (field: string) => `item-${item.key}-${field}-error`;
          const fieldError = (field: (typeof FIELDS)[number]) => errors[`items.${index}.${field}`];
          const described = (field: (typeof FIELDS)[number]) => (fieldError(field) ? errorId(field) : undefined);
          return (
            <StyledRow key={item.key}>
              <StyledCell>
                <span>Description</span>
                <StyledInput
                  aria-label={`Item ${n} description`}
                  value={item.description}
                  aria-invalid={Boolean(fieldError('description'))}
                  aria-describedby={described('description')}
                  onChange={(event) => form.setItem(index, 'description', event.target.value)}
                />
              </StyledCell>
              {NUMBER_CELLS.map(({ field, caption, type, inputMode, step }) => (
                <StyledCell key={field}>
                  <span>{field === 'rate' ? `${caption} (${unit})` : caption}</span>
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
              ))}
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
