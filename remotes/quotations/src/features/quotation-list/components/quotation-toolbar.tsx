import { Button, SelectField, Spinner } from '@app/shared';
import { SearchField } from '@app/shared/ui/search-field';
import { maxLengthOf, QUOTATION_STATUSES, quotationListQuerySchema, type QuotationStatus } from '@app/shared/forms';
import { statusLabel } from '../../../components/status-badge';
import { ListFilter as StyledFilter, ListToolbar as StyledToolbar } from '../../../components/list-toolbar';

export type StatusFilter = QuotationStatus | 'all';

const SEARCH_MAX = maxLengthOf(quotationListQuerySchema.shape.q);

export interface QuotationToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  refreshing: boolean;
  onRefresh: () => void;
  /** The server's reason for refusing the search, shown under the box. */
  searchError?: string;
}

export function QuotationToolbar({ search, onSearchChange, status, onStatusChange, refreshing, onRefresh, searchError }: QuotationToolbarProps) {
  return (
    <StyledToolbar>
      <SearchField
        label="Search quotations"
        placeholder="Search by title, client or number..."
        value={search}
        maxLength={SEARCH_MAX}
        error={searchError}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <StyledFilter>
        <SelectField label="Status" value={status} onChange={(event) => onStatusChange(event.target.value as StatusFilter)}>
          <option value="all">All statuses</option>
          {QUOTATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </SelectField>
      </StyledFilter>
      <Button $variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
        {refreshing ? <Spinner aria-hidden="true" /> : <span aria-hidden="true">↻</span>}
        Refresh
      </Button>
    </StyledToolbar>
  );
}
