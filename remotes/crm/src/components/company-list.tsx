import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage, ErrorPanel, MutedText, refusalDetail, toast } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { Pager } from '@app/shared/ui/pager';
import { RefreshButton } from '@app/shared/ui/refresh-button';
import { SearchField } from '@app/shared/ui/search-field';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from '@app/shared/contracts/constants';
// Not '@app/shared/forms': the list shows data and loads no zod; the forms bring it when opened.
import { fieldMessage } from '@app/shared/form/form-errors';
import type { Selection } from '../hooks/use-selection';
import { StyledFilter, StyledListFooter, StyledToolbar, StyledToolbarActions } from './layout';
import { ListSkeleton } from './list-skeleton';

/** A card with its row checkbox before it. */
const StyledSelectable = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  > input {
    width: 1.1rem;
    height: 1.1rem;
    margin: ${({ theme }) => theme.space(4)} 0 0;
    flex: 0 0 auto;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  > :last-child {
    flex: 1;
    min-width: 0;
  }
`;

const StyledSelectionBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    cursor: pointer;
  }
  input {
    width: 1.1rem;
    height: 1.1rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export type CompanyNoun = 'prospects' | 'leads';

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

export interface CompanyListViewProps<T extends { id: string; name: string }> {
  /** Names the list in its texts: 'Search prospects', 'Showing X of Y leads', 'Lead pages'. */
  noun: CompanyNoun;
  search: string;
  onSearchChange: (value: string) => void;
  /** The status or stage filter. */
  filter: ReactNode;
  /** Buttons before Refresh ('Manage Status') and after it ('Upload JSON', 'Add Prospect'). */
  leadingActions?: ReactNode;
  trailingActions: ReactNode;
  query: { data: unknown; error?: unknown; isPending: boolean; isError: boolean; isFetching: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  rows: readonly T[];
  /** The server's total for the search and filters. */
  total: number;
  empty: ReactNode;
  renderCard: (row: T) => ReactNode;
  page: number;
  onPageChange: (next: number | ((current: number) => number)) => void;
  /** Row checkboxes: the rows ticked, and what may be done with them (Assign to) beside the counter. */
  selection?: Selection;
  selectionActions?: ReactNode;
}

export interface CompanyToolbarProps extends Pick<
  CompanyListViewProps<{ id: string; name: string }>,
  'noun' | 'search' | 'onSearchChange' | 'filter' | 'leadingActions' | 'trailingActions'
> {
  onRefresh: () => void;
  refreshing: boolean;
  /** The server's reason for refusing the search or filters, shown under the search box. */
  searchError?: string;
}

/** The search box takes what the list contract takes (listQuerySchema's q). */
const SEARCH_MAX = SEARCH_MAX_LENGTH;

/** Search, filter and actions above a list (or the leads board). */
export function CompanyToolbar(props: CompanyToolbarProps) {
  return (
    <StyledToolbar>
      <SearchField
        label={`Search ${props.noun}`}
        placeholder="Search by name, email or phone..."
        value={props.search}
        maxLength={SEARCH_MAX}
        error={props.searchError}
        onChange={(event) => props.onSearchChange(event.target.value)}
      />
      <StyledFilter>{props.filter}</StyledFilter>
      <StyledToolbarActions>
        {props.leadingActions}
        <RefreshButton onRefresh={props.onRefresh} refreshing={props.refreshing} />
        {props.trailingActions}
      </StyledToolbarActions>
    </StyledToolbar>
  );
}

/** The prospects and leads tabs: search, filter and actions, the counter, the cards or their states, and the pager. */
export function CompanyListView<T extends { id: string; name: string }>(props: CompanyListViewProps<T>) {
  const { noun, query, rows, total, page, onPageChange, selection } = props;
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch, error } = query;
  // A refused search is the person's to change, not an outage to retry.
  const refusal = isError ? refusalDetail(error) : undefined;
  const refused = refusal && fieldMessage('q', refusal);

  // Deleting the last row of a later page would leave an empty page behind.
  useEffect(() => {
    if (data && !isPlaceholderData && rows.length === 0 && page > 1) onPageChange((current) => current - 1);
  }, [data, isPlaceholderData, rows.length, page, onPageChange]);

  let list: ReactNode;
  if (refused) list = null;
  else if (isPending) list = <ListSkeleton label={`Loading ${noun}...`} />;
  else if (isError) list = <ErrorPanel title={`Failed to load ${noun}`} message={`The ${noun} could not be loaded.`} onRetry={() => void refetch()} />;
  else if (rows.length === 0) list = props.empty;
  else
    list = (
      <CardGrid aria-label={capitalised(noun)} aria-busy={isFetching}>
        {rows.map((row) => (
          <li key={row.id}>
            {selection ? (
              <StyledSelectable>
                <input
                  type="checkbox"
                  aria-label={`Select ${row.name}`}
                  checked={selection.selected.has(row.id)}
                  onChange={(event) => selection.toggle(row.id, event.target.checked)}
                />
                {props.renderCard(row)}
              </StyledSelectable>
            ) : (
              props.renderCard(row)
            )}
          </li>
        ))}
      </CardGrid>
    );

  return (
    <>
      <CompanyToolbar {...props} onRefresh={() => void refetch()} refreshing={isFetching && !isPending} searchError={refused} />
      {data !== undefined && (
        <StyledListFooter>
          <MutedText role="status">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {noun}
          </MutedText>
          {selection && <SelectionBar noun={noun} rows={rows} selection={selection} actions={props.selectionActions} />}
        </StyledListFooter>
      )}
      {list}
      {data !== undefined && (
        <Pager
          label={`${capitalised(noun.slice(0, -1))} pages`}
          page={page}
          total={total}
          limit={PAGE_SIZE}
          onPageChange={onPageChange}
          disabled={isFetching}
        />
      )}
    </>
  );
}

/** Select all (the page shown), how many rows are ticked, and the actions on them. */
function SelectionBar({ noun, rows, selection, actions }: { noun: CompanyNoun; rows: readonly { id: string }[]; selection: Selection; actions: ReactNode }) {
  const pageIds = rows.map((row) => row.id);
  const ticked = pageIds.filter((id) => selection.selected.has(id)).length;
  return (
    <StyledSelectionBar>
      <label>
        <input
          type="checkbox"
          checked={pageIds.length > 0 && ticked === pageIds.length}
          ref={(input) => {
            if (input) input.indeterminate = ticked > 0 && ticked < pageIds.length;
          }}
          disabled={pageIds.length === 0}
          onChange={(event) => selection.togglePage(pageIds, event.target.checked)}
        />
        Select all on this page
      </label>
      {selection.selected.size > 0 && (
        <MutedText aria-live="polite">
          {selection.selected.size.toLocaleString('en-US')} {selection.selected.size === 1 ? noun.slice(0, -1) : noun} selected
        </MutedText>
      )}
      {actions}
    </StyledSelectionBar>
  );
}

type Entity = 'Prospect' | 'Lead';

/** The toasts of a pipeline stage change: the new stage's name on success, the server's detail or the default on failure. */
export const stageChangeToasts = (entity: Entity) => ({
  success: (stageName: string) =>
    toast({ title: 'Pipeline Stage Updated', description: `${entity} pipeline stage has been updated to "${stageName}".`, variant: 'success' }),
  failure: (failure: unknown) =>
    toast({
      title: 'Error Updating Pipeline Stage',
      description: errorMessage(failure, `Failed to update ${entity.toLowerCase()} pipeline stage. Please try again.`),
      variant: 'destructive',
    }),
});

/** The toasts of a delete. */
export const deleteToasts = (entity: Entity, name: string) => ({
  success: () => toast({ title: `${entity} deleted`, description: `${name} has been deleted.`, variant: 'success' }),
  failure: (failure: unknown) =>
    toast({ title: 'Error', description: errorMessage(failure, `Failed to delete ${entity.toLowerCase()}`), variant: 'destructive' }),
});
