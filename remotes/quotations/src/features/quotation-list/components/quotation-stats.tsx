import styled from 'styled-components';
import { Card, formatMoney } from '@app/shared';
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
`;

const STATS: { key: keyof QuotationSummary; label: string; money?: boolean }[] = [
  { key: 'total', label: 'Total Quotations' },
  { key: 'total_value', label: 'Total Value', money: true },
  { key: 'accepted', label: 'Accepted' },
  { key: 'pending', label: 'Pending' },
];

/** The four counters over every quotation of the tenant, whatever the search shows. */
export function QuotationStats({ summary }: { summary: QuotationSummary }) {
  return (
    <StyledStats aria-label="Quotation statistics">
      {STATS.map(({ key, label, money }) => (
        <StyledStat key={key} data-stat={key}>
          <dt>{label}</dt>
          <dd>{money ? formatMoney(summary[key]) : summary[key].toLocaleString('en-US')}</dd>
        </StyledStat>
      ))}
    </StyledStats>
  );
}
