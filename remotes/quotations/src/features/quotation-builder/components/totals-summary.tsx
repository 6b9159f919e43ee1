import styled from 'styled-components';
import { formatCurrency } from '@app/shared';
import { type QuotationAmounts } from '@app/shared/staff';

const StyledTotals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0 0 0 auto;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  width: min(100%, 20rem);
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; font-size: 1.1rem; }
`;

/** Subtotal, discount, tax and total as they stand while the rows are typed, in the quotation's currency. */
export function TotalsSummary({ amounts, currency }: { amounts: QuotationAmounts; currency: string }) {
  const formatMoney = (amount: number) => formatCurrency(amount, currency);
  return (
    <StyledTotals aria-label="Totals" aria-live="polite">
      <dt>Subtotal</dt>
      <dd>{formatMoney(amounts.subtotal)}</dd>
      <dt>Discount</dt>
      <dd>−{formatMoney(amounts.discount_amount)}</dd>
      <dt>Tax</dt>
      <dd>{formatMoney(amounts.tax_amount)}</dd>
      <dt className="total">Total ({currency})</dt>
      <dd className="total">{formatMoney(amounts.total)}</dd>
    </StyledTotals>
  );
}
