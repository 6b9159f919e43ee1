import styled from 'styled-components';
import { Button, StyledInput, formatMoney } from '@app/shared';
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
  output { align-self: center; text-align: right; font-weight: 600; white-space: nowrap; }
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

const StyledError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.85rem;
`;

// Quantities are whole numbers; rates are dollars and cents.
const NUMBER_CELLS = [
  { field: 'quantity', inputMode: 'numeric', step: 1 },
  { field: 'rate', inputMode: 'decimal', step: 0.01 },
] as const;

/** The item rows: description, quantity and rate typed, the amount computed, and a way to remove each. */
export function ItemRows({ form }: { form: BuilderForm }) {
  const { values, errors, amounts } = form;
  return (
    <StyledItems>
      <legend className="visually-hidden">Items</legend>
      <StyledHead aria-hidden="true">
        <span>Description</span>
        <span>Qty</span>
        <span>Rate</span>
        <span>Amount</span>
      </StyledHead>
      <StyledList aria-label="Items">
        {values.items.map((item, index) => {
          const n = index + 1;
          const rowErrors = (['description', 'quantity', 'rate'] as const).map((field) => errors[`items.${index}.${field}`]).filter(Boolean);
          return (
            <StyledRow key={item.key}>
              <StyledInput
                aria-label={`Item ${n} description`}
                value={item.description}
                aria-invalid={Boolean(errors[`items.${index}.description`])}
                onChange={(event) => form.setItem(index, 'description', event.target.value)}
              />
              {NUMBER_CELLS.map(({ field, inputMode, step }) => (
                <StyledInput
                  key={field}
                  aria-label={`Item ${n} ${field}`}
                  type="number"
                  inputMode={inputMode}
                  min={0}
                  step={step}
                  value={item[field]}
                  aria-invalid={Boolean(errors[`items.${index}.${field}`])}
                  onChange={(event) => form.setItem(index, field, event.target.value)}
                />
              ))}
              <output aria-label={`Item ${n} amount`}>{formatMoney(amounts.item_amounts[index] ?? 0)}</output>
              <Button $variant="ghost" $size="sm" aria-label={`Remove item ${n}`} onClick={() => form.removeItem(index)}>
                <span aria-hidden="true">✕</span>
              </Button>
              {rowErrors.map((message) => (
                <StyledError key={message}>{`Item ${n}: ${message}`}</StyledError>
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
