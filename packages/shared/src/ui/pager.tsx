import styled from 'styled-components';
import { Button } from './button';

const StyledPager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

export interface PagerProps {
  /** Accessible name, e.g. 'Prospect pages'. */
  label: string;
  page: number;
  total: number;
  limit: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous/Next paging over a server-paged list; hidden when everything fits on one page. */
export function Pager({ label, page, total, limit, onPageChange, disabled }: PagerProps) {
  const pages = pageCount(total, limit);
  if (pages <= 1) return null;
  return (
    <StyledPager aria-label={label}>
      <Button $variant="secondary" $size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button $variant="secondary" $size="sm" disabled={disabled || page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </StyledPager>
  );
}
