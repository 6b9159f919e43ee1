import styled from 'styled-components';
import { Card, formatCurrency } from '@app/shared';
import { type QuotationSummary } from '@app/shared/forms';

const StyledStats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
`;

const StyledStat = styled(Card)`
  padding: ${({ theme }) => theme.space(4)};
  dt { font-size: 0.85rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: ${({ theme }) => theme.space(1)} 0 0; font-size: clamp(1.05rem, 4.5vw, 1.6rem); font-weight: 700; line-height: 1.2; white-space: nowrap; }
  dd small { display: block; margin-top: ${({ theme }) => theme.space(1)}; font-size: 0.8rem; font-weight: 400; white-space: normal; color: ${({ theme }) => theme.colors.textMuted}; }
`;

type Counter = 'total' | 'total_value' | 'accepted' | 'pending';
const COUNTS: { key: Exclude<Counter, 'total_value'>; label: string }[] = [
  { key: 'total', label: 'Total Quotations' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'pending', label: 'Pending' },
];

const count = (value: number) => value.toLocaleString('en-US');
const plural = (n: number) => (n === 1 ? 'quotation' : 'quotations');

/**
 * The four counters over every quotation of the tenant, whatever the search shows. The total value
 * adds up only the quotations in the tenant's currency, which it names; those made in another one
 * (before the tenant changed its currency) are said to be left out, never added in.
 */
export function QuotationStats({ summary }: { summary: QuotationSummary }) {
  const [total, ...others] = COUNTS;
  const stat = ({ key, label }: (typeof COUNTS)[number]) => (
    <StyledStat key={key} data-stat={key}>
      <dt>{label}</dt>
      <dd>{count(summary[key])}</dd>
    </StyledStat>
  );
  return (
    <StyledStats aria-label="Quotation statistics">
      {stat(total)}
      <StyledStat data-stat="total_value">
        <dt>Total Value ({summary.currency})</dt>
        <dd>
          {formatCurrency(summary.total_value, summary.currency)}
          {summary.other_currencies > 0 && (
            <small>
              Leaves out {count(summary.other_currencies)} {plural(summary.other_currencies)} in other currencies
            </small>
          )}
        </dd>
      </StyledStat>
      {others.map(stat)}
    </StyledStats>
  );
}
